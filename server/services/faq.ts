// The FAQ as the farm publishes it (issue 30, item 4), by version like the
// farm's details; the first-run questions are content/faq.ts's. The
// cancellation question's answer is written from the policy the booking engine
// applies (Settings), never kept as text.
import { defaultFaq, type FaqEntry } from "#content/faq.ts";
import { myBookingPage, WHAT_TO_BRING_QUESTION } from "#content/my-booking.ts";
import { type FaqItem, faqSchema } from "#domain/forms/faq.ts";
import { defaultSettings } from "#domain/forms/settings.ts";
import { policyInGeneral, policyOfSettings } from "#domain/rules/cancellation-policy.ts";
import type { Database, Executor } from "#server/db/client.ts";
import type { AuditActor } from "./audit-log";
import { getSettings } from "./settings";
import {
  type ContentPiece,
  type ContentVersion,
  contentHistory,
  liveContent,
  publishContent,
  restoreContent,
} from "./site-content";

const piece: ContentPiece<FaqItem[]> = { key: "faq", schema: faqSchema };

/** The questions as the farm keeps them, in order. */
export async function liveFaq(db: Executor): Promise<FaqItem[]> {
  return (await liveContent(db, piece)) ?? defaultFaq;
}

/** The FAQ as a fresh install shows it, with the default policy's words. */
export function firstRunFaq(): FaqEntry[] {
  const policy = firstRunPolicyWords();
  return defaultFaq.map((item) => ({ question: item.question, answer: item.answer ?? policy }));
}

export const firstRunPolicyWords = () => policyInGeneral(policyOfSettings(defaultSettings));

/** The cancellation policy in the words the FAQ and the Terms use. */
export async function cancellationPolicyWords(db: Executor): Promise<string> {
  return policyInGeneral(policyOfSettings(await getSettings(db)));
}

/** The questions with their answers as the public reads them. */
export async function faqForPage(db: Executor): Promise<FaqEntry[]> {
  const [items, policy] = await Promise.all([liveFaq(db), cancellationPolicyWords(db)]);
  return items.map((item) => ({ question: item.question, answer: item.answer ?? policy }));
}

export async function publishFaq(db: Database, actor: AuditActor, items: FaqItem[]): Promise<void> {
  await publishContent(db, actor, piece, items, { questions: items.length });
}

/** Publishes an earlier version again; false when there is no such version. */
export function restoreFaq(db: Database, actor: AuditActor, versionId: string) {
  return restoreContent(db, piece, versionId, (items) => publishFaq(db, actor, items));
}

export function faqHistory(db: Executor): Promise<ContentVersion<FaqItem[]>[]> {
  return contentHistory(db, piece);
}

/** The FAQ's answer to what to bring, as the camper's own page shows it; the first-run one if the farm took the question out. */
export async function whatToBring(db: Executor): Promise<string> {
  const asked = (await liveFaq(db)).find((item) => item.question === WHAT_TO_BRING_QUESTION);
  return asked?.answer ?? myBookingPage.whatToBring;
}
