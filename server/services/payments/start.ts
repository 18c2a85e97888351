// Starting a card payment (amendment 2.5): the checkout session for a pending
// booking, or a confirmation at once when nothing is left to pay.
import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { farmToday, nightsBetween } from "#domain/rules/dates.ts";
import { CHECKOUT_SESSION_MINUTES, holdExpiresAt, isHoldLive } from "#domain/rules/hold.ts";
import { discountProblem } from "#domain/rules/pricing.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings, discountCodes, payments, prepaidCards } from "#server/db/schema.ts";
import { AppError, conflict, notFound } from "#server/errors.ts";
import { log } from "#server/log.ts";
import type { PaymentProvider } from "#server/payments/provider.ts";
import { findBookingWithCampsite, unavailable, withFreeUnit } from "#server/services/bookings.ts";
import { retryOnDeadlock } from "#server/services/database-errors.ts";
import { type BookingRow, depsOf, type PaymentDeps, stayPageUrl, successUrl } from "./deps";
import {
  BOOKING_CLOSED,
  BOOKING_NOT_FOUND,
  CARD_BALANCE_CHANGED,
  FREE_SESSION_PREFIX,
  PAYMENT_CURRENCY,
  PROVIDER_UNAVAILABLE,
} from "./messages";
import { CreditGone, sendConfirmation, settleBooking } from "./settle";

/**
 * POST /api/bookings/:id/payment: the card payment page for a pending
 * booking, or straight to the result page when nothing is left to pay.
 * Extends the hold to the checkout session's expiry. A booking whose hold ran
 * out is held again when its unit (or another of the campsite) is still free.
 */
export async function startPayment(
  db: Executor,
  bookingId: string,
  options: PaymentDeps = {},
): Promise<{ url: string }> {
  const { provider, publicUrl, now } = depsOf(options);
  const found = await findBookingWithCampsite(db, bookingId);
  if (!found) throw notFound(BOOKING_NOT_FOUND);
  let { booking } = found;

  if (booking.status === "paid" || booking.status === "confirmed") {
    const [settled] = await db
      .select({ sessionId: payments.stripeSessionId })
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.status, "succeeded")));
    if (settled) return { url: successUrl(publicUrl, settled.sessionId) };
  }
  if (booking.status !== "pending" && booking.status !== "expired")
    throw conflict(BOOKING_CLOSED, "booking_closed");
  if (!isHoldLive(booking, now)) booking = await holdAgain(db, booking, now);
  await checkCreditStillApplies(db, booking, now);

  if (booking.finalAmountCents === 0) return confirmWithoutCardPayment(db, booking, publicUrl, now);

  await replaceOpenSessions(db, booking.id, provider);
  const session = await provider
    .createCheckoutSession({
      bookingId: booking.id,
      bookingReference: booking.bookingReference,
      description: `${found.campsiteName}: ${nightsBetween(booking.checkInDate, booking.checkOutDate)} nights from ${booking.checkInDate} (booking ${booking.bookingReference})`,
      amountCents: booking.finalAmountCents,
      currency: PAYMENT_CURRENCY,
      guestEmail: booking.guestEmail,
      expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_MINUTES * 60_000),
      successUrl: `${publicUrl}/booking-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: stayPageUrl(publicUrl, booking),
    })
    .catch((error: unknown) => {
      log.error({ err: error, bookingId: booking.id }, "could not create a checkout session");
      throw new AppError("upstream", PROVIDER_UNAVAILABLE, {
        code: "payment_provider_unavailable",
      });
    });
  await db.transaction(async (tx) => {
    await tx.insert(payments).values({
      bookingId: booking.id,
      provider: provider.name,
      stripeSessionId: session.id,
      guestEmail: booking.guestEmail,
      amountCents: booking.finalAmountCents,
      currency: PAYMENT_CURRENCY,
      status: "pending",
      sessionExpiresAt: session.expiresAt,
    });
    const extended = await tx
      .update(bookings)
      .set({ holdExpiresAt: session.expiresAt })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, "pending")))
      .returning({ id: bookings.id });
    if (extended.length === 0) throw unavailable();
  });
  return { url: session.url };
}

/** Holds an expired booking's nights again, on its unit or another free one; 409 when none is. */
async function holdAgain(db: Executor, booking: BookingRow, now: Date): Promise<BookingRow> {
  return retryOnDeadlock(() =>
    db.transaction((tx) =>
      withFreeUnit(
        tx,
        {
          campsiteId: booking.campsiteId,
          checkIn: booking.checkInDate,
          checkOut: booking.checkOutDate,
        },
        async (sp, unitId) => {
          const [row] = await sp
            .update(bookings)
            .set({ status: "pending", campsiteUnitId: unitId, holdExpiresAt: holdExpiresAt(now) })
            .where(
              and(eq(bookings.id, booking.id), inArray(bookings.status, ["pending", "expired"])),
            )
            .returning();
          if (!row) throw conflict(BOOKING_CLOSED, "booking_closed");
          return row;
        },
        now,
        booking.campsiteUnitId,
      ),
    ),
  );
}

/** The code and card applied when the booking was made must still apply before the guest pays. */
async function checkCreditStillApplies(db: Executor, booking: BookingRow, now: Date) {
  if (booking.discountCodeId) {
    const [code] = await db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.id, booking.discountCodeId));
    const problem = discountProblem(code, booking.totalAmountCents, farmToday(now));
    if (problem) throw conflict(problem, "invalid_discount_code");
  }
  if (booking.prepaidCardId && booking.prepaidAmountUsedCents > 0) {
    const [card] = await db
      .select()
      .from(prepaidCards)
      .where(eq(prepaidCards.id, booking.prepaidCardId));
    if (!card?.isActive || card.balanceCents < booking.prepaidAmountUsedCents)
      throw conflict(CARD_BALANCE_CHANGED, "invalid_prepaid_card");
  }
}

/** Ends the booking's earlier open sessions, so only the newest can be paid. */
async function replaceOpenSessions(db: Executor, bookingId: string, provider: PaymentProvider) {
  const open = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, "pending")));
  for (const payment of open) {
    if (payment.provider === provider.name) {
      await provider.expireCheckoutSession(payment.stripeSessionId).catch((error) => {
        // Already completed or expired at the provider: its own event settles it.
        log.warn({ err: error, sessionId: payment.stripeSessionId }, "could not expire a session");
      });
    }
    await db
      .update(payments)
      .set({ status: "canceled" })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "pending")));
  }
}

/** A final amount of 0 (a code or card covers it all): confirmed without a card payment. */
async function confirmWithoutCardPayment(
  db: Executor,
  booking: BookingRow,
  publicUrl: string,
  now: Date,
): Promise<{ url: string }> {
  const sessionId = `${FREE_SESSION_PREFIX}${randomBytes(18).toString("hex")}`;
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(bookings)
      .where(eq(bookings.id, booking.id))
      .for("update");
    if (locked?.status !== "pending") throw conflict(BOOKING_CLOSED, "booking_closed");
    try {
      await tx.transaction((sp) => settleBooking(sp, locked, "confirmed", now));
    } catch (error) {
      if (error instanceof CreditGone) throw conflict(CARD_BALANCE_CHANGED, "credit_gone");
      throw error;
    }
    await tx.insert(payments).values({
      bookingId: booking.id,
      provider: "none",
      stripeSessionId: sessionId,
      guestEmail: booking.guestEmail,
      amountCents: 0,
      currency: PAYMENT_CURRENCY,
      status: "succeeded",
    });
    await sendConfirmation(tx, booking.id);
  });
  return { url: successUrl(publicUrl, sessionId) };
}
