// Starting a card payment (amendment 2.5): the checkout session for a pending
// booking, or a confirmation at once when nothing is left to pay.
import { randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { farmToday, nightsBetween } from "#domain/rules/dates.ts";
import { keepCardWords, paymentPlan } from "#domain/rules/deposits.ts";
import { CHECKOUT_SESSION_MINUTES } from "#domain/rules/hold.ts";
import { discountProblem } from "#domain/rules/pricing.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings, discountCodes, payments, prepaidCards } from "#server/db/schema.ts";
import { AppError, conflict, notFound } from "#server/errors.ts";
import { log } from "#server/log.ts";
import type { PaymentProvider } from "#server/payments/provider.ts";
import { acceptPolicy } from "#server/services/accepted-policy.ts";
import { findBookingWithCampsite } from "#server/services/bookings.ts";
import {
  lockOwnBooking,
  requireLiveHold,
  requireOwnBooking,
} from "#server/services/held-bookings.ts";
import {
  BOOKING_CLOSED,
  BOOKING_NOT_FOUND,
  CARD_BALANCE_CHANGED,
  FREE_SESSION_PREFIX,
  PAYMENT_CURRENCY,
  PROVIDER_UNAVAILABLE,
} from "#server/services/payment-messages.ts";
import { type BookingRow, depsOf, type PaymentDeps, stayPageUrl, successUrl } from "./deps";
import { CreditGone, sendConfirmation, settleBooking } from "./settle";

/**
 * POST /api/bookings/:id/payment: the card payment page for a held booking,
 * or straight to the result page when nothing is left to pay. Only the
 * browser with the hold's secret may ask. The hold is extended once, to the
 * checkout session's expiry: while that session is open, asking again answers
 * the same page; a hold that has ended is never revived (decision 0012).
 */
export async function startPayment(
  db: Executor,
  bookingId: string,
  holdSecret: string,
  options: PaymentDeps & { accepted?: { policy: string; termsVersion: string } } = {},
): Promise<{ url: string }> {
  const { provider, publicUrl, now } = depsOf(options);
  const found = await findBookingWithCampsite(db, bookingId);
  if (!found) throw notFound(BOOKING_NOT_FOUND);
  const { booking } = found;
  requireOwnBooking(booking, holdSecret);

  if (booking.status === "paid" || booking.status === "confirmed") {
    const [settled] = await db
      .select({ sessionId: payments.stripeSessionId })
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.status, "succeeded")));
    if (settled) return { url: successUrl(publicUrl, settled.sessionId) };
  }
  if (booking.status !== "pending" && booking.status !== "expired")
    throw conflict(BOOKING_CLOSED, "booking_closed");
  requireLiveHold(booking, now);
  await checkCreditStillApplies(db, booking, now);
  if (options.accepted) await acceptPolicy(db, booking, options.accepted, now);

  if (booking.finalAmountCents === 0) return confirmWithoutCardPayment(db, booking, publicUrl, now);

  return db.transaction(async (tx) => {
    // Locked, so two starts at once make one session: the second waits and answers it.
    const held = await lockOwnBooking(tx, booking.id, holdSecret);
    requireLiveHold(held, now);
    const open = await openSession(tx, held.id, now);
    if (open) return { url: open };
    // A deposit pays its share now and keeps the card for the balance (issue 31).
    const plan = paymentPlan(held.depositTerms, held);
    const session = await createSession(provider, held, found.campsiteName, publicUrl, now, {
      amountCents: plan?.todayCents ?? held.finalAmountCents,
      keepCard: plan ? { consent: keepCardWords(plan) } : undefined,
    });
    await tx.insert(payments).values({
      bookingId: held.id,
      provider: provider.name,
      stripeSessionId: session.id,
      sessionUrl: session.url,
      guestEmail: held.guestEmail,
      amountCents: plan?.todayCents ?? held.finalAmountCents,
      currency: PAYMENT_CURRENCY,
      status: "pending",
      sessionExpiresAt: session.expiresAt,
    });
    await tx
      .update(bookings)
      .set({ holdExpiresAt: session.expiresAt })
      .where(eq(bookings.id, held.id));
    return { url: session.url };
  });
}

/** The booking's checkout session that can still be paid, if any: its page. */
export async function openSession(tx: Executor, bookingId: string, now: Date) {
  const [open] = await tx
    .select({ url: payments.sessionUrl })
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        eq(payments.status, "pending"),
        gt(payments.sessionExpiresAt, now),
      ),
    );
  return open?.url ?? undefined;
}

export async function createSession(
  provider: PaymentProvider,
  booking: BookingRow,
  campsiteName: string,
  publicUrl: string,
  now: Date,
  /** Where 'Cancel payment' goes back to, and what to pay: the booking's page and its final amount unless told. */
  {
    cancelUrl = stayPageUrl(publicUrl, booking),
    amountCents = booking.finalAmountCents,
    keepCard,
  }: { cancelUrl?: string; amountCents?: number; keepCard?: { consent: string } } = {},
) {
  const nights = nightsBetween(booking.checkInDate, booking.checkOutDate);
  return provider
    .createCheckoutSession({
      bookingId: booking.id,
      bookingReference: booking.bookingReference,
      description: `${campsiteName}: ${nights} nights from ${booking.checkInDate} (booking ${booking.bookingReference})`,
      amountCents,
      currency: PAYMENT_CURRENCY,
      guestEmail: booking.guestEmail,
      expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_MINUTES * 60_000),
      successUrl: `${publicUrl}/booking-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl,
      keepCard,
    })
    .catch((error: unknown) => {
      log.error({ err: error, bookingId: booking.id }, "could not create a checkout session");
      throw new AppError("upstream", PROVIDER_UNAVAILABLE, {
        code: "payment_provider_unavailable",
      });
    });
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
