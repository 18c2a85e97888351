import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import {
  bookings,
  discountCodes,
  emailOutbox,
  payments,
  prepaidCards,
  prepaidCardTransactions,
} from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import type { CheckoutSession, PaymentProvider } from "#server/payments/provider.ts";
import { createTestProvider } from "#server/payments/test-checkout.ts";
import { createBooking } from "#server/services/bookings.ts";
import { REFUND_REASONS } from "#server/services/payment-messages.ts";
import { refundPayment } from "#server/services/payments/refunds.ts";
import { expireCheckout } from "#server/services/payments/settle.ts";
import { startPayment } from "#server/services/payments/start.ts";
import { REFUND_RETRY_AFTER_MS, sweepHoldsAndPayments } from "#server/services/payments/sweeper.ts";
import { completeTestCheckout } from "#server/services/payments/test-checkout-session.ts";
import { verifyPayment } from "#server/services/payments/verify.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import {
  createCampsite,
  createDiscountCode,
  createPrepaidCard,
} from "#server/testing/factories.ts";
import { expectLedgerAgrees } from "#server/testing/ledger-check.ts";
import { assertPresent, present } from "#server/testing/present.ts";

const database = setupTestDatabase();
// Every history these tests make leaves the ledger adding up (issue 29).
afterAll(() => expectLedgerAgrees(database().db));
const db = () => database().db;
const today = farmToday();
const publicUrl = "http://127.0.0.1:9";

/** The test checkout, with its refunds recorded so tests can see them. */
function recordingProvider() {
  const refunds: { amountCents: number; idempotencyKey: string }[] = [];
  const sessions: CheckoutSession[] = [];
  const base = createTestProvider(publicUrl);
  const provider: PaymentProvider = {
    ...base,
    createCheckoutSession: async (request) => {
      const session = await base.createCheckoutSession(request);
      sessions.push(session);
      return session;
    },
    refund: async (r) => {
      refunds.push({ amountCents: r.amountCents, idempotencyKey: r.idempotencyKey });
    },
  };
  return { provider, refunds, sessions, deps: { provider, publicUrl } };
}

/** The test checkout refusing every refund until `restore()`: a provider that is down. */
function refundsRefused() {
  const { provider, refunds } = recordingProvider();
  let down = true;
  const flaky: PaymentProvider = {
    ...provider,
    refund: async (r) => {
      if (down) throw new Error("provider unavailable");
      await provider.refund(r);
    },
  };
  return {
    refunds,
    deps: { provider: flaky, publicUrl },
    restore: () => {
      down = false;
    },
  };
}

/** Past the minute a payment owed back waits before the sweeper retries its refund. */
const aMinuteOn = () => new Date(Date.now() + REFUND_RETRY_AFTER_MS + 1000);

let dayOffset = 0;
async function pendingBooking(
  overrides: { discountCode?: string; prepaidCardNumber?: string; quantity?: number } = {},
  now = new Date(),
) {
  const site = await createCampsite(db(), {
    pricePerNightCents: 5000,
    quantity: overrides.quantity ?? 1,
  });
  dayOffset += 3;
  const checkIn = addDays(today, 5 + dayOffset);
  const booking = await createBooking(
    db(),
    {
      campsiteId: site.id,
      checkIn,
      checkOut: addDays(checkIn, 2),
      guests: 2,
      firstName: "Sam",
      lastName: "Drover",
      email: "sam.drover@example.com",
      discountCode: overrides.discountCode,
      prepaidCardNumber: overrides.prepaidCardNumber,
    },
    now,
  );
  return { site, booking };
}

/** The session a payment URL names: its last path segment, or that segment's session_id. */
const sessionIdOf = (url: string) => {
  const last = present(url.split("/").pop(), `the last segment of ${url}`);
  return decodeURIComponent(present(last.split("session_id=").pop(), `the session in ${url}`));
};
const bookingRow = async (id: string) =>
  present((await db().select().from(bookings).where(eq(bookings.id, id)))[0], `booking ${id}`);
const paymentOf = async (sessionId: string) =>
  present(
    (await db().select().from(payments).where(eq(payments.stripeSessionId, sessionId)))[0],
    `the payment of session ${sessionId}`,
  );
const emailsOf = (bookingId: string) =>
  db().select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));

describe("paying through the test checkout", () => {
  it("extends the hold to the session, then marks the booking paid, redeems, debits and emails once", async () => {
    const code = await createDiscountCode(db(), {
      discountType: "fixed_amount",
      discountValue: 1000,
      usageLimit: 5,
    });
    const card = await createPrepaidCard(db(), { balanceCents: 2500 });
    const { booking } = await pendingBooking({
      discountCode: code.code,
      prepaidCardNumber: card.cardNumber,
    });
    expect(booking).toMatchObject({
      totalAmountCents: 10000,
      discountAmountCents: 1000,
      prepaidAmountUsedCents: 2500,
      finalAmountCents: 6500,
    });
    const { deps } = recordingProvider();

    const { url } = await startPayment(db(), booking.id, booking.holdSecret, deps);
    expect(url).toMatch(new RegExp(`^${publicUrl}/test-checkout/test_cs_`));
    const sessionId = sessionIdOf(url);
    const held = await bookingRow(booking.id);
    expect(present(held.holdExpiresAt, "the hold's expiry").getTime() - Date.now()).toBeGreaterThan(
      29 * 60_000,
    );
    expect(await paymentOf(sessionId)).toMatchObject({
      status: "pending",
      amountCents: 6500,
      provider: "test",
    });

    expect(await completeTestCheckout(db(), sessionId, deps)).toBe("paid");
    expect(await completeTestCheckout(db(), sessionId, deps)).toBe("replayed");

    expect((await bookingRow(booking.id)).status).toBe("paid");
    expect(await paymentOf(sessionId)).toMatchObject({ status: "succeeded" });
    const [usedCode] = await db().select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(present(usedCode, "the discount code").usedCount).toBe(1);
    const [debited] = await db().select().from(prepaidCards).where(eq(prepaidCards.id, card.id));
    expect(present(debited, "the prepaid card").balanceCents).toBe(0);
    const transactions = await db()
      .select()
      .from(prepaidCardTransactions)
      .where(eq(prepaidCardTransactions.prepaidCardId, card.id));
    expect(transactions).toMatchObject([
      { transactionType: "debit", amountCents: 2500, bookingId: booking.id },
    ]);

    const emails = await emailsOf(booking.id);
    const confirmation = emails.filter((e) => e.kind === "booking-confirmation");
    expect(confirmation).toHaveLength(1);
    const [mail] = confirmation;
    assertPresent(mail, "the confirmation email");
    expect(mail.toAddress).toBe("sam.drover@example.com");
    expect(mail.textBody).toContain(booking.bookingReference);
    // The same message as HTML, from the same template.
    expect(mail.htmlBody).toContain(booking.bookingReference);
    const invite = present(mail.attachments[0], "the confirmation's calendar attachment");
    expect(invite.filename).toBe(`${booking.bookingReference}.ics`);
    expect(invite.content).toContain("BEGIN:VEVENT");
    expect(invite.content).toContain("METHOD:PUBLISH");

    const answer = await verifyPayment(db(), sessionId, deps);
    expect(answer).toEqual({
      status: "paid",
      booking: {
        bookingReference: booking.bookingReference,
        campsiteName: booking.campsiteName,
        checkIn: booking.checkIn,
        checkOut: booking.checkOut,
        nights: 2,
        guests: 2,
        finalAmountCents: 6500,
        paymentPlan: null,
      },
      // The camper's own page, at the booking's secret token.
      manageBookingPath: expect.stringMatching(/^\/my-booking\/[\w-]{32}$/),
    });
    const manage = present(
      mail.textBody.match(/^Manage your booking: https?:\/\/\S+?(\/my-booking\/\S+)$/m),
      "the booking page's link in the confirmation",
    );
    expect(manage[1]).toBe(answer.manageBookingPath);
    expect(JSON.stringify(answer)).not.toContain("sam.drover");
  });

  it("expires the booking when its session ends, and the session cannot be paid after", async () => {
    const { booking } = await pendingBooking();
    const { deps } = recordingProvider();
    const sessionId = sessionIdOf(
      (await startPayment(db(), booking.id, booking.holdSecret, deps)).url,
    );
    expect(await expireCheckout(db(), { sessionId })).toBe("expired");
    expect((await bookingRow(booking.id)).status).toBe("expired");
    expect((await verifyPayment(db(), sessionId, deps)).status).toBe("expired");
    // Like a provider's expired session, an ended test session cannot be paid afterwards.
    expect(await completeTestCheckout(db(), sessionId, deps)).toBe("expired");
    expect((await bookingRow(booking.id)).status).toBe("expired");
  });

  it("confirms a booking fully covered by a prepaid card without a card payment", async () => {
    const card = await createPrepaidCard(db(), { balanceCents: 20000 });
    const { booking } = await pendingBooking({ prepaidCardNumber: card.cardNumber });
    expect(booking.finalAmountCents).toBe(0);
    const { deps } = recordingProvider();
    const { url } = await startPayment(db(), booking.id, booking.holdSecret, deps);
    expect(url).toMatch(new RegExp(`^${publicUrl}/booking-success\\?session_id=free_`));
    expect((await bookingRow(booking.id)).status).toBe("confirmed");
    const [left] = await db().select().from(prepaidCards).where(eq(prepaidCards.id, card.id));
    expect(present(left, "the prepaid card").balanceCents).toBe(10000);
    expect((await verifyPayment(db(), sessionIdOf(url), deps)).status).toBe("confirmed");
    expect((await emailsOf(booking.id)).some((e) => e.kind === "booking-confirmation")).toBe(true);
  });
});

describe("a payment that lands after its hold expired", () => {
  it("is accepted when the unit is still free", async () => {
    const { booking } = await pendingBooking();
    const { deps } = recordingProvider();
    const sessionId = sessionIdOf(
      (await startPayment(db(), booking.id, booking.holdSecret, deps)).url,
    );
    await db().update(bookings).set({ status: "expired" }).where(eq(bookings.id, booking.id));
    expect(await completeTestCheckout(db(), sessionId, deps)).toBe("paid");
    expect((await bookingRow(booking.id)).status).toBe("paid");
  });

  it("is refunded automatically, and the guest told, when the unit is gone", async () => {
    const { site, booking } = await pendingBooking();
    const { deps, refunds } = recordingProvider();
    const sessionId = sessionIdOf(
      (await startPayment(db(), booking.id, booking.holdSecret, deps)).url,
    );
    // The hold runs out; another guest books the same nights.
    await db()
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, booking.id));
    const rival = await createBooking(db(), {
      campsiteId: site.id,
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      guests: 1,
      firstName: "Rival",
      lastName: "Guest",
      email: "rival@example.com",
    });
    expect(rival.status).toBe("pending");

    expect(await completeTestCheckout(db(), sessionId, deps)).toBe("refunding");
    expect(refunds).toEqual([
      { amountCents: 10000, idempotencyKey: expect.stringContaining("refund-") },
    ]);
    expect((await bookingRow(booking.id)).status).toBe("refunded");
    expect(await paymentOf(sessionId)).toMatchObject({
      status: "refunded",
      refundedAmountCents: 10000,
    });
    const notice = (await emailsOf(booking.id)).find((e) => e.kind === "refund-notice");
    expect(notice?.textBody).toContain(REFUND_REASONS.unitGone);
    expect((await emailsOf(booking.id)).some((e) => e.kind === "booking-confirmation")).toBe(false);
    expect((await verifyPayment(db(), sessionId, deps)).status).toBe("refunded");
    expect((await bookingRow(rival.id)).status).toBe("pending");
  });

  it("is refunded when the card's credit went to another camper after its hold ran out", async () => {
    const card = await createPrepaidCard(db(), { balanceCents: 3000 });
    const first = await pendingBooking({ prepaidCardNumber: card.cardNumber });
    // The first hold has reserved the whole card: nobody else can apply it meanwhile.
    await expect(pendingBooking({ prepaidCardNumber: card.cardNumber })).rejects.toMatchObject({
      code: "invalid_prepaid_card",
    });
    const { deps, refunds } = recordingProvider();
    const s1 = sessionIdOf(
      (await startPayment(db(), first.booking.id, first.booking.holdSecret, deps)).url,
    );
    // Its hold runs out before the payment lands, and the credit goes to a second camper.
    await db()
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, first.booking.id));
    const second = await pendingBooking({ prepaidCardNumber: card.cardNumber });
    const s2 = sessionIdOf(
      (await startPayment(db(), second.booking.id, second.booking.holdSecret, deps)).url,
    );
    expect(await completeTestCheckout(db(), s2, deps)).toBe("paid");
    expect(await completeTestCheckout(db(), s1, deps)).toBe("refunding");
    expect(refunds.map((r) => r.amountCents)).toEqual([7000]);
    const [left] = await db().select().from(prepaidCards).where(eq(prepaidCards.id, card.id));
    expect(present(left, "the prepaid card").balanceCents).toBe(0);
    expect((await bookingRow(first.booking.id)).status).toBe("refunded");
  });
});

describe("refunds for the back office", () => {
  it("refund part, then the rest, never more than was paid", async () => {
    const { booking } = await pendingBooking();
    const { deps, refunds } = recordingProvider();
    const sessionId = sessionIdOf(
      (await startPayment(db(), booking.id, booking.holdSecret, deps)).url,
    );
    await completeTestCheckout(db(), sessionId, deps);
    const payment = await paymentOf(sessionId);

    const partial = await refundPayment(db(), payment.id, 4000, {
      ...deps,
      reason: "Cancelled by the farm.",
    });
    expect(partial).toMatchObject({ status: "succeeded", refundedAmountCents: 4000 });
    const tooMuch = await refundPayment(db(), payment.id, 6001, deps).catch((e: AppError) => e);
    expect(tooMuch).toBeInstanceOf(AppError);
    expect((tooMuch as AppError).refusal).toBe("invalid");
    expect((tooMuch as AppError).message).toBe(
      "The refund can be at most $60.00, what is left of this payment.",
    );
    const rest = await refundPayment(db(), payment.id, 6000, deps);
    expect(rest).toMatchObject({ status: "refunded", refundedAmountCents: 10000 });
    expect(refunds.map((r) => r.amountCents)).toEqual([4000, 6000]);
    // The booking's own status is the caller's (the admin cancels it).
    expect((await bookingRow(booking.id)).status).toBe("paid");
    expect((await emailsOf(booking.id)).filter((e) => e.kind === "refund-notice")).toHaveLength(2);
  });
});

describe("starting a payment", () => {
  it("never revives a hold that has ended, even with its unit still free", async () => {
    const { booking } = await pendingBooking();
    const { deps, sessions } = recordingProvider();
    await db()
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, booking.id));
    const error = await startPayment(db(), booking.id, booking.holdSecret, deps).catch(
      (e: AppError) => e,
    );
    expect(error).toMatchObject({ refusal: "conflict", code: "hold_expired" });
    expect(sessions).toHaveLength(0);
    await sweepHoldsAndPayments(db(), deps);
    const again = await startPayment(db(), booking.id, booking.holdSecret, deps).catch(
      (e: AppError) => e,
    );
    expect(again).toMatchObject({ code: "hold_expired" });
    expect((await bookingRow(booking.id)).status).toBe("expired");
  });

  it("answers the same open session to a second start, and extends the hold once", async () => {
    const { booking } = await pendingBooking();
    const { deps, sessions } = recordingProvider();
    const [first, second] = await Promise.all([
      startPayment(db(), booking.id, booking.holdSecret, deps),
      startPayment(db(), booking.id, booking.holdSecret, deps),
    ]);
    expect(second.url).toBe(first.url);
    expect(sessions).toHaveLength(1);
    const held = await bookingRow(booking.id);
    expect(held.holdExpiresAt?.getTime()).toBe(sessions[0]?.expiresAt.getTime());
  });

  it("refuses a start without the hold's own secret", async () => {
    const { booking } = await pendingBooking();
    const error = await startPayment(
      db(),
      booking.id,
      "not-the-secret",
      recordingProvider().deps,
    ).catch((e: AppError) => e);
    expect(error).toMatchObject({ refusal: "forbidden", code: "not_your_booking" });
  });

  it("answers 404 for an unknown booking", async () => {
    const error = await startPayment(
      db(),
      "7b0c5a8e-3f43-4a56-9a8f-0c1d2e3f4a5b",
      "any-secret",
      recordingProvider().deps,
    ).catch((e: AppError) => e);
    expect((error as AppError).refusal).toBe("not_found");
  });

  it("closes test sessions past their expiry in the sweeper", async () => {
    const { booking } = await pendingBooking();
    const { deps } = recordingProvider();
    const sessionId = sessionIdOf(
      (await startPayment(db(), booking.id, booking.holdSecret, deps)).url,
    );
    const later = new Date(Date.now() + 31 * 60_000);
    await sweepHoldsAndPayments(db(), { ...deps, now: later });
    expect((await paymentOf(sessionId)).status).toBe("canceled");
    expect((await bookingRow(booking.id)).status).toBe("expired");
  });
});

describe("an automatic refund the provider refused at first", () => {
  it("is retried by the sweeper until it goes through", async () => {
    const { site, booking } = await pendingBooking();
    const { refunds, deps, restore } = refundsRefused();
    const sessionId = sessionIdOf(
      (await startPayment(db(), booking.id, booking.holdSecret, deps)).url,
    );
    await db().update(bookings).set({ status: "expired" }).where(eq(bookings.id, booking.id));
    await createBooking(db(), {
      campsiteId: site.id,
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      guests: 1,
      firstName: "Rival",
      lastName: "Guest",
      email: "rival@example.com",
    });
    expect(await completeTestCheckout(db(), sessionId, deps)).toBe("refunding");
    expect(await paymentOf(sessionId)).toMatchObject({
      status: "succeeded",
      refundedAmountCents: 0,
    });
    expect((await bookingRow(booking.id)).status).toBe("expired");

    restore();
    // Not in the sweep right after: the settling call may be making that refund still.
    expect((await sweepHoldsAndPayments(db(), deps)).refundsRetried).toBe(0);
    expect(refunds).toEqual([]);
    const swept = await sweepHoldsAndPayments(db(), { ...deps, now: aMinuteOn() });
    expect(swept.refundsRetried).toBeGreaterThanOrEqual(1);
    expect(refunds.map((r) => r.amountCents)).toEqual([10000]);
    expect(await paymentOf(sessionId)).toMatchObject({
      status: "refunded",
      refundedAmountCents: 10000,
    });
    expect((await bookingRow(booking.id)).status).toBe("refunded");
  });

  // A booking already paid, or cancelled, when the payment lands: not expired, so
  // the payment's own mark is what brings the sweeper back to it.
  it.each([
    ["paid", "duplicate"],
    ["cancelled", "cancelled"],
  ] as const)(
    "is retried for a booking %s before the payment landed, with the guest told why",
    async (status, reason) => {
      const { booking } = await pendingBooking();
      const { refunds, deps, restore } = refundsRefused();
      const sessionId = sessionIdOf(
        (await startPayment(db(), booking.id, booking.holdSecret, deps)).url,
      );
      await db().update(bookings).set({ status }).where(eq(bookings.id, booking.id));
      expect(await completeTestCheckout(db(), sessionId, deps)).toBe("refunding");
      expect(await paymentOf(sessionId)).toMatchObject({
        status: "succeeded",
        refundOwedReason: reason,
        refundedAmountCents: 0,
      });

      restore();
      await sweepHoldsAndPayments(db(), { ...deps, now: aMinuteOn() });
      await sweepHoldsAndPayments(db(), { ...deps, now: aMinuteOn() });
      expect(refunds.map((r) => r.amountCents)).toEqual([10000]);
      expect(await paymentOf(sessionId)).toMatchObject({ status: "refunded" });
      const notices = (await emailsOf(booking.id)).filter((e) => e.kind === "refund-notice");
      expect(notices.map((e) => e.textBody)).toEqual([
        expect.stringContaining(REFUND_REASONS[reason]),
      ]);
      expect((await bookingRow(booking.id)).status).toBe(status);
    },
  );

  it("sends one a card dispute holds to the back of the queue, so it holds back no other", async () => {
    const { refunds, deps, restore } = refundsRefused();
    const owed: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { booking } = await pendingBooking();
      const sessionId = sessionIdOf(
        (await startPayment(db(), booking.id, booking.holdSecret, deps)).url,
      );
      await db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, booking.id));
      expect(await completeTestCheckout(db(), sessionId, deps)).toBe("refunding");
      owed.push(sessionId);
    }
    const [disputed, other] = owed as [string, string];
    await db()
      .update(payments)
      .set({ disputeStatus: "open" })
      .where(eq(payments.stripeSessionId, disputed));
    const before = (await paymentOf(disputed)).updatedAt;
    restore();
    await sweepHoldsAndPayments(db(), { ...deps, now: aMinuteOn() });
    expect(refunds.map((r) => r.amountCents)).toEqual([10000]);
    expect(await paymentOf(other)).toMatchObject({ status: "refunded" });
    expect(await paymentOf(disputed)).toMatchObject({
      status: "succeeded",
      refundedAmountCents: 0,
    });
    expect((await paymentOf(disputed)).updatedAt.getTime()).toBeGreaterThan(before.getTime());
  });
});
