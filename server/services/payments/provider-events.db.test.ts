// The provider's word is final (decision 0013): refunds and disputes made at
// Stripe, signed and delivered to the webhook endpoint as Stripe sends them.
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { siteConfig } from "#content/site.ts";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { rowsOf } from "#server/db/rows.ts";
import {
  auditLog,
  bookings,
  discountCodes,
  emailOutbox,
  ledgerEntries,
  parkedProviderEvents,
  paymentEvents,
  payments,
  prepaidCards,
} from "#server/db/schema.ts";
import { log } from "#server/log.ts";
import { setPaymentProvider } from "#server/payments/index.ts";
import type { PaymentProvider } from "#server/payments/provider.ts";
import { createStripeProvider } from "#server/payments/stripe.ts";
import { getBookingDetails } from "#server/services/admin-bookings/details.ts";
import { listBookings } from "#server/services/admin-bookings/list.ts";
import { cancelBooking } from "#server/services/payments/cancel.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import {
  createCampsite,
  createDiscountCode,
  createPrepaidCard,
  insertBooking,
} from "#server/testing/factories.ts";
import { type FakeStripe, startFakeStripe } from "#server/testing/fake-stripe.ts";
import { expectLedgerAgrees } from "#server/testing/ledger-check.ts";
import { present } from "#server/testing/present.ts";
import {
  type StripeWebhook,
  startStripeWebhook,
  stripeEvent,
} from "#server/testing/stripe-webhook.ts";
import { findGiftVoucher, startGiftVoucher } from "./gift-vouchers";
import { handleStripeEvent } from "./webhook";

const database = setupTestDatabase();
// Every history these tests make leaves the ledger adding up (issue 29).
afterAll(() => expectLedgerAgrees(database().db));
const db = () => database().db;
const webhookSecret = "whsec_test_provider_events";

let fake: FakeStripe;
let provider: ReturnType<typeof createStripeProvider>;
let webhook: StripeWebhook;

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = createStripeProvider({ secretKey: "sk_test_rocky", webhookSecret, apiBase: fake.url });
  // The back office's cancellation refunds through the configured provider.
  setPaymentProvider(provider);
  webhook = await startStripeWebhook({ provider: () => provider, db, webhookSecret });
});
afterAll(async () => {
  setPaymentProvider(undefined);
  await webhook?.close();
  await fake?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

/** Delivers a signed event; `ignored` is why the webhook refused to apply it, if it did. */
async function deliver(
  type: string,
  object: object,
  options: { id?: string; livemode?: boolean; ignored?: string } = {},
) {
  const { ignored, ...event } = options;
  const answer = await webhook.deliver(stripeEvent(type, object, event));
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual(ignored ? { received: true, ignored } : { received: true });
}

let offset = 0;
/**
 * A booking held at the checkout, with its pending Stripe payment: $130.00 for
 * two nights, less any code and card credit given.
 */
async function heldAtCheckout(credit: { discountCodeId?: string; prepaidCardId?: string } = {}) {
  const site = await createCampsite(db(), { pricePerNightCents: 6500, quantity: 1 });
  offset += 3;
  const checkInDate = addDays(farmToday(), 10 + offset);
  const discountAmountCents = credit.discountCodeId ? 1000 : 0;
  const prepaidAmountUsedCents = credit.prepaidCardId ? 2000 : 0;
  const booking = await insertBooking(db(), site, {
    status: "pending",
    holdExpiresAt: new Date(Date.now() + 30 * 60_000),
    checkInDate,
    checkOutDate: addDays(checkInDate, 2),
    totalAmountCents: 13000,
    discountCodeId: credit.discountCodeId ?? null,
    discountAmountCents,
    prepaidCardId: credit.prepaidCardId ?? null,
    prepaidAmountUsedCents,
    finalAmountCents: 13000 - discountAmountCents - prepaidAmountUsedCents,
  });
  const [payment] = await db()
    .insert(payments)
    .values({
      bookingId: booking.id,
      provider: "stripe",
      stripeSessionId: id("cs_test"),
      guestEmail: booking.guestEmail,
      amountCents: booking.finalAmountCents,
      currency: "AUD",
      status: "pending",
    })
    .returning();
  return { site, booking, payment: present(payment, "the pending payment") };
}

/**
 * The guest pays at Stripe: `checkout.session.completed` for `amountTotal` (by
 * default the amount asked), which is also what the fake Stripe lets be refunded.
 */
async function pay(
  payment: { stripeSessionId: string; amountCents: number },
  amountTotal?: number,
) {
  const intent = id("pi");
  const captured = amountTotal ?? payment.amountCents;
  fake.captured.set(intent, captured);
  await deliver("checkout.session.completed", {
    id: payment.stripeSessionId,
    object: "checkout.session",
    status: "complete",
    payment_status: "paid",
    amount_total: captured,
    currency: "aud",
    payment_intent: intent,
  });
  return intent;
}

async function paidBooking(credit: { discountCodeId?: string; prepaidCardId?: string } = {}) {
  const held = await heldAtCheckout(credit);
  const intent = await pay(held.payment);
  expect((await bookingRow(held.booking.id)).status).toBe("paid");
  return { ...held, intent, chargeId: id("ch") };
}

const charge = (
  intent: string | null,
  chargeId: string,
  amounts: { amount: number; refunded: number },
  currency = "aud",
) => ({
  id: chargeId,
  object: "charge",
  amount: amounts.amount,
  amount_captured: amounts.amount,
  amount_refunded: amounts.refunded,
  refunded: amounts.refunded >= amounts.amount,
  currency,
  payment_intent: intent,
});

const dispute = (
  intent: string | null,
  chargeId: string,
  disputeId: string,
  status: string,
  amount = 13000,
) => ({
  id: disputeId,
  object: "dispute",
  amount,
  currency: "aud",
  charge: chargeId,
  payment_intent: intent,
  reason: "product_not_received",
  status,
  evidence_details: { due_by: Math.floor(Date.parse("2031-02-01T00:00:00Z") / 1000) },
});

const bookingRow = async (bookingId: string) =>
  present(
    (await db().select().from(bookings).where(eq(bookings.id, bookingId)))[0],
    `booking ${bookingId}`,
  );
const paymentRow = async (paymentId: string) =>
  present(
    (await db().select().from(payments).where(eq(payments.id, paymentId)))[0],
    `payment ${paymentId}`,
  );
const emailsOf = async (bookingId: string, kind: string) =>
  (await db().select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId))).filter(
    (e) => e.kind === kind,
  );
const auditOf = (bookingId: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, bookingId), eq(auditLog.action, action)));

describe("charge.refunded for a refund made in the Stripe Dashboard", () => {
  it("a full refund ends the booking, frees its nights, gives back credit and code use, and tells the farm, once", async () => {
    const code = await createDiscountCode(db(), { usageLimit: 5 });
    const card = await createPrepaidCard(db(), { balanceCents: 5000 });
    const { site, booking, payment, intent, chargeId } = await paidBooking({
      discountCodeId: code.id,
      prepaidCardId: card.id,
    });
    const codeOf = async () =>
      present(
        (await db().select().from(discountCodes).where(eq(discountCodes.id, code.id)))[0],
        "the code",
      );
    const cardOf = async () =>
      present(
        (await db().select().from(prepaidCards).where(eq(prepaidCards.id, card.id)))[0],
        "the card",
      );
    expect((await codeOf()).usedCount).toBe(1);
    expect((await cardOf()).balanceCents).toBe(3000);

    const refunded = stripeEvent(
      "charge.refunded",
      charge(intent, chargeId, { amount: 10000, refunded: 10000 }),
    );
    expect((await webhook.deliver(refunded)).status).toBe(200);

    const ended = await bookingRow(booking.id);
    expect(ended.status).toBe("refunded");
    expect(ended.cancelledAt).not.toBeNull();
    expect(await paymentRow(payment.id)).toMatchObject({
      status: "refunded",
      refundedAmountCents: 10000,
      chargeId,
    });
    expect((await codeOf()).usedCount).toBe(0);
    expect((await cardOf()).balanceCents).toBe(5000);
    expect(await auditOf(booking.id, "booking.refunded_at_provider")).toHaveLength(1);
    const [notice] = await emailsOf(booking.id, "farm-refund-notice");
    expect(notice?.toAddress).toBe(siteConfig().notificationEmail);
    expect(notice?.textBody).toContain(booking.bookingReference);
    expect(notice?.textBody).toContain("$20.00 of prepaid credit went back");
    expect(await emailsOf(booking.id, "refund-notice")).toHaveLength(0);

    // The nights are free: another booking of the same unit and nights is taken.
    const next = await insertBooking(db(), site, {
      status: "paid",
      checkInDate: booking.checkInDate,
      checkOutDate: booking.checkOutDate,
    });
    expect(next.campsiteUnitId).toBe(booking.campsiteUnitId);

    // The same event again, and a later event saying the same total: nothing more happens.
    expect((await webhook.deliver(refunded)).status).toBe(200);
    await deliver("charge.refunded", charge(intent, chargeId, { amount: 10000, refunded: 10000 }));
    expect((await codeOf()).usedCount).toBe(0);
    expect((await cardOf()).balanceCents).toBe(5000);
    expect(await auditOf(booking.id, "booking.refunded_at_provider")).toHaveLength(1);
    expect(await emailsOf(booking.id, "farm-refund-notice")).toHaveLength(1);
    expect((await paymentRow(payment.id)).refundedAmountCents).toBe(10000);
  });

  it("a partial refund only records the provider's total, which never goes down", async () => {
    const { booking, payment, intent, chargeId } = await paidBooking();
    await deliver("charge.refunded", charge(intent, chargeId, { amount: 13000, refunded: 4000 }));
    expect(await paymentRow(payment.id)).toMatchObject({
      status: "succeeded",
      refundedAmountCents: 4000,
      chargeId,
    });
    // An earlier refund's event arriving late (out of order) leaves the total as it is.
    await deliver("charge.refunded", charge(intent, chargeId, { amount: 13000, refunded: 2500 }));
    expect((await paymentRow(payment.id)).refundedAmountCents).toBe(4000);
    expect((await bookingRow(booking.id)).status).toBe("paid");
    expect(await emailsOf(booking.id, "farm-refund-notice")).toHaveLength(0);
    expect(await auditOf(booking.id, "booking.refunded_at_provider")).toHaveLength(0);

    // The rest, refunded later: the charge is found by its id alone now.
    await deliver("charge.refunded", charge(null, chargeId, { amount: 13000, refunded: 13000 }));
    expect((await bookingRow(booking.id)).status).toBe("refunded");
    expect((await paymentRow(payment.id)).refundedAmountCents).toBe(13000);
  });

  it("a charge this site did not make changes nothing", async () => {
    const outcome = await handleStripeEvent(
      db(),
      JSON.parse(
        stripeEvent("charge.refunded", charge(id("pi"), id("ch"), { amount: 500, refunded: 500 })),
      ) as Stripe.Event,
      { provider },
    );
    expect(outcome).toBe("parked");
  });

  it("a refund and a dispute that arrive before their checkout are kept, then applied once it is recorded", async () => {
    const held = await heldAtCheckout();
    const intent = id("pi");
    const chargeId = id("ch");
    const disputeId = id("dp");
    await deliver("charge.refunded", charge(intent, chargeId, { amount: 13000, refunded: 3000 }));
    await deliver("charge.dispute.created", dispute(intent, chargeId, disputeId, "needs_response"));
    expect((await paymentRow(held.payment.id)).refundedAmountCents).toBe(0);

    // The checkout's own event comes last: the refund and the dispute follow it at once.
    fake.captured.set(intent, 13000);
    await deliver("checkout.session.completed", {
      id: held.payment.stripeSessionId,
      object: "checkout.session",
      status: "complete",
      payment_status: "paid",
      amount_total: 13000,
      currency: "aud",
      payment_intent: intent,
    });
    expect(await paymentRow(held.payment.id)).toMatchObject({
      status: "succeeded",
      refundedAmountCents: 3000,
      chargeId,
      disputeId,
    });
    expect(await bookingRow(held.booking.id)).toMatchObject({
      status: "paid",
      disputeStatus: "open",
    });
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.bookingId, held.booking.id));
    expect(entries.map((e) => [e.kind, e.amountCents]).sort()).toEqual([
      ["dispute", -13000],
      ["payment", 13000],
      ["refund", -3000],
    ]);
    // Applied once: nothing is left parked, and the refund's replay changes nothing.
    const parked = await db()
      .select()
      .from(parkedProviderEvents)
      .where(eq(parkedProviderEvents.paymentIntentId, intent));
    expect(parked).toEqual([]);
    await deliver("charge.refunded", charge(intent, chargeId, { amount: 13000, refunded: 3000 }));
    expect((await paymentRow(held.payment.id)).refundedAmountCents).toBe(3000);
  });

  it("a refund event without a readable refunded amount is answered 200 and changes nothing", async () => {
    const { booking, payment, intent, chargeId } = await paidBooking();
    const { amount_refunded: _, ...odd } = charge(intent, chargeId, {
      amount: 13000,
      refunded: 13000,
    });
    await deliver("charge.refunded", odd);
    await deliver("charge.refunded", { ...odd, amount_refunded: "13000" });
    expect(await paymentRow(payment.id)).toMatchObject({ refundedAmountCents: 0 });
    expect((await bookingRow(booking.id)).status).toBe("paid");
  });
});

/**
 * On PostgreSQL, until a transaction of this database waits for a row lock
 * (the webhook's, behind the cancellation's). PGlite runs one transaction at
 * a time: there the webhook's simply starts after the cancellation's ends.
 */
async function untilAnotherTransactionWaitsForALock() {
  if (database().kind !== "postgres") return;
  await vi.waitFor(
    async () => {
      const waiting = await db().execute(
        sql`select 1 from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      expect(rowsOf(waiting)).not.toEqual([]);
    },
    { timeout: 10_000, interval: 20 },
  );
}

describe("charge.refunded for a refund the app made itself", () => {
  it("the back office's full refund is counted once and cancels once, even when Stripe's event arrives mid-way", async () => {
    const card = await createPrepaidCard(db(), { balanceCents: 5000 });
    const { booking, payment, intent, chargeId } = await paidBooking({ prepaidCardId: card.id });
    // Stripe's event lands after the refund and before the app records it: its
    // transaction waits for the cancellation's (no deadlock), then finds the refund ours.
    let delivered: Promise<void> | undefined;
    const racing: PaymentProvider = {
      ...provider,
      refund: async (input) => {
        await provider.refund(input);
        const event = charge(intent, chargeId, { amount: 11000, refunded: 11000 });
        delivered = deliver("charge.refunded", event);
        await untilAnotherTransactionWaitsForALock();
      },
    };
    setPaymentProvider(racing);
    try {
      const result = await cancelBooking(db(), null, booking.id, { refund: { kind: "full" } });
      expect(result).toMatchObject({ refundedCents: 11000, prepaidCreditReturnedCents: 2000 });
      await delivered;
    } finally {
      setPaymentProvider(provider);
    }
    expect((await bookingRow(booking.id)).status).toBe("cancelled");
    expect(await paymentRow(payment.id)).toMatchObject({
      status: "refunded",
      refundedAmountCents: 11000,
    });
    expect(fake.refunds.filter((r) => r.payment_intent === intent)).toMatchObject([
      { amount: 11000 },
    ]);
    const [after] = await db().select().from(prepaidCards).where(eq(prepaidCards.id, card.id));
    expect(after?.balanceCents).toBe(5000);
    expect(await auditOf(booking.id, "booking.cancelled")).toHaveLength(1);
    expect(await auditOf(booking.id, "booking.refunded_at_provider")).toHaveLength(0);
    expect(await emailsOf(booking.id, "farm-refund-notice")).toHaveLength(0);

    // Stripe sends the event again later: still nothing more.
    await deliver("charge.refunded", charge(intent, chargeId, { amount: 11000, refunded: 11000 }));
    expect((await paymentRow(payment.id)).refundedAmountCents).toBe(11000);
    expect(await auditOf(booking.id, "booking.refunded_at_provider")).toHaveLength(0);
  });

  it("an automatic refund gives back what was captured, and its event changes nothing more", async () => {
    const { booking, payment } = await heldAtCheckout();
    // Stripe captured less than the booking asks for: the amount is wrong, so it goes back.
    const intent = await pay(payment, 12000);
    expect(fake.refunds.filter((r) => r.payment_intent === intent)).toMatchObject([
      { amount: 12000 },
    ]);
    expect(await paymentRow(payment.id)).toMatchObject({
      status: "refunded",
      capturedAmountCents: 12000,
      refundedAmountCents: 12000,
    });
    expect((await bookingRow(booking.id)).status).toBe("refunded");

    await deliver("charge.refunded", charge(intent, id("ch"), { amount: 12000, refunded: 12000 }));
    expect((await paymentRow(payment.id)).refundedAmountCents).toBe(12000);
    expect((await bookingRow(booking.id)).status).toBe("refunded");
    expect(await emailsOf(booking.id, "refund-notice")).toHaveLength(1);
    expect(await emailsOf(booking.id, "farm-refund-notice")).toHaveLength(0);
  });
});

describe("card disputes", () => {
  it("a new dispute flags the booking and tells the farm; its close records the outcome", async () => {
    const { booking, payment, intent, chargeId } = await paidBooking();
    const disputeId = id("dp");
    const opened = stripeEvent(
      "charge.dispute.created",
      dispute(intent, chargeId, disputeId, "needs_response"),
    );
    expect((await webhook.deliver(opened)).status).toBe(200);
    expect((await webhook.deliver(opened)).status).toBe(200);

    expect((await bookingRow(booking.id)).disputeStatus).toBe("open");
    expect(await paymentRow(payment.id)).toMatchObject({ disputeId, chargeId });
    const notices = await emailsOf(booking.id, "farm-dispute-notice");
    expect(notices).toHaveLength(1);
    expect(notices[0]?.toAddress).toBe(siteConfig().notificationEmail);
    expect(notices[0]?.subject).toBe(`Card dispute on booking ${booking.bookingReference}`);
    expect(notices[0]?.textBody).toContain("Stripe Dashboard");
    expect(await auditOf(booking.id, "booking.dispute_opened")).toHaveLength(1);
    expect((await bookingRow(booking.id)).status).toBe("paid");

    // The back office sees it: the list's row and the booking's details.
    const { bookings: rows } = await listBookings(db(), { search: booking.bookingReference });
    expect(rows.find((r) => r.id === booking.id)?.disputeStatus).toBe("open");
    const details = await getBookingDetails(db(), booking.id);
    expect(details.disputeStatus).toBe("open");
    expect(details.payments[0]).toMatchObject({ disputeId, chargeId });

    // Closed, named by its charge alone: lost.
    await deliver("charge.dispute.closed", dispute(null, chargeId, disputeId, "lost"));
    expect((await bookingRow(booking.id)).disputeStatus).toBe("lost");
    expect(await auditOf(booking.id, "booking.dispute_closed")).toHaveLength(1);
  });

  it("a close that arrives before the opening keeps its outcome", async () => {
    const { booking, intent, chargeId } = await paidBooking();
    const disputeId = id("dp");
    await deliver("charge.dispute.closed", dispute(intent, chargeId, disputeId, "won"));
    expect((await bookingRow(booking.id)).disputeStatus).toBe("won");
    await deliver("charge.dispute.created", dispute(intent, chargeId, disputeId, "needs_response"));
    expect((await bookingRow(booking.id)).disputeStatus).toBe("won");
    expect(await emailsOf(booking.id, "farm-dispute-notice")).toHaveLength(0);
  });
  it("a signed dispute without a reason, amount or deadline is recorded as unknown, never a 500", async () => {
    const { booking, intent, chargeId } = await paidBooking();
    const { reason, evidence_details, ...bare } = dispute(intent, chargeId, id("dp"), "x");
    expect([reason, evidence_details]).not.toContain(undefined);
    const odd = { ...bare, status: 42, amount: "13000" };
    await deliver("charge.dispute.created", odd);
    expect((await bookingRow(booking.id)).disputeStatus).toBe("open");
    const [opened] = await auditOf(booking.id, "booking.dispute_opened");
    expect(present(opened, "the audit entry").details).toMatchObject({
      reason: "unknown",
      amountCents: null,
      dueBy: null,
    });
    const [notice] = await emailsOf(booking.id, "farm-dispute-notice");
    expect(present(notice, "the farm's notice").textBody).toContain(
      `disputed a payment for booking ${booking.bookingReference} (no reason given)`,
    );
    // Closed without a status this site can read: logged, and the dispute stays open.
    await deliver("charge.dispute.closed", { ...bare, status: null });
    expect((await bookingRow(booking.id)).disputeStatus).toBe("open");
  });

  it("a dispute event without the dispute's id is answered 200 and changes nothing", async () => {
    const { booking, intent, chargeId } = await paidBooking();
    const { id: _, ...nameless } = dispute(intent, chargeId, id("dp"), "needs_response");
    await deliver("charge.dispute.created", nameless);
    expect((await bookingRow(booking.id)).disputeStatus).toBeNull();
    expect(await emailsOf(booking.id, "farm-dispute-notice")).toEqual([]);
  });
});

describe("events that do not match the configuration", () => {
  it("refuses another currency or the other mode: logged, answered 200, not applied", async () => {
    const warn = vi.spyOn(log, "warn");
    const { booking, payment, intent, chargeId } = await paidBooking();

    const usd = stripeEvent(
      "charge.refunded",
      charge(intent, chargeId, { amount: 13000, refunded: 13000 }, "usd"),
      {
        id: "evt_wrong_currency",
      },
    );
    expect((await webhook.deliver(usd)).status).toBe(200);
    const live = stripeEvent(
      "charge.dispute.created",
      dispute(intent, chargeId, id("dp"), "needs_response"),
      {
        id: "evt_wrong_mode",
        livemode: true,
      },
    );
    const answer = await webhook.deliver(live);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, ignored: "wrong_mode" });

    expect(await bookingRow(booking.id)).toMatchObject({ status: "paid", disputeStatus: null });
    expect(await paymentRow(payment.id)).toMatchObject({
      status: "succeeded",
      refundedAmountCents: 0,
    });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({
        eventId: "evt_wrong_currency",
        type: "charge.refunded",
        mismatch: "currency",
      }),
      expect.any(String),
    );
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({
        eventId: "evt_wrong_mode",
        type: "charge.dispute.created",
        mismatch: "mode",
      }),
      expect.any(String),
    );
    // Not stored as applied either.
    const stored = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, "evt_wrong_currency"));
    expect(stored).toHaveLength(0);
  });

  it("a payment in another currency is not taken as the booking's", async () => {
    const { booking, payment } = await heldAtCheckout();
    await deliver(
      "checkout.session.completed",
      {
        id: payment.stripeSessionId,
        object: "checkout.session",
        status: "complete",
        payment_status: "paid",
        amount_total: payment.amountCents,
        currency: "nzd",
        payment_intent: id("pi"),
      },
      { ignored: "wrong_currency" },
    );
    expect((await bookingRow(booking.id)).status).toBe("pending");
    expect((await paymentRow(payment.id)).status).toBe("pending");
  });

  it("a live key refuses test events", async () => {
    const liveProvider = createStripeProvider({
      secretKey: "rk_live_rocky",
      webhookSecret,
      apiBase: fake.url,
    });
    const event = JSON.parse(
      stripeEvent("charge.refunded", charge(id("pi"), id("ch"), { amount: 500, refunded: 500 })),
    ) as Stripe.Event;
    expect(await handleStripeEvent(db(), event, { provider: liveProvider })).toBe("wrong_mode");
    const liveEvent = { ...event, livemode: true } as Stripe.Event;
    expect(await handleStripeEvent(db(), liveEvent, { provider: liveProvider })).toBe("parked");
  });
});

describe("a gift voucher's payment refunded or disputed at Stripe", () => {
  /** A voucher bought through Stripe: its checkout, then `checkout.session.completed`. */
  async function soldVoucher(amount: string, first?: (intent: string) => Promise<void>) {
    const { url } = await startGiftVoucher(
      db(),
      {
        amount,
        buyerName: "Rae Giver",
        buyerEmail: "rae@example.com",
        recipientName: "Lou Taker",
        recipientEmail: "lou@example.com",
        message: "",
      },
      `198.51.100.${++offset}`,
      { provider, publicUrl: "http://127.0.0.1:9" },
    );
    const session = present(
      [...fake.sessions.values()].find((s) => s.url === url),
      "the voucher's session",
    );
    const paid = fake.pay(session.id);
    await first?.(present(paid.payment_intent, "the intent"));
    await deliver("checkout.session.completed", paid);
    const voucher = present(await findGiftVoucher(db(), session.id), "the voucher");
    expect(voucher.status).toBe("paid");
    return { voucher, intent: present(paid.payment_intent, "the intent") };
  }
  const entriesOf = async (giftVoucherId: string) =>
    (
      await db()
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.giftVoucherId, giftVoucherId))
        // One transaction's entries share their instant: then, money out first.
        .orderBy(ledgerEntries.createdAt, ledgerEntries.amountCents)
    ).map((e) => [e.kind, e.amountCents]);
  const cardOf = async (cardId: string | null) =>
    present(
      (
        await db()
          .select()
          .from(prepaidCards)
          .where(eq(prepaidCards.id, cardId ?? ""))
      )[0],
      "the voucher's card",
    );

  it("enters the refund once, however often Stripe sends it, and withdraws the card", async () => {
    const { voucher, intent } = await soldVoucher("60");
    const chargeId = id("ch");
    const refunded = charge(intent, chargeId, { amount: 6000, refunded: 6000 });
    await deliver("charge.refunded", refunded, { id: "evt_voucher_refund" });
    await deliver("charge.refunded", refunded, { id: "evt_voucher_refund" });
    await deliver("charge.refunded", refunded);
    // An older event, sent again after the full refund, names less: nothing comes back.
    await deliver("charge.refunded", charge(intent, chargeId, { amount: 6000, refunded: 2000 }));
    expect(await entriesOf(voucher.id)).toEqual([
      ["payment", 6000],
      ["refund", -6000],
    ]);
    expect(await cardOf(voucher.prepaidCardId)).toMatchObject({ isActive: false, balanceCents: 0 });
  });

  it("applies a refund that arrived before the voucher's payment once the voucher is paid", async () => {
    const chargeId = id("ch");
    const { voucher } = await soldVoucher("30", (intent) =>
      deliver("charge.refunded", charge(intent, chargeId, { amount: 3000, refunded: 3000 })),
    );
    expect(await entriesOf(voucher.id)).toEqual([
      ["payment", 3000],
      ["refund", -3000],
    ]);
    expect(await cardOf(voucher.prepaidCardId)).toMatchObject({ isActive: false, balanceCents: 0 });
  });

  it("enters what a dispute takes, and gives it back when the dispute is won", async () => {
    const { voucher, intent } = await soldVoucher("70");
    const chargeId = id("ch");
    const disputeId = id("dp");
    await deliver(
      "charge.dispute.created",
      dispute(intent, chargeId, disputeId, "needs_response", 7000),
    );
    expect(await entriesOf(voucher.id)).toEqual([
      ["payment", 7000],
      ["dispute", -7000],
    ]);
    await deliver("charge.dispute.closed", dispute(intent, chargeId, disputeId, "won", 7000));
    expect(await entriesOf(voucher.id)).toEqual([
      ["payment", 7000],
      ["dispute", -7000],
      ["dispute", 7000],
    ]);
    expect(await cardOf(voucher.prepaidCardId)).toMatchObject({ isActive: false });
  });

  it("takes nothing more for a dispute's opening that arrives after it was won", async () => {
    const { voucher, intent } = await soldVoucher("40");
    const chargeId = id("ch");
    const disputeId = id("dp");
    await deliver("charge.dispute.closed", dispute(intent, chargeId, disputeId, "won", 4000));
    await deliver(
      "charge.dispute.created",
      dispute(intent, chargeId, disputeId, "needs_response", 4000),
    );
    expect(await entriesOf(voucher.id)).toEqual([
      ["payment", 4000],
      ["dispute", -4000],
      ["dispute", 4000],
    ]);
    expect(await cardOf(voucher.prepaidCardId)).toMatchObject({
      isActive: true,
      balanceCents: 4000,
    });
  });
});
