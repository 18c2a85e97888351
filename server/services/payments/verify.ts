import { eq } from "drizzle-orm";
import type { VerifiedPayment } from "#domain/api/booking.ts";
import { nightsBetween } from "#domain/rules/dates.ts";
import { paymentPlan } from "#domain/rules/deposits.ts";
import { guestBookingPath } from "#domain/rules/my-booking.ts";
import type { Executor } from "#server/db/client.ts";
import { theRow } from "#server/db/rows.ts";
import { bookings, campsites } from "#server/db/schema.ts";
import { notFound } from "#server/errors.ts";
import { log } from "#server/log.ts";
import {
  type BookingRow,
  depsOf,
  findPayment,
  type PaymentDeps,
  type PaymentRow,
  providerFor,
} from "./deps";
import { applyCheckoutState, expireCheckout } from "./settle";

export const PAYMENT_NOT_FOUND = "We could not find that payment. Please contact us.";

/**
 * POST /api/payments/verify: asks the provider about the session (when it
 * keeps state), applies the answer through the webhook's path, and tells
 * where the booking stands. No guest data in the answer.
 */
export async function verifyPayment(
  db: Executor,
  sessionId: string,
  options: PaymentDeps = {},
): Promise<VerifiedPayment> {
  const { now } = depsOf(options);
  let payment = await findPayment(db, sessionId);
  if (!payment) throw notFound(PAYMENT_NOT_FOUND);
  if (payment.status === "pending") {
    const provider = providerFor(payment, options);
    // When the provider does not answer, say where things stand now; its webhook settles it.
    const state = await provider?.retrieveCheckoutSession(sessionId).catch((error: unknown) => {
      log.warn({ err: error, sessionId }, "could not read the checkout session");
      return undefined;
    });
    if (state) await applyCheckoutState(db, state, options);
    else if (
      provider?.name !== "stripe" &&
      payment.sessionExpiresAt &&
      payment.sessionExpiresAt <= now
    )
      await expireCheckout(db, { sessionId });
    const updated = await findPayment(db, sessionId);
    if (!updated) throw new Error("expected the payment read a moment ago");
    payment = updated;
  }
  const row = theRow(
    await db
      .select({ booking: bookings, campsiteName: campsites.name })
      .from(bookings)
      .innerJoin(campsites, eq(campsites.id, bookings.campsiteId))
      .where(eq(bookings.id, payment.bookingId)),
    "the payment's booking",
  );
  const booking = row.booking;
  const status = verifyStatus(booking.status, payment.status);
  const standing = status === "paid" || status === "confirmed";
  return {
    status,
    booking: {
      bookingReference: booking.bookingReference,
      campsiteName: row.campsiteName,
      checkIn: booking.checkInDate,
      checkOut: booking.checkOutDate,
      nights: nightsBetween(booking.checkInDate, booking.checkOutDate),
      guests: booking.numberOfGuests,
      finalAmountCents: booking.finalAmountCents,
      paymentPlan: paymentPlan(booking.depositTerms, booking),
    },
    manageBookingPath: standing && booking.guestToken ? guestBookingPath(booking.guestToken) : null,
  };
}

function verifyStatus(
  booking: BookingRow["status"],
  payment: PaymentRow["status"],
): VerifiedPayment["status"] {
  if (payment === "refunded") return "refunded";
  if (payment === "failed") return "failed";
  if (booking === "paid" || booking === "confirmed" || booking === "refunded") return booking;
  if (booking === "pending" && payment === "pending") return "pending";
  if (booking === "cancelled") return "expired";
  // A settled payment whose booking could not be confirmed is being refunded.
  if (payment === "succeeded") return "refunded";
  return "expired";
}
