import { nightsBetween } from "#domain/rules/dates.ts";
import { guestBookingPath } from "#domain/rules/my-booking.ts";
import type { Executor } from "#server/db/client.ts";
import { notFound } from "#server/errors.ts";
import { findBookingWithCampsite } from "#server/services/bookings.ts";
import { depsOf, findPayment, type PaymentDeps, stayPageUrl } from "./deps";
import { type CheckoutOutcome, expireCheckout, fulfilCheckout } from "./settle";

export const TEST_SESSION_NOT_FOUND = "This test checkout session does not exist.";

/** The test checkout page's view of a session: what is being paid, and whether it still can be. */
export async function testCheckoutSession(db: Executor, sessionId: string, now: Date = new Date()) {
  const payment = await findPayment(db, sessionId);
  if (payment?.provider !== "test") return undefined;
  const found = await findBookingWithCampsite(db, payment.bookingId);
  if (!found) return undefined;
  const { booking, campsiteName } = found;
  // A change's payment pays for the changed stay, and returns to the camper's page.
  const stay = payment.stayChange?.stay;
  const page = stay && booking.guestToken ? guestBookingPath(booking.guestToken) : undefined;
  const open =
    payment.status === "pending" && (!payment.sessionExpiresAt || payment.sessionExpiresAt > now);
  return {
    sessionId,
    open,
    paymentStatus: payment.status,
    amountCents: payment.amountCents,
    currency: payment.currency,
    expiresAt: payment.sessionExpiresAt?.toISOString() ?? null,
    bookingReference: booking.bookingReference,
    campsiteName,
    checkIn: stay?.checkIn ?? booking.checkInDate,
    checkOut: stay?.checkOut ?? booking.checkOutDate,
    nights: nightsBetween(
      stay?.checkIn ?? booking.checkInDate,
      stay?.checkOut ?? booking.checkOutDate,
    ),
    guests: stay?.guests ?? booking.numberOfGuests,
    cancelUrl: page ?? stayPageUrl("", booking),
    successUrl: `${page ?? "/booking-success"}?session_id=${encodeURIComponent(sessionId)}`,
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
  options: PaymentDeps = {},
): Promise<CheckoutOutcome> {
  const { now } = depsOf(options);
  const payment = await findPayment(db, sessionId);
  if (payment?.provider !== "test") throw notFound(TEST_SESSION_NOT_FOUND);
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
      eventId: `test_evt_completed_${sessionId}`,
      eventType: "checkout.session.completed",
    },
    options,
  );
}
