// The admin API over HTTP with real Better Auth sessions: 401 without a
// session, 403 without the admin row, and the live stream fed by the database.
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "better-auth/node";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFUND_UNAVAILABLE } from "#domain/rules/cancellation.ts";
import { createAuth } from "#server/auth.ts";
import { env } from "#server/config.ts";
import type { AppContext } from "#server/context.ts";
import {
  auditLog,
  blockedDates,
  bookings,
  emailOutbox,
  paymentEvents,
  payments,
  session,
  userRoles,
} from "#server/db/schema.ts";
import { setPaymentProvider } from "#server/payments/index.ts";
import { createStripeProvider } from "#server/payments/stripe.ts";
import { createOrPromoteAdmin } from "#server/services/admin-accounts.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, insertBooking } from "#server/testing/factories.ts";
import { type FakeStripe, startFakeStripe } from "#server/testing/fake-stripe.ts";
import { assertPresent, present } from "#server/testing/present.ts";
import { closeLiveUpdates } from "./admin-operations";
import { apiRouter } from "./index";
import { FOREIGN_ORIGIN } from "./same-origin";

const database = setupTestDatabase();
const globalStore = globalThis as unknown as { __appContext?: Promise<AppContext> };

let baseUrl = "";
let server: ReturnType<express.Express["listen"]>;
let adminCookie = "";
let campsiteId = "";
let bookingId = "";

async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

beforeAll(async () => {
  const handle = database();
  // Listen first, so the auth configuration knows this server's origin.
  const app = express();
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const auth = createAuth(handle.db, {
    ...env(),
    PUBLIC_URL: baseUrl,
    AUTH_SECRET: "a-test-secret-that-is-long-enough-to-use-0123",
  });
  globalStore.__appContext = Promise.resolve({ database: handle, db: handle.db, auth });

  app.all("/api/auth/{*splat}", toNodeHandler(auth));
  app.use("/api", apiRouter({ trustedOrigins: () => [baseUrl] }));

  const deps = { db: handle.db, auth };
  await createOrPromoteAdmin(deps, { email: "owner@example.com", password: "owner-password-1" });
  const camper = await createOrPromoteAdmin(deps, {
    email: "camper@example.com",
    password: "camper-password-1",
  });
  await handle.db.delete(userRoles).where(eq(userRoles.userId, camper.userId));
  adminCookie = await signIn("owner@example.com", "owner-password-1");

  const campsite = await createCampsite(handle.db, { name: "Creekside Camp" });
  campsiteId = campsite.id;
  bookingId = (
    await insertBooking(handle.db, campsite, {
      status: "pending",
      holdExpiresAt: new Date(Date.now() + 300_000),
    })
  ).id;
});

afterAll(async () => {
  await closeLiveUpdates();
  await new Promise((r) => server.close(r));
  globalStore.__appContext = undefined;
});

const someId = "00000000-0000-4000-8000-000000000000";
const calls = () =>
  [
    { method: "GET", path: "/api/admin/live" },
    { method: "GET", path: "/api/admin/dashboard" },
    { method: "GET", path: "/api/admin/bookings" },
    { method: "GET", path: `/api/admin/bookings/${bookingId}` },
    { method: "POST", path: `/api/admin/bookings/${bookingId}/cancel`, body: {} },
    { method: "POST", path: `/api/admin/bookings/${bookingId}/notification`, body: {} },
    { method: "GET", path: "/api/admin/calendar" },
    {
      method: "PUT",
      path: "/api/admin/blocked-dates",
      body: { date: "2099-01-01", blocked: true },
    },
    // Paths no router knows are refused the same way before anything else happens.
    { method: "GET", path: `/api/admin/no-such-thing/${someId}` },
  ] as const;

/** As the admin screens call it: a browser names the page's origin on every write. */
const call = (
  c: { method: string; path: string; body?: unknown },
  cookie?: string,
  origin: string | null = c.method === "GET" ? null : baseUrl,
) =>
  fetch(`${baseUrl}${c.path}`, {
    method: c.method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(origin ? { origin } : {}),
      ...(c.body ? { "content-type": "application/json" } : {}),
    },
    body: c.body ? JSON.stringify(c.body) : undefined,
  });

describe("who may call the admin API", () => {
  it("answers 401 to every call without a session, and changes nothing", async () => {
    for (const c of calls()) {
      const res = await call(c);
      expect(res.status, `${c.method} ${c.path}`).toBe(401);
      expect(await res.json()).toMatchObject({ code: "unauthenticated" });
    }
    expect(await database().db.select().from(blockedDates)).toEqual([]);
  });

  it("answers 401 to a made-up session cookie", async () => {
    const res = await call(calls()[2], "better-auth.session_token=forged.value");
    expect(res.status).toBe(401);
  });

  it("answers 403 to every call from a signed-in user without the admin row", async () => {
    const cookie = await signIn("camper@example.com", "camper-password-1");
    for (const c of calls()) {
      const res = await call(c, cookie);
      expect(res.status, `${c.method} ${c.path}`).toBe(403);
      expect(await res.json()).toEqual({
        error: "You don't have admin privileges.",
        code: "forbidden",
      });
    }
    const [booking] = await (await call(calls()[3], adminCookie)).json().then((b) => [b.booking]);
    expect(booking.status).toBe("pending");
    expect(
      await database().db.select().from(auditLog).where(eq(auditLog.action, "booking.cancelled")),
    ).toEqual([]);
  });

  it("lets an administrator read", async () => {
    const res = await call(calls()[2], adminCookie);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.bookings.map((b: { id: string }) => b.id)).toContain(bookingId);
    expect(body).toMatchObject({ previous: null, next: null });
    const dashboard = await (await call(calls()[1], adminCookie)).json();
    expect(dashboard).toHaveProperty("occupancyRate");
  });

  it("answers 400 with a message to bad input from an administrator", async () => {
    const bad = [
      { method: "GET", path: "/api/admin/bookings?status=lost" },
      { method: "GET", path: "/api/admin/bookings?after=not-a-reference" },
      { method: "GET", path: "/api/admin/bookings/not-a-uuid" },
      { method: "GET", path: "/api/admin/calendar?month=2026-13" },
      {
        method: "PUT",
        path: "/api/admin/blocked-dates",
        body: { date: "2099-02-30", blocked: true },
      },
      { method: "PUT", path: "/api/admin/blocked-dates", body: { date: "2099-01-01" } },
      {
        method: "POST",
        path: `/api/admin/bookings/${bookingId}/cancel`,
        body: { refund: "partial" },
      },
    ];
    for (const c of bad) {
      const res = await call(c, adminCookie);
      expect(res.status, `${c.method} ${c.path}`).toBe(400);
      const body = await res.json();
      expect(body.code).toBe("invalid_input");
      expect(body.error.length).toBeGreaterThan(5);
    }
    expect(await database().db.select().from(blockedDates)).toEqual([]);
  });

  it("ends access when the session expires or is signed out", async () => {
    const { db } = database();
    const expiring = await signIn("owner@example.com", "owner-password-1");
    expect((await call(calls()[2], expiring)).status).toBe(200);
    // The session cookie comes first; its value is the token, a dot, then the signature.
    const token = decodeURIComponent(
      present(/^[^=]+=([^.;]+)/.exec(expiring)?.[1], "the session token in the cookie"),
    );
    await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    expect((await call(calls()[2], expiring)).status).toBe(401);

    const leaving = await signIn("owner@example.com", "owner-password-1");
    const out = await fetch(`${baseUrl}/api/auth/sign-out`, {
      method: "POST",
      headers: { cookie: leaving, origin: baseUrl, "content-type": "application/json" },
      body: "{}",
    });
    expect(out.status).toBe(200);
    expect((await call(calls()[2], leaving)).status).toBe(401);
  });

  it("writes an administrator's block to the audit log under their name", async () => {
    const res = await call(
      {
        method: "PUT",
        path: "/api/admin/blocked-dates",
        body: { date: "2099-01-01", campsiteId, blocked: true },
      },
      adminCookie,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ changed: true });
    const [entry] = await database()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.action, "blocked_date.created"));
    assertPresent(entry, "the audit entry of the block");
    expect(entry.actorUserId).toBeTruthy();
    expect(entry.details).toMatchObject({ date: "2099-01-01", campsiteId });
  });

  it("refuses an administrator's write sent from another site, changing nothing", async () => {
    const block = {
      method: "PUT",
      path: "/api/admin/blocked-dates",
      body: { date: "2098-05-05", campsiteId, blocked: true },
    };
    for (const origin of ["https://evil.example", "null", null]) {
      const res = await call(block, adminCookie, origin);
      expect(res.status, String(origin)).toBe(403);
      expect(await res.json()).toMatchObject({ code: "foreign_origin", error: FOREIGN_ORIGIN });
    }
    const blocked = await database()
      .db.select()
      .from(blockedDates)
      .where(eq(blockedDates.blockedDate, "2098-05-05"));
    expect(blocked).toEqual([]);
  });

  it("is never kept by a cache", async () => {
    const res = await call(calls()[1], adminCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect((await call(calls()[1])).headers.get("cache-control")).toBe("no-store");
  });
});

describe("what a staff member may call (decision 0017)", () => {
  let staffCookie = "";
  let staffId = "";
  beforeAll(async () => {
    const { db, auth } = await present(globalStore.__appContext, "the app context");
    const staff = await createOrPromoteAdmin(
      { db, auth },
      { email: "staff@example.com", password: "staff-password-1" },
    );
    staffId = staff.userId;
    await db.update(userRoles).set({ role: "staff" }).where(eq(userRoles.userId, staffId));
    staffCookie = await signIn("staff@example.com", "staff-password-1");
  });

  it("answers 403 'owner_only' to the dashboard's takings and to a refund, changing nothing", async () => {
    const dashboard = await call(calls()[1], staffCookie);
    expect(dashboard.status).toBe(403);
    expect(await dashboard.json()).toMatchObject({ code: "owner_only" });
    for (const refund of [{ refund: "full" }, { refund: "partial", refundAmountCents: 500 }]) {
      const res = await call(
        { method: "POST", path: `/api/admin/bookings/${bookingId}/cancel`, body: refund },
        staffCookie,
      );
      expect(res.status, refund.refund).toBe(403);
      expect(await res.json()).toMatchObject({ code: "owner_only" });
    }
    const details = await (await call(calls()[3], adminCookie)).json();
    expect(details.booking.status).toBe("pending");
  });

  it("reads bookings and the calendar, and blocks a day under their own name", async () => {
    expect((await call(calls()[2], staffCookie)).status).toBe(200);
    expect((await call(calls()[6], staffCookie)).status).toBe(200);
    const res = await call(
      {
        method: "PUT",
        path: "/api/admin/blocked-dates",
        body: { date: "2099-03-03", campsiteId, blocked: true },
      },
      staffCookie,
    );
    expect(res.status).toBe(200);
    const entries = await database()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.action, "blocked_date.created"));
    const entry = entries.find((e) => (e.details as { date?: string }).date === "2099-03-03");
    expect(entry?.actorUserId).toBe(staffId);
  });
});

describe("a refund while the card provider is down", () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    const stripe = { secretKey: "sk_test_rocky", webhookSecret: "whsec_test", apiBase: fake.url };
    setPaymentProvider(createStripeProvider(stripe));
  });
  afterAll(async () => {
    setPaymentProvider(undefined);
    await fake?.close();
  });

  /** A paid stay of $200.00, its card payment taken through Stripe. */
  async function paidThroughStripe() {
    const { db } = database();
    const campsite = await createCampsite(db, { name: "Outage Flat" });
    const booking = await insertBooking(db, campsite, {
      status: "paid",
      totalAmountCents: 20000,
      finalAmountCents: 20000,
    });
    const [payment] = await db
      .insert(payments)
      .values({
        bookingId: booking.id,
        provider: "stripe",
        stripeSessionId: "cs_test_outage",
        stripePaymentIntentId: "pi_outage",
        guestEmail: booking.guestEmail,
        amountCents: 20000,
        currency: "aud",
        status: "succeeded",
      })
      .returning();
    fake.captured.set("pi_outage", 20000);
    return { booking, payment: present(payment, "the payment") };
  }

  it("answers the owner's full refund with 502 and a sentence, changes nothing, and a retry refunds once", async () => {
    const { db } = database();
    const { booking, payment } = await paidThroughStripe();
    const cancel = { method: "POST", path: `/api/admin/bookings/${booking.id}/cancel` };
    fake.outage = true;
    const down = await call({ ...cancel, body: { refund: "full" } }, adminCookie);
    expect(down.status).toBe(502);
    expect(await down.json()).toMatchObject({ error: REFUND_UNAVAILABLE, code: "refund_refused" });
    const [stands] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(stands?.status).toBe("paid");
    const [unpaid] = await db.select().from(payments).where(eq(payments.id, payment.id));
    expect(unpaid).toMatchObject({ status: "succeeded", refundedAmountCents: 0 });
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, booking.id))).toEqual([]);
    expect(
      await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, booking.id)),
    ).toEqual([]);
    const marks = await db.select().from(paymentEvents);
    expect(marks.filter((m) => m.id.includes(payment.id))).toEqual([]);
    expect(fake.refunds).toEqual([]);

    fake.outage = false;
    const up = await call({ ...cancel, body: { refund: "full" } }, adminCookie);
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ status: "cancelled", refundedCents: 20000 });
    expect(fake.refunds.map((r) => [r.payment_intent, r.amount])).toEqual([["pi_outage", 20000]]);
    const mail = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, booking.id));
    expect(mail.map((m) => m.kind)).toEqual(["refund-notice"]);
  });
});

describe("the live-update stream", () => {
  it("tells a signed-in administrator about a booking made anywhere, as it happens", async () => {
    const controller = new AbortController();
    const res = await fetch(`${baseUrl}/api/admin/live`, {
      headers: { cookie: adminCookie },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = present(res.body, "the stream's body").getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (needle: string) => {
      const deadline = Date.now() + 10_000;
      while (!text.includes(needle)) {
        if (Date.now() > deadline) throw new Error(`no "${needle}" in: ${text}`);
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before "${needle}": ${text}`);
        text += decoder.decode(value, { stream: true });
      }
    };
    await readUntil("event: ready");

    const { db } = database();
    const campsite = await createCampsite(db, { name: "Powered Caravan Site" });
    const booking = await insertBooking(db, campsite, { status: "pending" });
    await readUntil(booking.id);
    expect(text).toContain(`"table":"bookings","op":"INSERT","id":"${booking.id}"`);

    // A graceful stop ends the stream, so browsers reconnect to another process.
    await closeLiveUpdates();
    await expect(
      (async () => {
        for (;;) {
          const { done } = await reader.read();
          if (done) return "ended";
        }
      })(),
    ).resolves.toBe("ended");
    controller.abort();
  });
});
