// The Messages screen's services on a real database: contact messages listed,
// answered through the outbox and ticked off; the outbox listed, read without
// its HTML or sign-in links, and re-queued so the worker sends it again. Every
// change is audited; a refusal names its field and changes nothing.
import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { EMAIL_NOT_FOUND, MESSAGE_NOT_FOUND, MESSAGES_PAGE_SIZE } from "#domain/forms/messages.ts";
import { theRow } from "#server/db/rows.ts";
import { auditLog, contactMessages, emailOutbox, user } from "#server/db/schema.ts";
import type { Mailer, MailMessage } from "#server/mail/index.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { present } from "#server/testing/present.ts";
import { refusal } from "#server/testing/refusal.ts";
import { enqueueEmail, sendDueEmails } from "./email-outbox";
import {
  countEmailsByStatus,
  countUnhandledMessages,
  HIDDEN_LINK,
  listContactMessages,
  listOutbox,
  readOutboxEmail,
  replyToMessage,
  resendEmail,
  setMessageHandled,
} from "./messages-admin";

const database = setupTestDatabase();
const db = () => database().db;
const site = { email: "hello@farm.example" };
const missingId = "00000000-0000-4000-8000-000000000000";

let admin: { id: string };
beforeEach(async () => {
  await db().delete(auditLog);
  await db().delete(emailOutbox);
  await db().delete(contactMessages);
  const id = `admin-${crypto.randomUUID()}`;
  await db()
    .insert(user)
    .values({ id, name: "Owner", email: `${id}@example.com` });
  admin = { id };
});

/** A contact message written `minutesAgo` minutes ago. */
async function aMessage(name: string, minutesAgo = 0, handled = false) {
  const createdAt = new Date(Date.now() - minutesAgo * 60_000);
  return theRow(
    await db()
      .insert(contactMessages)
      .values({
        name,
        email: `${name.toLowerCase().replaceAll(" ", ".")}@example.com`,
        message: `Hello from ${name}.\nSecond line.`,
        createdAt,
        handledAt: handled ? createdAt : null,
      })
      .returning(),
    "the message",
  );
}

const messageRow = async (id: string) =>
  present(
    (await db().select().from(contactMessages).where(eq(contactMessages.id, id)))[0],
    `message ${id}`,
  );
const emailRow = async (id: string) =>
  present((await db().select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0], `email ${id}`);
const audits = () =>
  db()
    .select({
      action: auditLog.action,
      actor: auditLog.actorUserId,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      details: auditLog.details,
    })
    .from(auditLog);
const emailCount = async () =>
  theRow(await db().select({ n: count() }).from(emailOutbox), "a count").n;

describe("listing contact messages", () => {
  it("shows the unhandled ones newest first by default, and every one on 'all'", async () => {
    await aMessage("Old Unhandled", 30);
    await aMessage("Handled One", 20, true);
    await aMessage("New Unhandled", 10);
    const unhandled = await listContactMessages(db(), { filter: "unhandled", page: 1 });
    expect(unhandled.rows.map((m) => m.name)).toEqual(["New Unhandled", "Old Unhandled"]);
    expect(unhandled).toMatchObject({ total: 2, page: 1, pageCount: 1 });
    const all = await listContactMessages(db(), { filter: "all", page: 1 });
    expect(all.rows.map((m) => m.name)).toEqual(["New Unhandled", "Handled One", "Old Unhandled"]);
    expect(await countUnhandledMessages(db())).toBe(2);
  });

  it("pages them, and a page past the end shows the last one", async () => {
    const rows = Array.from({ length: MESSAGES_PAGE_SIZE + 3 }, (_, i) => ({
      name: `Sender ${i}`,
      email: `s${i}@example.com`,
      message: "hi",
      createdAt: new Date(Date.now() - i * 60_000),
    }));
    await db().insert(contactMessages).values(rows);
    const first = await listContactMessages(db(), { filter: "all", page: 1 });
    expect(first.rows).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(first.rows[0]?.name).toBe("Sender 0");
    expect(first).toMatchObject({ total: MESSAGES_PAGE_SIZE + 3, pageCount: 2 });
    const past = await listContactMessages(db(), { filter: "all", page: 9 });
    expect(past.page).toBe(2);
    expect(past.rows.map((m) => m.name)).toEqual([
      `Sender ${MESSAGES_PAGE_SIZE}`,
      `Sender ${MESSAGES_PAGE_SIZE + 1}`,
      `Sender ${MESSAGES_PAGE_SIZE + 2}`,
    ]);
  });
});

describe("replying to a contact message", () => {
  it("queues the reply to the sender, answerable to the farm, and marks the message handled", async () => {
    const message = await aMessage("Jo Camper");
    const input = {
      messageId: message.id,
      subject: "Re: your message",
      body: "Yes, kayaks are fine.",
    };
    const { emailId, to } = await replyToMessage(db(), admin, input, site);
    expect(to).toBe("jo.camper@example.com");
    const email = await emailRow(emailId);
    expect(email).toMatchObject({
      kind: "contact-reply",
      toAddress: "jo.camper@example.com",
      replyTo: "hello@farm.example",
      subject: "Re: your message",
      status: "pending",
    });
    expect(email.textBody).toMatch(
      /^Yes, kayaks are fine\.\n\nOn .+, Jo Camper wrote:\n> Hello from Jo Camper\.\n> Second line\.\n$/,
    );
    const stored = await messageRow(message.id);
    expect(stored.handledAt).toBeInstanceOf(Date);
    expect(stored.repliedAt).toBeInstanceOf(Date);
    expect(await audits()).toEqual([
      {
        action: "contact_message.replied",
        actor: admin.id,
        entityType: "contact_message",
        entityId: message.id,
        details: { emailId, to: "jo.camper@example.com", subject: "Re: your message" },
      },
    ]);
  });

  it("keeps when it was first handled on a second reply", async () => {
    const message = await aMessage("Twice", 5, true);
    const before = await messageRow(message.id);
    await replyToMessage(db(), admin, { messageId: message.id, subject: "Re", body: "One" }, site);
    expect((await messageRow(message.id)).handledAt).toEqual(before.handledAt);
  });

  it("refuses an unknown or malformed message, naming the field, and changes nothing", async () => {
    for (const messageId of [missingId, "not-an-id"]) {
      const error = await refusal(
        replyToMessage(db(), admin, { messageId, subject: "Re", body: "Hello" }, site),
      );
      expect(error.refusal).toBe("invalid");
      expect(error.fieldErrors).toEqual({ messageId: MESSAGE_NOT_FOUND });
    }
    expect(await emailCount()).toBe(0);
    expect(await audits()).toEqual([]);
  });
});

describe("marking a message handled or not", () => {
  it("sets and clears handled_at, audited, and a repeat changes nothing", async () => {
    const message = await aMessage("Sam");
    await setMessageHandled(db(), admin, message.id, true);
    expect((await messageRow(message.id)).handledAt).toBeInstanceOf(Date);
    await setMessageHandled(db(), admin, message.id, true);
    await setMessageHandled(db(), admin, message.id, false);
    expect((await messageRow(message.id)).handledAt).toBeNull();
    expect((await audits()).map((a) => [a.action, a.actor, a.entityId])).toEqual([
      ["contact_message.handled", admin.id, message.id],
      ["contact_message.unhandled", admin.id, message.id],
    ]);
  });

  it("refuses an unknown message, naming the field", async () => {
    const error = await refusal(setMessageHandled(db(), admin, missingId, true));
    expect(error.fieldErrors).toEqual({ messageId: MESSAGE_NOT_FOUND });
    expect(await audits()).toEqual([]);
  });
});

/** An email in the outbox with the given status, as the worker would have left it. */
async function anEmail(status: "pending" | "sent" | "failed", subject = `A ${status} email`) {
  const id = await enqueueEmail(db(), {
    kind: "booking-confirmation",
    to: "guest@example.com",
    subject,
    text: "See you soon",
  });
  if (status === "failed") {
    await db()
      .update(emailOutbox)
      .set({
        status,
        attempts: 10,
        lastError: "550 mailbox unavailable",
        nextAttemptAt: new Date(Date.now() + 3600_000),
      })
      .where(eq(emailOutbox.id, id));
  }
  if (status === "sent") {
    await db()
      .update(emailOutbox)
      .set({ status, attempts: 1, sentAt: new Date() })
      .where(eq(emailOutbox.id, id));
  }
  return id;
}

describe("the outbox", () => {
  it("lists every email newest first, filters by status, and counts each status", async () => {
    await anEmail("sent");
    await anEmail("failed");
    await anEmail("pending");
    const all = await listOutbox(db(), { status: "all", page: 1 });
    expect(all.rows.map((e) => e.status)).toEqual(["pending", "failed", "sent"]);
    expect(all.rows[0]).not.toHaveProperty("textBody");
    const failed = await listOutbox(db(), { status: "failed", page: 1 });
    expect(failed.rows).toHaveLength(1);
    expect(failed.rows[0]).toMatchObject({ attempts: 10, lastError: "550 mailbox unavailable" });
    expect(await countEmailsByStatus(db())).toEqual({ pending: 1, sent: 1, failed: 1 });
  });

  it("reads one in full: text, attachment sizes, never the HTML itself", async () => {
    const id = await enqueueEmail(db(), {
      kind: "booking-confirmation",
      to: "guest@example.com",
      replyTo: "farm@example.com",
      subject: "Booking confirmed",
      text: "Plain words",
      html: "<p>Plain <script>alert(1)</script>words</p>",
      attachments: [{ filename: "stay.ics", contentType: "text/calendar", content: "ÄBC" }],
    });
    const email = present(await readOutboxEmail(db(), id), "the email");
    expect(email).toMatchObject({
      subject: "Booking confirmed",
      replyTo: "farm@example.com",
      textBody: "Plain words",
      htmlBytes: 43,
      attachments: [{ filename: "stay.ics", contentType: "text/calendar", bytes: 4 }],
    });
    expect(JSON.stringify(email)).not.toContain("<script>");
    expect(await readOutboxEmail(db(), missingId)).toBeNull();
    expect(await readOutboxEmail(db(), "nope")).toBeNull();
  });

  it("hides the link of an email that signs its recipient in", async () => {
    const id = await enqueueEmail(db(), {
      kind: "password-reset",
      to: "owner@example.com",
      subject: "Reset your password",
      text: "Choose a new password here: https://farm.example/reset-password?token=secret123\n\nBye",
    });
    const email = present(await readOutboxEmail(db(), id), "the email");
    expect(email.textBody).toBe(`Choose a new password here: ${HIDDEN_LINK}\n\nBye`);
  });
});

/** A mailer that keeps what it is given. */
function keepingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { sent, send: async (m) => void sent.push(m), close: () => undefined };
}

describe("sending an email again", () => {
  it("makes a failed email pending, due now, attempts reset, and the worker sends it", async () => {
    const id = await anEmail("failed", "Failed confirmation");
    const { to } = await resendEmail(db(), admin, id, "failed");
    expect(to).toBe("guest@example.com");
    const row = await emailRow(id);
    expect(row).toMatchObject({ status: "pending", attempts: 0, lastError: null, sentAt: null });
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await audits()).toEqual([
      {
        action: "email.requeued",
        actor: admin.id,
        entityType: "email",
        entityId: id,
        details: expect.objectContaining({
          previousStatus: "failed",
          attempts: 10,
          lastError: "550 mailbox unavailable",
        }),
      },
    ]);
    const mailer = keepingMailer();
    await sendDueEmails(db(), mailer, "farm@example.com");
    expect(mailer.sent.map((m) => m.subject)).toEqual(["Failed confirmation"]);
    expect(await emailRow(id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("sends a sent email again", async () => {
    const id = await anEmail("sent");
    await resendEmail(db(), admin, id, "sent");
    expect(await emailRow(id)).toMatchObject({ status: "pending", attempts: 0, sentAt: null });
  });

  it("refuses a pending email, or one whose status changed since it was seen", async () => {
    const pending = await anEmail("pending");
    const sent = await anEmail("sent");
    const onPending = await refusal(resendEmail(db(), admin, pending, "failed"));
    expect(onPending.refusal).toBe("conflict");
    const changed = await refusal(resendEmail(db(), admin, sent, "failed"));
    expect(changed.message).toBe("This email is sent now. Reload the page.");
    expect(await emailRow(sent)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await audits()).toEqual([]);
  });

  it("refuses an unknown or malformed email, naming the field", async () => {
    for (const id of [missingId, "42"]) {
      const error = await refusal(resendEmail(db(), admin, id, "failed"));
      expect(error.refusal).toBe("invalid");
      expect(error.fieldErrors).toEqual({ emailId: EMAIL_NOT_FOUND });
    }
    expect(await audits()).toEqual([]);
  });
});
