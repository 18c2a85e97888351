import { describe, expect, it } from "vitest";
import { faqFormSchema } from "./faq";
import { parseForm } from "./form-fields";

describe("the FAQ editor's form", () => {
  it("reads the questions in order, the policy's without an answer", () => {
    const parsed = parseForm(faqFormSchema, {
      "question-0": " Dogs? ",
      "answer-0": "On a leash.\n\nAlways.",
      "question-1": "Refunds?",
      "policy-1": "on",
    });
    expect(parsed).toEqual({
      ok: true,
      data: [
        { question: "Dogs?", answer: "On a leash.\n\nAlways." },
        { question: "Refunds?", answer: null },
      ],
    });
  });

  it("names each field's first problem, and asks for the policy's question", () => {
    const parsed = parseForm(faqFormSchema, {
      "question-0": "",
      "answer-0": "x".repeat(2_001),
      "question-1": "Bell\u0007?",
      "answer-1": "Yes.",
      "question-2": "Who runs {farm}?",
      "answer-2": "We do.",
    });
    expect(parsed).toEqual({
      ok: false,
      errors: {
        "question-0": "Question 1 is required",
        "answer-0": "Answer 1 must be at most 2000 characters",
        "question-1":
          "Question 2 has a character that cannot be used here (a control character). Please type it again.",
        "question-2": "Question 3 cannot use words in braces such as {farm}: write them out",
        form: "Keep the cancellation policy's question: its answer is written from your policy",
      },
    });
  });
});
