// The booking engine's background workers: the email outbox sender, the
// pruning of rate-limit counters and the documents of bookings sold before
// documents were issued (the hold sweeper is payments/sweeper.ts's).
// Registered in server/app.ts.
import { env } from "#server/config.ts";
import { createSmtpMailer, type Mailer } from "#server/mail/index.ts";
import type { Worker } from "#server/workers.ts";
import { sendDueEmails } from "./email-outbox";
import { pruneSubmissions } from "./form-submissions";
import { pruneRateLimits } from "./rate-limit";
import { catchUpDocuments } from "./tax-documents";

/** Rate-limit counters of windows long over: hourly. */
export const rateLimitPruner: Worker = {
  name: "rate-limit-pruner",
  intervalMs: 60 * 60 * 1000,
  run: async ({ db }) => {
    await pruneRateLimits(db);
    await pruneSubmissions(db);
  },
};

let mailer: Mailer | undefined;

/** Without SMTP_URL the emails stay in the outbox, visible to administrators. */
export const emailOutboxWorker: Worker = {
  name: "email-outbox",
  intervalMs: 5_000,
  run: async ({ db }) => {
    const { SMTP_URL, MAIL_FROM } = env();
    if (!SMTP_URL) return;
    mailer ??= createSmtpMailer(SMTP_URL);
    // Keep going while a full batch was due, so a backlog drains quickly.
    for (let round = 0; round < 10; round++) {
      const { sent, failed } = await sendDueEmails(db, mailer, MAIL_FROM);
      if (sent + failed < 20) break;
    }
  },
};

/** How far this process has gone through the bookings sold before documents; null once done. */
let documentsAfter: string | undefined | null;

/**
 * Once per process, page by page: the invoices (and notes) of bookings sold
 * before invoices were issued, so that no period gains documents later. New
 * sales issue their own; a read catches up any other. One page of 200 each
 * run, a trickle beside the visitors (issue 32, item 3): the accountant's
 * export catches up its own days at once.
 */
export const documentCatchUp: Worker = {
  name: "document-catch-up",
  intervalMs: 10_000,
  run: async ({ db }) => {
    if (documentsAfter !== null)
      documentsAfter = (await catchUpDocuments(db, { after: documentsAfter })) ?? null;
  },
};
