// The Messages screen (amendment 4): contact messages read, answered through
// the outbox and ticked off, and the outbox itself read and re-queued, so a
// farm without a mail server loses nothing and one with it sees what failed.
// Each change is one transaction with its audit entry.
import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { type SiteConfig, siteConfig } from "#content/site.ts";
import { formatFarmDateTime } from "#domain/format/dates.ts";
import {
  EMAIL_NOT_FOUND,
  MESSAGE_NOT_FOUND,
  MESSAGES_PAGE_SIZE,
  type MessageFilter,
  type OutboxFilter,
  type ReplyInput,
} from "#domain/forms/messages.ts";
import { isRowId } from "#domain/forms/row-id.ts";
import type { Database, Executor, Tx } from "#server/db/client.ts";
import { contactMessages, emailOutbox, emailStatuses } from "#server/db/schema.ts";
import { conflict, invalid } from "#server/errors.ts";
import { type AuditActor, recordAudit } from "./audit-log";
import { enqueueEmail } from "./email-outbox";

export type EmailStatus = (typeof emailStatuses)[number];
export type Paged<T> = { rows: T[]; total: number; page: number; pageCount: number };

const pageOf = async <T>(
  rows: (offset: number) => Promise<T[]>,
  total: number,
  page: number,
): Promise<Paged<T>> => {
  const pageCount = Math.max(1, Math.ceil(total / MESSAGES_PAGE_SIZE));
  const shown = Math.min(page, pageCount);
  return { rows: await rows((shown - 1) * MESSAGES_PAGE_SIZE), total, page: shown, pageCount };
};

// ------------------------------------------------------- contact messages

export type ContactMessageRow = typeof contactMessages.$inferSelect;

const unhandledOnly = (filter: MessageFilter): SQL | undefined =>
  filter === "unhandled" ? isNull(contactMessages.handledAt) : undefined;

/** Newest first, a page at a time. */
export async function listContactMessages(
  db: Executor,
  { filter, page }: { filter: MessageFilter; page: number },
): Promise<Paged<ContactMessageRow>> {
  const where = unhandledOnly(filter);
  const [total] = await db.select({ n: count() }).from(contactMessages).where(where);
  return pageOf(
    (offset) =>
      db
        .select()
        .from(contactMessages)
        .where(where)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(MESSAGES_PAGE_SIZE)
        .offset(offset),
    total?.n ?? 0,
    page,
  );
}

/** For the sidebar and the filter: one count on a partial index. */
export async function countUnhandledMessages(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(isNull(contactMessages.handledAt));
  return row?.n ?? 0;
}

async function lockMessage(tx: Tx, id: string): Promise<ContactMessageRow> {
  const found = isRowId(id)
    ? await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for("update")
    : [];
  const [message] = found;
  if (!message) throw invalid(MESSAGE_NOT_FOUND, { field: "messageId", code: "not_found" });
  return message;
}

/** The reply as the sender reads it: the farm's words, then their own message quoted. */
function replyText(
  body: string,
  message: Pick<ContactMessageRow, "name" | "message" | "createdAt">,
) {
  const quoted = message.message
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  return `${body}\n\nOn ${formatFarmDateTime(message.createdAt)}, ${message.name} wrote:\n${quoted}\n`;
}

/**
 * Queues the reply to the sender (answers go to the farm's SITE_EMAIL) and
 * marks the message handled and replied, in one transaction.
 */
export async function replyToMessage(
  db: Database,
  actor: AuditActor,
  input: ReplyInput,
  site: Pick<SiteConfig, "email"> = siteConfig(),
): Promise<{ emailId: string; to: string }> {
  return db.transaction(async (tx) => {
    const message = await lockMessage(tx, input.messageId);
    const emailId = await enqueueEmail(tx, {
      kind: "contact-reply",
      to: message.email,
      replyTo: site.email,
      subject: input.subject,
      text: replyText(input.body, message),
    });
    await tx
      .update(contactMessages)
      .set({
        repliedAt: sql`now()`,
        handledAt: sql`coalesce(${contactMessages.handledAt}, now())`,
      })
      .where(eq(contactMessages.id, message.id));
    await recordAudit(
      tx,
      actor,
      "contact_message.replied",
      { type: "contact_message", id: message.id },
      { emailId, to: message.email, subject: input.subject },
    );
    return { emailId, to: message.email };
  });
}

/** Handled or not; setting what is already so changes nothing and records nothing. */
export async function setMessageHandled(
  db: Database,
  actor: AuditActor,
  messageId: string,
  handled: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const message = await lockMessage(tx, messageId);
    if ((message.handledAt !== null) === handled) return;
    await tx
      .update(contactMessages)
      .set({ handledAt: handled ? sql`now()` : null })
      .where(eq(contactMessages.id, message.id));
    await recordAudit(
      tx,
      actor,
      handled ? "contact_message.handled" : "contact_message.unhandled",
      { type: "contact_message", id: message.id },
      { from: message.email },
    );
  });
}

// ------------------------------------------------------------- the outbox

const outboxColumns = {
  id: emailOutbox.id,
  kind: emailOutbox.kind,
  toAddress: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
};

export type OutboxRow = {
  id: string;
  kind: string;
  toAddress: string;
  subject: string;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  createdAt: Date;
  sentAt: Date | null;
};

const withStatus = (status: OutboxFilter): SQL | undefined =>
  status === "all" ? undefined : eq(emailOutbox.status, status);

/** Every email, newest first, a page at a time; bodies are left for the details. */
export async function listOutbox(
  db: Executor,
  { status, page }: { status: OutboxFilter; page: number },
): Promise<Paged<OutboxRow>> {
  const where = withStatus(status);
  const [total] = await db.select({ n: count() }).from(emailOutbox).where(where);
  return pageOf(
    (offset) =>
      db
        .select(outboxColumns)
        .from(emailOutbox)
        .where(where)
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .limit(MESSAGES_PAGE_SIZE)
        .offset(offset),
    total?.n ?? 0,
    page,
  );
}

/** How many emails are in each status (the filter's counts; failed is shown at the top). */
export async function countEmailsByStatus(db: Executor): Promise<Record<EmailStatus, number>> {
  const rows = await db
    .select({ status: emailOutbox.status, n: count() })
    .from(emailOutbox)
    .groupBy(emailOutbox.status);
  const counts = Object.fromEntries(emailStatuses.map((s) => [s, 0])) as Record<
    EmailStatus,
    number
  >;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

export type OutboxEmail = OutboxRow & {
  replyTo: string | null;
  bookingId: string | null;
  textBody: string;
  /** The HTML version is never shown as HTML; only that it exists and its size. */
  htmlBytes: number | null;
  attachments: { filename: string; contentType: string; bytes: number }[];
};

/**
 * Emails whose link signs the recipient in: an administrator reading the
 * outbox must not be able to take over someone else's account with it.
 * (Without a mail server an owner resets a password with `npm run admin:create`.)
 */
const SIGN_IN_LINK_KINDS = new Set(["password-reset", "email-verification"]);
const LINK = /\bhttps?:\/\/\S+/g;
export const HIDDEN_LINK = "[link hidden: it signs in as the recipient]";

const bytesOf = (text: string) => new TextEncoder().encode(text).length;

/** One email in full, for reading: headers, text body, attachment names and sizes. */
export async function readOutboxEmail(db: Executor, id: string): Promise<OutboxEmail | null> {
  if (!isRowId(id)) return null;
  const [email] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!email) return null;
  const { htmlBody, attachments, textBody, ...rest } = email;
  return {
    ...rest,
    textBody: SIGN_IN_LINK_KINDS.has(email.kind) ? textBody.replace(LINK, HIDDEN_LINK) : textBody,
    htmlBytes: htmlBody === null ? null : bytesOf(htmlBody),
    attachments: attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      bytes: bytesOf(a.content),
    })),
  };
}

/**
 * Send again: a failed or sent email becomes pending, its attempts reset and
 * due now, so the worker sends it. A pending one is refused: a worker may be
 * sending it at this moment, and re-queuing it could send it twice. `seen` is
 * the status the administrator acted on; a change since then is refused.
 */
export async function resendEmail(
  db: Database,
  actor: AuditActor,
  emailId: string,
  seen: Exclude<EmailStatus, "pending">,
): Promise<{ to: string }> {
  return db.transaction(async (tx) => {
    const found = isRowId(emailId)
      ? await tx
          .select(outboxColumns)
          .from(emailOutbox)
          .where(eq(emailOutbox.id, emailId))
          .for("update")
      : [];
    const [email] = found;
    if (!email) throw invalid(EMAIL_NOT_FOUND, { field: "emailId", code: "not_found" });
    if (email.status !== seen) {
      throw conflict(`This email is ${email.status} now. Reload the page.`, "status_changed");
    }
    await tx
      .update(emailOutbox)
      .set({
        status: "pending",
        attempts: 0,
        nextAttemptAt: sql`now()`,
        lastError: null,
        sentAt: null,
      })
      .where(and(eq(emailOutbox.id, email.id), eq(emailOutbox.status, seen)));
    await recordAudit(
      tx,
      actor,
      "email.requeued",
      { type: "email", id: email.id },
      {
        to: email.toAddress,
        subject: email.subject,
        previousStatus: email.status,
        attempts: email.attempts,
        lastError: email.lastError,
        sentAt: email.sentAt,
      },
    );
    return { to: email.toAddress };
  });
}
