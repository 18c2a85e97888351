// The Messages screen's loader and action against a real database: only an
// administrator reads or changes anything; bad input answers 400 naming the
// field and changes nothing; a reply lands in the outbox as pending.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "#server/auth.ts";
import { env } from "#server/config.ts";
import { theRow } from "#server/db/rows.ts";
import { auditLog, contactMessages, emailOutbox, userRoles } from "#server/db/schema.ts";
import { createOrPromoteAdmin } from "#server/services/admin-accounts.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { action, loader } from "./messages";

const database = setupTestDatabase();
const origin = "http://localhost:3000";
let auth: ReturnType<typeof createAuth>;
let adminCookie = "";
let camperCookie = "";
let messageId = "";

async function signIn(email: string, password: string) {
  const response = await auth.api.signInEmail({
    body: { email, password },
    headers: new Headers({ origin }),
    asResponse: true,
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

beforeAll(async () => {
  const { db } = database();
  auth = createAuth(db, {
    ...env(),
    PUBLIC_URL: origin,
    AUTH_SECRET: "a-test-secret-that-is-long-enough-to-use-0123",
  });
  await createOrPromoteAdmin(
    { db, auth },
    { email: "owner@example.com", password: "owner-pw-123" },
  );
  adminCookie = await signIn("owner@example.com", "owner-pw-123");
  const camper = await createOrPromoteAdmin(
    { db, auth },
    { email: "camper@example.com", password: "camper-pw-123" },
  );
  await db.delete(userRoles).where(eq(userRoles.userId, camper.userId));
  camperCookie = await signIn("camper@example.com", "camper-pw-123");
  const message = theRow(
    await db
      .insert(contactMessages)
      .values({ name: "Jo Camper", email: "jo@example.com", message: "Kayaks in May?" })
      .returning(),
    "the message",
  );
  messageId = message.id;
});

type Args = never;

function args(path: string, cookie: string | null, form?: Record<string, string>): Args {
  let body: FormData | undefined;
  if (form) {
    body = new FormData();
    for (const [k, v] of Object.entries(form)) body.set(k, v);
  }
  const request = new Request(`${origin}${path}`, {
    method: form ? "POST" : "GET",
    headers: { origin, ...(cookie ? { cookie } : {}) },
    body,
  });
  return { request, params: {}, context: { db: database().db, auth, cspNonce: "" } } as Args;
}

/** What a loader or action answered or threw: its status, its data, a redirect's target. */
async function outcome(run: () => Promise<unknown>) {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("location") };
  }
  const v = value as { type?: string; data?: Record<string, unknown>; init?: { status?: number } };
  if (v?.type === "DataWithResponseInit") return { status: v.init?.status ?? 200, data: v.data };
  return { status: 200, data: value as Record<string, unknown> };
}

const post = (form: Record<string, string>, cookie: string | null = adminCookie) =>
  outcome(() => action(args("/admin/messages", cookie, form)));

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
    expect((await post(reply, camperCookie)).status).toBe(403);
    expect((await outcome(() => loader(args("/admin/messages", camperCookie)))).status).toBe(403);
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
    const screen = (await outcome(() => loader(args("/admin/messages?filter=all", adminCookie))))
      .data as Awaited<ReturnType<typeof loader>>;
    expect(screen.unhandled).toBe(0);
    expect(screen.messages?.rows[0]).toMatchObject({ name: "Jo Camper" });
    expect(screen.messages?.rows[0]?.handledAt).toBeInstanceOf(Date);

    const outbox = (await outcome(() => loader(args("/admin/messages?view=outbox", adminCookie))))
      .data as Awaited<ReturnType<typeof loader>>;
    const reply = outbox.outbox?.rows.find((e) => e.kind === "contact-reply");
    expect(reply).toMatchObject({ status: "pending", toAddress: "jo@example.com" });
    const opened = (
      await outcome(() =>
        loader(args(`/admin/messages?view=outbox&email=${reply?.id}`, adminCookie)),
      )
    ).data as Awaited<ReturnType<typeof loader>>;
    expect(opened.openEmail?.textBody).toContain("Yes, bring them.");
  });
});
