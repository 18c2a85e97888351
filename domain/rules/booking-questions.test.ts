import { describe, expect, it } from "vitest";
import { answersOfForm, answersTo, type BookingQuestion, stayNotes } from "./booking-questions";

const questions: BookingQuestion[] = [
  { id: "vehicle-registration", question: "Vehicle registration", kind: "text", required: true },
  { id: "anything-else", question: "Anything else we should know?", kind: "long", required: false },
];

describe("the answers to the farm's questions", () => {
  it("keeps each answer with the question as asked, in the questions' order, dropping others", () => {
    const given = { "anything-else": " Two kayaks ", "vehicle-registration": "123ABC", x: "?" };
    expect(answersTo(questions, given)).toEqual({
      answers: [
        { question: "Vehicle registration", answer: "123ABC" },
        { question: "Anything else we should know?", answer: "Two kayaks" },
      ],
      problems: {},
    });
  });

  it("names a required question left blank, unless the caller waives it", () => {
    expect(answersTo(questions, { "vehicle-registration": "  " }).problems).toEqual({
      "answer:vehicle-registration": "Please answer: Vehicle registration",
    });
    expect(answersTo(questions, {}, { required: false })).toEqual({ answers: [], problems: {} });
  });

  it("refuses an answer longer than its kind takes: a line, or a paragraph", () => {
    const long = answersTo(questions, { "vehicle-registration": "x".repeat(101) });
    expect(long.problems["answer:vehicle-registration"]).toBe(
      "Vehicle registration: at most 100 characters, please.",
    );
    const paragraph = { "vehicle-registration": "1", "anything-else": "y\nz".repeat(300) };
    expect(answersTo(questions, paragraph).problems).toEqual({});
    expect(answersTo(questions, { "vehicle-registration": "AB\u0007C" }).problems).toEqual({
      "answer:vehicle-registration": expect.stringContaining("control character"),
    });
  });

  it("reads the answer:<id> fields of a form, and shows the answers with the farm's note", () => {
    expect(answersOfForm({ "answer:rig-length": "7 m", firstName: "Ada" })).toEqual({
      "rig-length": "7 m",
    });
    expect(stayNotes(" Gate code 4411 ", [{ question: "Rig", answer: "7 m" }])).toEqual([
      "Rig: 7 m",
      "Farm note: Gate code 4411",
    ]);
  });
});
