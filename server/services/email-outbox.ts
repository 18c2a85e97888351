// The email outbox (amendment 2.13): every outgoing email is written here in
// the same transaction as the change that caused it; a worker sends it.
import { type SQL, sql } from "drizzle-orm";
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
/** How long a claimed email is left alone by other workers; renewed while it is being sent. */
const CLAIM_SECONDS = 120;

/** Exponential backoff: 30 s, 1 min, 2 min, ... capped at 6 hours. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(LONGEST_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1));
}

/** Runs `renew` every `ms` until the returned function stops it. */
export type Heartbeat = (ms: number, renew: () => Promise<void>) => () => void;

const timerHeartbeat: Heartbeat = (ms, renew) => {
  const timer = setInterval(() => void renew(), ms);
  timer.unref();
  return () => clearInterval(timer);
};

export type OutboxRunOptions = {
  limit?: number;
  claimSeconds?: number;
  /** The time claims are made and read against; the database's clock unless a test moves it. */
  clock?: () => Date;
  heartbeat?: Heartbeat;
};

/**
 * A claim is the email's id and its attempt count once claimed: every claim
 * counts an attempt, so another process's later claim of the same email is
 * told apart from ours.
 */
type Claim = { id: string; attempts: number };

const isOurs = (claims: Claim[]) =>
  sql`status = 'pending' and (id, attempts) in (${sql.join(
    claims.map((c) => sql`(${c.id}::uuid, ${c.attempts}::int)`),
    sql`, `,
  )})`;

/**
 * Sends the emails that are due, oldest first. Each is claimed (pushed into
 * the future) before it is sent, so several app processes never send one
 * twice at once; while this run holds claims, a heartbeat renews them every
 * third of the claim, so a slow mail server does not let another process
 * take them, and a process that died loses them when the claim runs out. A
 * failure is retried later with backoff, and given up after MAX_EMAIL_ATTEMPTS.
 */
export async function sendDueEmails(
  db: Executor,
  mailer: Mailer,
  from: string,
  options: OutboxRunOptions = {},
): Promise<{ sent: number; failed: number }> {
  const { limit = 20, claimSeconds = CLAIM_SECONDS, heartbeat = timerHeartbeat } = options;
  const clock = options.clock;
  const now = () => (clock ? sql`${clock().toISOString()}::timestamptz` : sql`now()`);
  const held = await claimDue(db, now(), claimSeconds, limit);
  const stop = heartbeat((claimSeconds * 1000) / 3, () =>
    renewClaims(db, held, now(), claimSeconds),
  );
  const counts = { sent: 0, failed: 0 };
  try {
    for (const claim of [...held]) {
      const outcome = await sendClaimed(db, mailer, from, claim, now);
      held.splice(held.indexOf(claim), 1);
      if (outcome !== "lost") counts[outcome]++;
    }
  } finally {
    stop();
  }
  return counts;
}

async function claimDue(db: Executor, now: SQL, claimSeconds: number, limit: number) {
  const claimed = await db.execute(sql`
    update ${emailOutbox}
    set next_attempt_at = ${now} + make_interval(secs => ${claimSeconds}),
        attempts = attempts + 1
    where id in (
      select id from ${emailOutbox} o
      where status = 'pending' and next_attempt_at <= ${now}
        -- One booking's emails to one address go out in the order they were queued: the
        -- confirmation before its change, a calendar's PUBLISH before its CANCEL.
        and not exists (
          select 1 from ${emailOutbox} earlier
          where earlier.booking_id = o.booking_id and earlier.to_address = o.to_address
            and earlier.status = 'pending' and earlier.queue_order < o.queue_order)
      order by next_attempt_at, queue_order
      limit ${limit}
      for update skip locked
    )
    returning id, attempts`);
  return rowsOf<Claim>(claimed);
}

/** Pushes the claims still held forward; one that another process took is left alone. */
async function renewClaims(db: Executor, held: Claim[], now: SQL, claimSeconds: number) {
  if (held.length === 0) return;
  await db
    .execute(sql`
      update ${emailOutbox}
      set next_attempt_at = ${now} + make_interval(secs => ${claimSeconds})
      where ${isOurs(held)}`)
    .catch((error: unknown) => log.warn({ err: error }, "could not renew the outbox's claims"));
}

/** Sends one claimed email and records how it went, if the claim is still ours. */
async function sendClaimed(
  db: Executor,
  mailer: Mailer,
  from: string,
  claim: Claim,
  now: () => SQL,
): Promise<"sent" | "failed" | "lost"> {
  const [email] = await db
    .select()
    .from(emailOutbox)
    .where(isOurs([claim]));
  if (!email) return "lost";
  let error: unknown;
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
  } catch (caught) {
    error = caught ?? "the mailer failed";
  }
  const recorded = await db
    .update(emailOutbox)
    .set(error === undefined ? sentNow(now()) : retryLater(email.attempts, error, now()))
    .where(isOurs([claim]))
    .returning({ id: emailOutbox.id });
  if (recorded.length === 0) {
    log.warn({ emailId: claim.id }, "the claim on an email ran out while it was being sent");
    return "lost";
  }
  if (error === undefined) return "sent";
  const giveUp = email.attempts >= MAX_EMAIL_ATTEMPTS;
  // The mail server's words can quote the recipient: the log keeps its codes, the outbox row its text.
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  log.warn(
    { code, responseCode, emailId: claim.id, attempts: email.attempts, giveUp },
    "email not sent",
  );
  return "failed";
}

const sentNow = (now: SQL) => ({ status: "sent" as const, sentAt: now, lastError: null });

function retryLater(attempts: number, error: unknown, now: SQL) {
  return {
    status: attempts >= MAX_EMAIL_ATTEMPTS ? ("failed" as const) : ("pending" as const),
    lastError: error instanceof Error ? error.message.slice(0, 1000) : String(error),
    nextAttemptAt: sql`${now} + make_interval(secs => ${retryDelaySeconds(attempts)})`,
  };
}
