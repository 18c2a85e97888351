// The Messages screen's loader and action against a real database: only an
// administrator reads or changes anything; bad input answers 400 naming the
// field and changes nothing; a reply lands in the outbox as pending.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { theRow } from "#server/db/rows.ts";
import { auditLog, contactMessages, emailOutbox } from "#server/db/schema.ts";
import { type Caller, outcome, setupAdminRouteCalls } from "#server/testing/admin-route-calls.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { action, loader } from "./messages";

const database = setupTestDatabase();
const { args } = setupAdminRouteCalls(database);
let messageId = "";

beforeAll(async () => {
  const message = theRow(
    await database()
      .db.insert(contactMessages)
      .values({ name: "Jo Camper", email: "jo@example.com", message: "Kayaks in May?" })
      .returning(),
    "the message",
  );
  messageId = message.id;
});

const post = (form: Record<string, string>, caller: Caller = "admin") =>
  outcome(() => action(args("/admin/messages", caller, form)));

async function unchanged() {
  const { db } = database();
  const [emails] = await db.select({ n: count() }).from(emailOutbox);
  const [audits] = await db.select({ n: count() }).from(auditLog);
  const [message] = await db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, messageId));
  return { emails: emails?.n, audits: audits?.n, handledAt: message?.handledAt };
}

describe("who may use the Messages screen", () => {
  it("sends a visitor to sign in and answers a non-admin 403, changing nothing", async () => {
    const before = await unchanged();
    const reply = { intent: "reply", messageId, subject: "Re", body: "Hi" };
    expect((await post(reply, null)).location).toBe("/login");
    expect((await post(reply, "camper")).status).toBe(403);
    expect((await outcome(() => loader(args("/admin/messages", "camper")))).status).toBe(403);
    expect(await unchanged()).toEqual(before);
  });
});

describe("bad input", () => {
  const reply = (values: Record<string, string>) =>
    post({ intent: "reply", messageId, subject: "Re: hello", body: "Thanks!", ...values });

  it("answers 400 naming the field, and changes nothing", async () => {
    const before = await unchanged();
    const cases: [Promise<{ status: number; data?: Record<string, unknown> }>, string][] = [
      [reply({ messageId: "not-a-uuid" }), "messageId"],
      [reply({ messageId: "00000000-0000-4000-8000-000000000000" }), "messageId"],
      [reply({ body: "   " }), "body"],
      [reply({ body: "x".repeat(5001) }), "body"],
      [reply({ body: "null \u0000 byte" }), "body"],
      [reply({ subject: "bell \u0007" }), "subject"],
      [post({ intent: "set-handled", messageId: "1", handled: "true" }), "messageId"],
      [post({ intent: "set-handled", messageId, handled: "maybe" }), "handled"],
      [post({ intent: "resend", emailId: "x", status: "failed" }), "emailId"],
      [
        post({
          intent: "resend",
          emailId: "00000000-0000-4000-8000-000000000000",
          status: "failed",
        }),
        "emailId",
      ],
    ];
    for (const [answer, field] of cases) {
      const result = await answer;
      expect(result.status).toBe(400);
      expect(Object.keys((result.data?.fieldErrors as object) ?? {})).toContain(field);
    }
    expect((await post({ intent: "delete-everything" })).status).toBe(400);
    expect(await unchanged()).toEqual(before);
  });
});

describe("a reply and the screen", () => {
  it("queues the reply as pending, marks the message handled, and shows both", async () => {
    const result = await post({
      intent: "reply",
      messageId,
      subject: "Re: your message to Rocky Creek Station",
      body: "Yes, bring them.",
    });
    expect(result).toMatchObject({ status: 200, data: { ok: true, intent: "reply" } });
    const screen = (await outcome(() => loader(args("/admin/messages?filter=all", "admin"))))
      .data as Awaited<ReturnType<typeof loader>>;
    expect(screen.unhandled).toBe(0);
    expect(screen.messages?.rows[0]).toMatchObject({ name: "Jo Camper" });
    expect(screen.messages?.rows[0]?.handledAt).toBeInstanceOf(Date);

    const outbox = (await outcome(() => loader(args("/admin/messages?view=outbox", "admin"))))
      .data as Awaited<ReturnType<typeof loader>>;
    const reply = outbox.outbox?.rows.find((e) => e.kind === "contact-reply");
    expect(reply).toMatchObject({ status: "pending", toAddress: "jo@example.com" });
    const opened = (
      await outcome(() => loader(args(`/admin/messages?view=outbox&email=${reply?.id}`, "admin")))
    ).data as Awaited<ReturnType<typeof loader>>;
    expect(opened.openEmail?.textBody).toContain("Yes, bring them.");
  });
});
