// The FAQ editor's form (issue 30, item 4): the questions in their order, as
// fields named by position (question-0, answer-0, policy-0 …). The question
// marked policy-N has no answer of its own: the FAQ page writes it from the
// cancellation policy. The same schema runs in the browser and the action.
import { literalText } from "./form-fields";
import { z } from "./zod";

/** A question as the farm keeps it: an answer of null is the cancellation policy's own words. */
export type FaqItem = { question: string; answer: string | null };

export const MAX_FAQ_ITEMS = 40;
const MAX_QUESTION = 200;
const MAX_ANSWER = 2_000;

/** The FAQ as it is kept: questions in order, exactly one of them the cancellation policy's. */
export const faqSchema = z
  .array(
    z.object({
      question: z.string().min(1).max(MAX_QUESTION),
      answer: z.string().min(1).max(MAX_ANSWER).nullable(),
    }),
  )
  .min(1)
  .max(MAX_FAQ_ITEMS)
  .refine((items) => items.filter((item) => item.answer === null).length === 1);

type Ctx = z.RefinementCtx;

/** The form's field `name` as required text (lines allowed), its first problem told under its name. */
function textAt(
  values: Record<string, unknown>,
  name: string,
  label: string,
  max: number,
  ctx: Ctx,
): string {
  const read = literalText(label, max, { multiline: true }).safeParse(values[name]);
  if (read.success) return read.data;
  ctx.addIssue({ code: "custom", path: [name], message: read.error.issues[0]?.message ?? "" });
  return "";
}

export const faqFormSchema = z
  .record(z.string(), z.unknown())
  .transform((values, ctx): FaqItem[] => {
    const count = Object.keys(values).filter((name) => /^question-\d+$/.test(name)).length;
    if (count === 0)
      ctx.addIssue({ code: "custom", path: ["form"], message: "Keep at least one question" });
    if (count > MAX_FAQ_ITEMS) {
      ctx.addIssue({
        code: "custom",
        path: ["form"],
        message: `The FAQ can have at most ${MAX_FAQ_ITEMS} questions`,
      });
    }
    const items: FaqItem[] = [];
    for (let i = 0; i < Math.min(count, MAX_FAQ_ITEMS); i++) {
      const question = textAt(values, `question-${i}`, `Question ${i + 1}`, MAX_QUESTION, ctx);
      const policy = values[`policy-${i}`] === "on";
      const answer = policy
        ? null
        : textAt(values, `answer-${i}`, `Answer ${i + 1}`, MAX_ANSWER, ctx);
      items.push({ question, answer });
    }
    if (count > 0 && items.filter((item) => item.answer === null).length !== 1) {
      ctx.addIssue({
        code: "custom",
        path: ["form"],
        message: "Keep the cancellation policy's question: its answer is written from your policy",
      });
    }
    return items;
  });
