import { nightsBetween } from "#domain/rules/dates.ts";
import { keepCardWords, paymentPlan } from "#domain/rules/deposits.ts";
import { guestBookingPath } from "#domain/rules/my-booking.ts";
import type { Executor } from "#server/db/client.ts";
import { notFound } from "#server/errors.ts";
import { TEST_KEPT_CARDS, type TestKeptCard } from "#server/payments/test-kept-cards.ts";
import { findBookingWithCampsite } from "#server/services/bookings.ts";
import { PAYMENT_CURRENCY } from "#server/services/payment-messages.ts";
import { depsOf, findPayment, type PaymentDeps, type PaymentRow, stayPageUrl } from "./deps";
import { expireGiftVoucher, findGiftVoucher, fulfilGiftVoucher } from "./gift-vouchers";
import { type CheckoutOutcome, expireCheckout, fulfilCheckout } from "./settle";

export const TEST_SESSION_NOT_FOUND = "This test checkout session does not exist.";

/** The test checkout page's view of a session: what is being paid, and whether it still can be. */
export async function testCheckoutSession(db: Executor, sessionId: string, now: Date = new Date()) {
  const payment = await findPayment(db, sessionId);
  if (!payment) return testVoucherSession(db, sessionId, now);
  if (payment.provider !== "test") return undefined;
  const found = await findBookingWithCampsite(db, payment.bookingId);
  if (!found) return undefined;
  const { booking, campsiteName } = found;
  // A change's payment pays for the changed stay, and returns to the camper's page.
  const stay = payment.stayChange?.stay;
  const checkIn = stay?.checkIn ?? booking.checkInDate;
  const checkOut = stay?.checkOut ?? booking.checkOutDate;
  const page = stay && booking.guestToken ? guestBookingPath(booking.guestToken) : undefined;
  const open =
    payment.status === "pending" && (!payment.sessionExpiresAt || payment.sessionExpiresAt > now);
  // A deposit's session keeps the card for the balance: the camper agrees, and picks a test card.
  const plan = payment.forBalance || stay ? null : paymentPlan(booking.depositTerms, booking);
  return {
    keepCard: plan ? keepCardWords(plan) : null,
    sessionId,
    open,
    paymentStatus: payment.status,
    amountCents: payment.amountCents,
    currency: payment.currency,
    expiresAt: payment.sessionExpiresAt?.toISOString() ?? null,
    title: `Pay for booking ${booking.bookingReference}`,
    details: [
      ["Campsite", campsiteName],
      ["Check-in", checkIn],
      ["Check-out", checkOut],
      ["Nights", String(nightsBetween(checkIn, checkOut))],
      ["Guests", String(stay?.guests ?? booking.numberOfGuests)],
    ],
    cancelUrl: page ?? stayPageUrl("", booking),
    successUrl: `${page ?? "/booking-success"}?session_id=${encodeURIComponent(sessionId)}`,
  };
}

/** The same view of a gift voucher's session (issue 31), whose payment is its own row. */
async function testVoucherSession(db: Executor, sessionId: string, now: Date) {
  const voucher = await findGiftVoucher(db, sessionId);
  if (voucher?.provider !== "test") return undefined;
  const open = voucher.status === "pending" && voucher.sessionExpiresAt > now;
  const paymentStatus: PaymentRow["status"] =
    voucher.status === "paid" ? "succeeded" : voucher.status === "expired" ? "canceled" : "pending";
  return {
    sessionId,
    open,
    paymentStatus,
    amountCents: voucher.amountCents,
    currency: PAYMENT_CURRENCY,
    expiresAt: voucher.sessionExpiresAt.toISOString(),
    keepCard: null,
    title: `Pay for gift voucher ${voucher.reference}`,
    details: [
      ["For", voucher.recipientName],
      ["From", voucher.buyerName],
    ],
    cancelUrl: "/gift-vouchers",
    successUrl: `/gift-vouchers/thanks?session_id=${encodeURIComponent(sessionId)}`,
  };
}

/**
 * The test checkout's "Pay" button: the same path as the provider's
 * `checkout.session.completed` webhook, with an event id of its own so a
 * second click changes nothing. A session past its expiry cannot be paid.
 */
export async function completeTestCheckout(
  db: Executor,
  sessionId: string,
  options: PaymentDeps & { keptCard?: TestKeptCard } = {},
): Promise<CheckoutOutcome> {
  const { now } = depsOf(options);
  const payment = await findPayment(db, sessionId);
  if (!payment) return completeTestVoucher(db, sessionId, now);
  if (payment.provider !== "test") throw notFound(TEST_SESSION_NOT_FOUND);
  if (payment.status === "pending" && payment.sessionExpiresAt && payment.sessionExpiresAt <= now)
    return expireCheckout(db, { sessionId });
  // Like a card provider's, an ended session cannot be paid any more.
  if (payment.status === "canceled" || payment.status === "failed") return "expired";
  return fulfilCheckout(
    db,
    {
      sessionId,
      paymentIntentId: `test_pi_${sessionId.slice("test_cs_".length)}`,
      amountTotalCents: payment.amountCents,
      customerId: options.keptCard
        ? `${TEST_KEPT_CARDS[options.keptCard].customer}${sessionId.slice("test_cs_".length)}`
        : null,
      eventId: `test_evt_completed_${sessionId}`,
      eventType: "checkout.session.completed",
    },
    options,
  );
}

/** The test checkout's "Pay" for a gift voucher: as its provider's webhook would settle it. */
async function completeTestVoucher(db: Executor, sessionId: string, now: Date) {
  const voucher = await findGiftVoucher(db, sessionId);
  if (voucher?.provider !== "test") throw notFound(TEST_SESSION_NOT_FOUND);
  if (voucher.status === "pending" && voucher.sessionExpiresAt <= now) {
    await expireGiftVoucher(db, sessionId);
    return "expired";
  }
  if (voucher.status === "expired") return "expired";
  const paymentIntentId = `test_pi_${sessionId.slice("test_cs_".length)}`;
  return (await fulfilGiftVoucher(db, { sessionId, paymentIntentId }, now)) ?? "unknown_session";
}
