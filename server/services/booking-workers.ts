// The booking engine's background workers: the email outbox sender and the
// pruning of rate-limit counters (the hold sweeper is payments/sweeper.ts's).
// Registered in server/app.ts.
import { env } from "#server/config.ts";
import { createSmtpMailer, type Mailer } from "#server/mail/index.ts";
import type { Worker } from "#server/workers.ts";
import { sendDueEmails } from "./email-outbox";
import { pruneSubmissions } from "./form-submissions";
import { pruneRateLimits } from "./rate-limit";

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
