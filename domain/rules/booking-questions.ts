// The farm's questions at booking (vehicle registration, rig length, arrival
// time...): Settings says which to ask and whether each must be answered;
// step 2 online and the front desk's form ask them. What a booking keeps is
// the question as it was asked and the answer, so a later rewording does not
// change what the guest said.

import { controlCharacterMessage, isPlainText } from "#domain/forms/plain-text.ts";

/** How a question is answered: a line, a time of day, or a few lines. */
export const questionKinds = ["text", "time", "long"] as const;
export type QuestionKind = (typeof questionKinds)[number];

/** A question the farm asks, as Settings keeps it. */
export type BookingQuestion = {
  /** Stable name of its form field: a preset's, or `custom-<n>`. */
  id: string;
  question: string;
  required: boolean;
  kind: QuestionKind;
};

/** The questions most campgrounds ask, offered in Settings by name. */
export const PRESET_QUESTIONS: readonly Omit<BookingQuestion, "required">[] = [
  { id: "vehicle-registration", question: "Vehicle registration", kind: "text" },
  { id: "rig-length", question: "Caravan or rig length", kind: "text" },
  { id: "arrival-time", question: "Expected arrival time", kind: "time" },
  { id: "anything-else", question: "Anything else we should know?", kind: "long" },
];

/** The farm's own questions Settings has room for, after the presets. */
export const CUSTOM_QUESTION_SLOTS = 3;
export const customQuestionId = (slot: number) => `custom-${slot}`;

/** The longest answer: a paragraph for 'long', a line otherwise. */
export const answerLength = (kind: QuestionKind) => (kind === "long" ? 1000 : 100);

/** One answer, with the question's wording at the time it was asked. */
export type GuestAnswer = { question: string; answer: string };

/** The form field of a question's answer (step 2 and the front desk's form). */
export const answerField = (id: string) => `answer:${id}`;

/** "Vehicle registration (required)" */
export const questionWithAsk = (q: Pick<BookingQuestion, "question" | "required">) =>
  `${q.question} (${q.required ? "required" : "optional"})`;

export const missingAnswerMessage = (q: Pick<BookingQuestion, "question">) =>
  `Please answer: ${q.question}`;

/**
 * The answers to the questions asked, in the questions' order; answers to
 * questions not asked are dropped. `problems` names each required question
 * left blank and each answer too long (the front desk passes `required: false`: a caller on the phone
 * may not know their registration yet).
 */
export function answersTo(
  questions: readonly BookingQuestion[],
  given: Readonly<Record<string, string>>,
  { required = true } = {},
): { answers: GuestAnswer[]; problems: Record<string, string> } {
  const answers: GuestAnswer[] = [];
  const problems: Record<string, string> = {};
  for (const q of questions) {
    const answer = (Object.hasOwn(given, q.id) ? given[q.id] : "")?.trim() ?? "";
    const field = answerField(q.id);
    if (answer.length > answerLength(q.kind))
      problems[field] = `${q.question}: at most ${answerLength(q.kind)} characters, please.`;
    else if (!isPlainText(answer, { multiline: q.kind === "long" }))
      problems[field] = controlCharacterMessage(q.question);
    else if (answer) answers.push({ question: q.question, answer });
    else if (required && q.required) problems[field] = missingAnswerMessage(q);
  }
  return { answers, problems };
}

/** The `answer:<id>` fields of a posted form, as the answers record. */
export function answersOfForm(values: Readonly<Record<string, string>>): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key.startsWith("answer:")) answers[key.slice("answer:".length)] = value;
  }
  return answers;
}

/** The farm's note and the guest's answers, one line each, for Today and the run sheet. */
export function stayNotes(farmNote: string, answers: readonly GuestAnswer[]): string[] {
  const said = answers
    .filter((a) => a.answer.trim() !== "")
    .map((a) => `${a.question}: ${a.answer}`);
  return farmNote.trim() ? [...said, `Farm note: ${farmNote.trim()}`] : said;
}
