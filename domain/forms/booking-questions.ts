// The questions at booking as forms see them: the list Settings keeps, the
// Settings card that picks them ('ask:<id>' not asked, optional or required,
// and the wording of the farm's own), and the answers a booking request
// carries (checked against the questions by `answersTo` on the server).

import {
  type BookingQuestion,
  CUSTOM_QUESTION_SLOTS,
  customQuestionId,
  PRESET_QUESTIONS,
  questionKinds,
} from "#domain/rules/booking-questions.ts";
import { optionalText } from "./form-fields";
import { plainText } from "./plain-text";
import { z } from "./zod";

const questionId = z.string().regex(/^[a-z0-9-]{1,40}$/, "A question's id is letters and dashes.");

/** The questions as Settings keeps them, in the order they are asked. */
export const bookingQuestionsSchema = z
  .array(
    z.object({
      id: questionId,
      question: z
        .string()
        .trim()
        .min(1)
        .max(120)
        .refine(...plainText("The question")),
      required: z.boolean(),
      kind: z.enum(questionKinds),
    }),
  )
  .max(PRESET_QUESTIONS.length + CUSTOM_QUESTION_SLOTS)
  .refine((list) => new Set(list.map((q) => q.id)).size === list.length, "Each question once.");

/** A fresh install asks when the camper will arrive and whether there is anything else, neither required. */
export const DEFAULT_BOOKING_QUESTIONS: BookingQuestion[] = PRESET_QUESTIONS.filter(
  (q) => q.id === "arrival-time" || q.id === "anything-else",
).map((q) => ({ ...q, required: false }));

export const askChoices = ["no", "optional", "required"] as const;
export type AskChoice = (typeof askChoices)[number];
export const askLabels: Record<AskChoice, string> = {
  no: "Not asked",
  optional: "Optional",
  required: "Required",
};

const customIds = Array.from({ length: CUSTOM_QUESTION_SLOTS }, (_, i) => customQuestionId(i + 1));
// Absent when the form has no card; a card's select always posts one.
const askField = z.enum(askChoices, { error: "Choose whether to ask it." }).optional();

/** The Settings card's fields: one 'ask:<id>' per question, a 'question:<id>' per custom one. */
export const questionCardFields = Object.fromEntries([
  ...[...PRESET_QUESTIONS.map((q) => q.id), ...customIds].map((id) => [`ask:${id}`, askField]),
  ...customIds.map((id) => [`question:${id}`, optionalText("Your question", 120)]),
]) as Record<string, typeof askField | ReturnType<typeof optionalText>>;

/**
 * The questions the card asks for, in order: the presets, then the farm's own.
 * Undefined when the form has no card (a form that does not show the
 * questions leaves them as they are); a custom question asked without its
 * wording is an issue on its field.
 */
export function questionsOfCard(
  form: Record<string, unknown>,
  ctx: z.RefinementCtx,
): BookingQuestion[] | undefined {
  if (!Object.keys(form).some((key) => key.startsWith("ask:") && form[key] !== undefined))
    return undefined;
  const ask = (id: string) => (form[`ask:${id}`] as AskChoice | undefined) ?? "no";
  const asked = (id: string) => ask(id) !== "no";
  const presets = PRESET_QUESTIONS.filter((q) => asked(q.id)).map((q) => ({
    ...q,
    required: ask(q.id) === "required",
  }));
  const custom: BookingQuestion[] = [];
  for (const id of customIds.filter(asked)) {
    const question = String(form[`question:${id}`] ?? "");
    if (question) custom.push({ id, question, kind: "text", required: ask(id) === "required" });
    else ctx.addIssue({ code: "custom", path: [`question:${id}`], message: "Write the question." });
  }
  return [...presets, ...custom];
}

/** The card's own keys, left out of the other settings. */
export const isQuestionCardField = (key: string) =>
  key.startsWith("ask:") || key.startsWith("question:");

/**
 * A booking request's answers: question id to answer. Each is checked against
 * its question by `answersTo` on the server, which names its `answer:<id>`
 * field; an answer to a question not asked is dropped there.
 */
export const answersField = z
  .record(
    z.string().max(100, "That is not a question asked here."),
    z
      .string({ error: "Each answer is text." })
      .max(5000, "An answer can be at most 1000 characters."),
    { error: "Answers are a list of question and answer." },
  )
  .refine((answers) => Object.keys(answers).length <= 20, "Too many answers.")
  .default({});
