// The Stripe adapter through the official SDK, pointed at a local fake of
// Stripe's HTTP API, and the webhook endpoint fed events signed with the
// SDK's own test header helper.
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import {
  bookings,
  discountCodes,
  emailOutbox,
  paymentEvents,
  payments,
} from "#server/db/schema.ts";
import { errorHandler } from "#server/http/errors.ts";
import { stripeWebhookRouter } from "#server/http/public-api.ts";
import { createBooking } from "#server/services/bookings.ts";
import { startPayment } from "#server/services/payments/start.ts";
import { verifyPayment } from "#server/services/payments/verify.ts";
import { providerReconciliation } from "#server/services/provider-reconciliation.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, createDiscountCode } from "#server/testing/factories.ts";
import { type FakeStripe, startFakeStripe } from "#server/testing/fake-stripe.ts";
import { present } from "#server/testing/present.ts";
import { createStripeProvider } from "./stripe";
import { createTestProvider } from "./test-checkout";

const database = setupTestDatabase();
const db = () => database().db;
const today = farmToday();
const webhookSecret = "whsec_test_rocky_creek";
const publicUrl = "http://127.0.0.1:9";

let fake: FakeStripe;
let provider: ReturnType<typeof createStripeProvider>;
let webhookUrl: string;
let closeWebhook: () => Promise<void>;
const signer = new Stripe("sk_test_signer");

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = createStripeProvider({ secretKey: "sk_test_rocky", webhookSecret, apiBase: fake.url });
  const app = express();
  app.use(
    "/api",
    stripeWebhookRouter({ provider: () => provider, db: async () => db() }),
    errorHandler,
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/stripe`;
  closeWebhook = () =>
    new Promise((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
});
afterAll(async () => {
  await closeWebhook?.();
  await fake?.close();
});

const deps = () => ({ provider, publicUrl });

let offset = 0;
async function bookedAndAtCheckout(extra: { discountCode?: string } = {}) {
  const site = await createCampsite(db(), { pricePerNightCents: 6500 });
  offset += 3;
  const checkIn = addDays(today, 10 + offset);
  const booking = await createBooking(db(), {
    campsiteId: site.id,
    checkIn,
    checkOut: addDays(checkIn, 2),
    guests: 2,
    firstName: "Jo",
    lastName: "Grazier",
    email: "jo@example.com",
    ...extra,
  });
  const { url } = await startPayment(db(), booking.id, booking.holdSecret, deps());
  const session = present(
    [...fake.sessions.values()].find((s) => s.url === url),
    "the fake Stripe session behind the checkout URL",
  );
  return { site, booking, session };
}

function sessionEvent(
  type: string,
  session: object,
  eventId = `evt_${Math.random().toString(36).slice(2)}`,
) {
  return JSON.stringify({
    id: eventId,
    object: "event",
    type,
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
  });
}

async function deliver(
  payload: string,
  options: { secret?: string; tamper?: (p: string) => string } = {},
) {
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? webhookSecret,
  });
  const body = options.tamper ? options.tamper(payload) : payload;
  return fetch(webhookUrl, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": header },
    body,
  });
}

const bookingRow = async (id: string) =>
  present((await db().select().from(bookings).where(eq(bookings.id, id)))[0], `booking ${id}`);
const confirmations = async (id: string) =>
  (await db().select().from(emailOutbox).where(eq(emailOutbox.bookingId, id))).filter(
    (e) => e.kind === "booking-confirmation",
  );

describe("creating a Checkout Session through the SDK", () => {
  it("sends the server's amount, the booking and a 30-minute expiry, and extends the hold to it", async () => {
    const { booking, session } = await bookedAndAtCheckout();
    expect(session.amount_total).toBe(13000);
    expect(session.currency).toBe("aud");
    expect(session.metadata.bookingId).toBe(booking.id);
    expect(session.client_reference_id).toBe(booking.id);
    expect(session.customer_email).toBe("jo@example.com");
    expect(session.success_url).toBe(
      `${publicUrl}/booking-success?session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(session.expires_at * 1000 - Date.now()).toBeGreaterThanOrEqual(29.9 * 60_000);
    const create = fake.requests.find(
      (r) => r.method === "POST" && r.path === "/v1/checkout/sessions",
    );
    expect(create?.authorization).toBe("Bearer sk_test_rocky");
    expect(create?.idempotencyKey).toMatch(/^checkout-/);
    expect(
      present((await bookingRow(booking.id)).holdExpiresAt, "the hold's expiry").getTime(),
    ).toBe(session.expires_at * 1000);
    const [payment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.stripeSessionId, session.id));
    expect(payment).toMatchObject({
      provider: "stripe",
      status: "pending",
      amountCents: 13000,
      currency: "AUD",
    });
  });
});

describe("the webhook", () => {
  it("applies a valid checkout.session.completed once, even when replayed", async () => {
    const code = await createDiscountCode(db(), { usageLimit: 10 });
    const { booking, session } = await bookedAndAtCheckout({ discountCode: code.code });
    const paid = fake.pay(session.id);
    const payload = sessionEvent("checkout.session.completed", paid, "evt_completed_once");

    const first = await deliver(payload);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    expect((await bookingRow(booking.id)).status).toBe("paid");
    const [payment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.stripeSessionId, session.id));
    expect(payment).toMatchObject({
      status: "succeeded",
      stripePaymentIntentId: paid.payment_intent,
    });

    const replay = await deliver(payload);
    expect(replay.status).toBe(200);
    const [usedCode] = await db().select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(present(usedCode, "the discount code").usedCount).toBe(1);
    expect(await confirmations(booking.id)).toHaveLength(1);
    const events = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, "evt_completed_once"));
    expect(events).toHaveLength(1);
  });

  it("refuses a tampered body or a wrong secret with 400 and changes nothing", async () => {
    const { booking, session } = await bookedAndAtCheckout();
    const paid = fake.pay(session.id);
    const payload = sessionEvent("checkout.session.completed", paid);
    const tampered = await deliver(payload, {
      tamper: (p) => p.replace('"amount_total":13000', '"amount_total":1'),
    });
    expect(tampered.status).toBe(400);
    expect((await tampered.json()).code).toBe("bad_signature");
    const forged = await deliver(payload, { secret: "whsec_someone_else" });
    expect(forged.status).toBe(400);
    const unsigned = await fetch(webhookUrl, {
      method: "POST",
      body: payload,
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.status).toBe(400);
    expect((await bookingRow(booking.id)).status).toBe("pending");
  });

  it("keeps a paid booking paid when checkout.session.expired arrives after completion", async () => {
    const { booking, session } = await bookedAndAtCheckout();
    const paid = fake.pay(session.id);
    expect((await deliver(sessionEvent("checkout.session.completed", paid))).status).toBe(200);
    const late = { ...paid, status: "expired" };
    expect((await deliver(sessionEvent("checkout.session.expired", late))).status).toBe(200);
    expect((await bookingRow(booking.id)).status).toBe("paid");
  });

  it("expires the booking on checkout.session.expired, and accepts a completion that arrives after it", async () => {
    const { booking, session } = await bookedAndAtCheckout();
    const expired = { ...session, status: "expired" };
    expect((await deliver(sessionEvent("checkout.session.expired", expired))).status).toBe(200);
    expect((await bookingRow(booking.id)).status).toBe("expired");
    const paid = fake.pay(session.id);
    expect((await deliver(sessionEvent("checkout.session.completed", paid))).status).toBe(200);
    expect((await bookingRow(booking.id)).status).toBe("paid");
  });

  it("refunds through Stripe a payment whose unit was taken after its hold expired", async () => {
    const { site, booking, session } = await bookedAndAtCheckout();
    await deliver(sessionEvent("checkout.session.expired", { ...session, status: "expired" }));
    await createBooking(db(), {
      campsiteId: site.id,
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      guests: 1,
      firstName: "Other",
      lastName: "Guest",
      email: "other@example.com",
    });
    const paid = fake.pay(session.id);
    expect((await deliver(sessionEvent("checkout.session.completed", paid))).status).toBe(200);
    expect(fake.refunds.filter((r) => r.payment_intent === paid.payment_intent)).toMatchObject([
      { amount: 13000 },
    ]);
    expect((await bookingRow(booking.id)).status).toBe("refunded");
    const notices = (
      await db().select().from(emailOutbox).where(eq(emailOutbox.bookingId, booking.id))
    ).filter((e) => e.kind === "refund-notice");
    expect(notices).toHaveLength(1);
  });

  it("leaves an unpaid completion (a delayed payment method) pending until it succeeds", async () => {
    const { booking, session } = await bookedAndAtCheckout();
    const unpaid = { ...session, status: "complete", payment_status: "unpaid" };
    expect((await deliver(sessionEvent("checkout.session.completed", unpaid))).status).toBe(200);
    expect((await bookingRow(booking.id)).status).toBe("pending");
    const paid = fake.pay(session.id);
    expect(
      (await deliver(sessionEvent("checkout.session.async_payment_succeeded", paid))).status,
    ).toBe(200);
    expect((await bookingRow(booking.id)).status).toBe("paid");
  });
});

describe("verify", () => {
  it("reads the session from Stripe and reaches the webhook's state; the webhook after it changes nothing", async () => {
    const { booking, session } = await bookedAndAtCheckout();
    expect((await verifyPayment(db(), session.id, deps())).status).toBe("pending");
    const paid = fake.pay(session.id);
    expect((await verifyPayment(db(), session.id, deps())).status).toBe("paid");
    expect((await deliver(sessionEvent("checkout.session.completed", paid))).status).toBe(200);
    expect((await bookingRow(booking.id)).status).toBe("paid");
    expect(await confirmations(booking.id)).toHaveLength(1);
  });
});

describe("sessions that end without a webhook", () => {
  it("a second payment start answers the same open Stripe session", async () => {
    const { booking, session } = await bookedAndAtCheckout();
    const { url } = await startPayment(db(), booking.id, booking.holdSecret, deps());
    expect(url).toBe(session.url);
    expect(present(fake.sessions.get(session.id), "the first session").status).toBe("open");
    const rows = await db().select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(rows.map((p) => p.status)).toEqual(["pending"]);
  });

  it("verify finds a session expired at Stripe and expires the booking", async () => {
    const { booking, session } = await bookedAndAtCheckout();
    await provider.expireCheckoutSession(session.id);
    expect((await verifyPayment(db(), session.id, deps())).status).toBe("expired");
    expect((await bookingRow(booking.id)).status).toBe("expired");
  });
});

describe("the provider's side of a report (issue 29 item 5)", () => {
  const range = { from: "2026-10-01", to: "2026-10-31" };
  const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  const moved = (type: string, amount: number, fee: number, created: number, currency = "aud") => ({
    id: `txn_${type}_${created}`,
    object: "balance_transaction" as const,
    type,
    amount,
    fee,
    currency,
    created,
  });

  it("sums Stripe's balance transactions of the farm's days: card money, refunds, fees and payouts", async () => {
    fake.balanceTransactions.push(
      // 1 October at the farm starts at 14:00 on 30 September in UTC.
      moved("charge", 20000, 320, at("2026-09-30T14:00:00Z")),
      moved("charge", 15000, 245, at("2026-10-12T01:00:00Z")),
      moved("refund", -5000, 0, at("2026-10-13T01:00:00Z")),
      moved("adjustment", -15000, 2500, at("2026-10-20T01:00:00Z")),
      moved("payout", -14435, 0, at("2026-10-15T01:00:00Z")),
      moved("charge", 9900, 100, at("2026-10-15T01:00:00Z"), "usd"),
      // The last second of September at the farm, and the first of November: outside.
      moved("charge", 777, 7, at("2026-09-30T13:59:59Z")),
      moved("charge", 888, 8, at("2026-10-31T14:00:00Z")),
    );
    expect(await providerReconciliation(range, provider)).toEqual({
      kind: "balance",
      chargesCents: 35000,
      refundsCents: 20000,
      feesCents: 3065,
      payoutsCents: 14435,
      transactions: 5,
      truncated: false,
    });
  });

  it("reads every page of a long month", async () => {
    const many = Array.from({ length: 250 }, (_, i) =>
      moved("charge", 100, 1, at("2027-05-10T01:00:00Z") + i),
    );
    const asked = () => fake.requests.filter((r) => r.path === "/v1/balance_transactions").length;
    const before = asked();
    fake.balanceTransactions.push(...many);
    try {
      const may = { from: "2027-05-01", to: "2027-05-31" };
      expect(await providerReconciliation(may, provider)).toMatchObject({
        kind: "balance",
        chargesCents: 25000,
        feesCents: 250,
        transactions: 250,
        truncated: false,
      });
      expect(asked() - before).toBe(3);
    } finally {
      fake.balanceTransactions.splice(-many.length);
    }
  });

  it("stops asking Stripe for pages once the report has given up waiting", async () => {
    // Ten pages of a hundred, each answering after 150 ms; the report waits 400 ms.
    const pages = Array.from({ length: 1000 }, (_, i) =>
      moved("charge", 100, 1, at("2027-03-10T01:00:00Z") + i),
    );
    const asked = () => fake.requests.filter((r) => r.path === "/v1/balance_transactions").length;
    const before = asked();
    fake.balanceTransactions.push(...pages);
    fake.balanceDelayMs = 150;
    try {
      const march = { from: "2027-03-01", to: "2027-03-31" };
      expect(await providerReconciliation(march, provider, { waitMs: 400 })).toEqual({
        kind: "unavailable",
      });
      const whenAnswered = asked();
      expect(whenAnswered - before).toBeLessThanOrEqual(3);
      // Long enough for three more pages, had the paging gone on.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(asked()).toBe(whenAnswered);
    } finally {
      fake.balanceDelayMs = 0;
      fake.balanceTransactions.splice(-pages.length);
    }
  });

  it("is none for the test checkout, and unavailable, the report still answering, when Stripe fails", async () => {
    expect(await providerReconciliation(range, createTestProvider("http://127.0.0.1:9"))).toEqual({
      kind: "none",
    });
    fake.outage = true;
    try {
      expect(await providerReconciliation(range, provider)).toEqual({ kind: "unavailable" });
    } finally {
      fake.outage = false;
    }
  });
});

describe("a kept card charged for a balance, through the SDK", () => {
  const charge = (customerId: string, idempotencyKey: string, paymentIntentId?: string) =>
    provider.chargeSavedCard({
      customerId,
      amountCents: 14_000,
      currency: "AUD",
      description: "Balance of booking 123456",
      bookingId: "booking-1",
      bookingReference: "123456",
      idempotencyKey,
      paymentIntentId,
    });

  it("charges the customer's card off session once per key", async () => {
    const paid = await charge("cus_pays_1", "balance-a");
    expect(paid).toMatchObject({ status: "paid", paymentIntentId: expect.stringMatching(/^pi_/) });
    // The same charge asked again (an answer lost) is the same payment.
    expect(await charge("cus_pays_1", "balance-a")).toEqual(paid);
    const made = [...fake.intents.values()].filter((i) => i.customer === "cus_pays_1");
    expect(made).toMatchObject([{ amount: 14_000, currency: "aud", off_session: true }]);
    expect(fake.requests.filter((r) => r.idempotencyKey === "balance-a")).toHaveLength(2);
  });

  it("is refused with Stripe's words for a declined card or none kept", async () => {
    expect(await charge("cus_declined_1", "balance-b")).toEqual({
      status: "refused",
      reason: "Your card was declined.",
    });
    expect(await charge("cus_nocard_1", "balance-c")).toEqual({
      status: "refused",
      reason: "No card is kept for this booking.",
    });
  });

  it("says a card still processing, then asks about that payment rather than making another", async () => {
    const first = await charge("cus_slow_1", "balance-d");
    expect(first).toMatchObject({ status: "processing" });
    const id = first.status === "processing" ? first.paymentIntentId : "";
    expect(await charge("cus_slow_1", "balance-d", id)).toEqual({
      status: "paid",
      paymentIntentId: id,
    });
    expect([...fake.intents.values()].filter((i) => i.customer === "cus_slow_1")).toHaveLength(1);
  });
});
