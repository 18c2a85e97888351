// The email outbox (amendment 2.13): every outgoing email is written here in
// the same transaction as the change that caused it; a worker sends it.
import { eq, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { rowsOf, theRow } from "#server/db/rows.ts";
import { emailOutbox } from "#server/db/schema.ts";
import { log } from "#server/log.ts";
import type { Mailer } from "#server/mail/index.ts";
import { htmlOfText } from "#server/mail/templates/plain-message.tsx";

export type OutgoingEmail = {
  kind: string;
  to: string;
  subject: string;
  text: string;
  /** Left out, the text in the farm's frame (templates/plain-message.tsx). */
  html?: string;
  replyTo?: string;
  bookingId?: string;
  /** Binary content (a PDF) is stored in base64, with `encoding: "base64"`. */
  attachments?: { filename: string; contentType: string; content: string; encoding?: "base64" }[];
};

export async function enqueueEmail(db: Executor, email: OutgoingEmail): Promise<string> {
  const row = theRow(
    await db
      .insert(emailOutbox)
      .values({
        kind: email.kind,
        toAddress: email.to,
        replyTo: email.replyTo,
        subject: email.subject,
        textBody: email.text,
        // Every email has both parts: one written as text gets the farm's frame around it.
        htmlBody: email.html ?? (await htmlOfText(email.text)),
        bookingId: email.bookingId,
        attachments: email.attachments ?? [],
      })
      .returning({ id: emailOutbox.id }),
    "the queued email",
  );
  return row.id;
}

// ------------------------------------------------------------------ worker

/** Attempts before an email is given up as `failed` (about a day of retries). */
export const MAX_EMAIL_ATTEMPTS = 10;
const FIRST_RETRY_SECONDS = 30;
const LONGEST_RETRY_SECONDS = 6 * 3600;
/** How long a claimed email is left alone by other workers while it is being sent. */
const CLAIM_SECONDS = 120;

/** Exponential backoff: 30 s, 1 min, 2 min, ... capped at 6 hours. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(LONGEST_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends the emails that are due, oldest first. Each is claimed (pushed into
 * the future) before it is sent, so several app processes never send one
 * twice at once; a failure is retried later with backoff, and given up after
 * MAX_EMAIL_ATTEMPTS.
 */
export async function sendDueEmails(
  db: Executor,
  mailer: Mailer,
  from: string,
  limit = 20,
): Promise<{ sent: number; failed: number }> {
  const claimed = await db.execute<{ id: string }>(sql`
    update ${emailOutbox}
    set next_attempt_at = now() + make_interval(secs => ${CLAIM_SECONDS}),
        attempts = attempts + 1
    where id in (
      select id from ${emailOutbox}
      where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at, created_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = rowsOf<{ id: string }>(claimed).map((r) => r.id);
  let sent = 0;
  let failed = 0;
  for (const id of ids) {
    const [email] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    if (!email) continue;
    try {
      await mailer.send({
        to: email.toAddress,
        from,
        replyTo: email.replyTo,
        subject: email.subject,
        text: email.textBody,
        html: email.htmlBody,
        attachments: email.attachments,
      });
      await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: new Date(), lastError: null })
        .where(eq(emailOutbox.id, id));
      sent++;
    } catch (error) {
      failed++;
      const giveUp = email.attempts >= MAX_EMAIL_ATTEMPTS;
      await db
        .update(emailOutbox)
        .set({
          status: giveUp ? "failed" : "pending",
          lastError: error instanceof Error ? error.message.slice(0, 1000) : String(error),
          nextAttemptAt: new Date(Date.now() + retryDelaySeconds(email.attempts) * 1000),
        })
        .where(eq(emailOutbox.id, id));
      log.warn({ err: error, emailId: id, attempts: email.attempts, giveUp }, "email not sent");
    }
  }
  return { sent, failed };
}
