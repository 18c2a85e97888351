// Card payments (amendment 2.5, 2.6): a checkout session per attempt, and
// one path from the provider's answer to the booking's state, taken alike by
// the signed webhook, the verify call, the test checkout page and the
// sweeper. Every step is idempotent: an event id is applied once, and a
// payment already settled is never settled again.
import { randomBytes } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { formatMoney } from "#domain/format/money.ts";
import { farmToday, nightsBetween } from "#domain/rules/dates.ts";
import {
  CHECKOUT_SESSION_MINUTES,
  HOLD_MINUTES,
  holdExpiresAt,
  isHoldLive,
} from "#domain/rules/hold.ts";
import { discountProblem } from "#domain/rules/pricing.ts";
import { publicUrl as configuredPublicUrl } from "#server/config.ts";
import type { Executor, Tx } from "#server/db/client.ts";
import {
  bookings,
  campsites,
  discountCodes,
  paymentEvents,
  payments,
  prepaidCards,
} from "#server/db/schema.ts";
import { AppError, conflict, invalid, notFound } from "#server/errors.ts";
import { log } from "#server/log.ts";
import { paymentProvider } from "#server/payments/index.ts";
import type { CheckoutState, PaymentProvider } from "#server/payments/provider.ts";
import { createTestProvider } from "#server/payments/test-checkout.ts";
import {
  enqueueBookingConfirmation,
  enqueueFarmNotification,
  enqueueRefundNotice,
} from "./booking-emails";
import { expireStaleHolds, findBookingWithCampsite, unavailable, withFreeUnit } from "./bookings";
import { retryOnDeadlock } from "./database-errors";
import { redeemDiscountCode } from "./discount-codes";
import { debitPrepaidCard } from "./prepaid-cards";
import { getSettings } from "./settings";

export const PAYMENT_CURRENCY = "AUD";
/** Session ids of bookings confirmed without a card payment (final amount 0). */
export const FREE_SESSION_PREFIX = "free_";

type BookingRow = typeof bookings.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export type PaymentDeps = { provider?: PaymentProvider; publicUrl?: string; now?: Date };

const depsOf = (deps: PaymentDeps = {}) => ({
  provider: deps.provider ?? paymentProvider(),
  publicUrl: deps.publicUrl ?? configuredPublicUrl(),
  now: deps.now ?? new Date(),
});

/** Why a payment that arrived was returned, as told to the guest. */
export const REFUND_REASONS = {
  unitGone:
    "Your payment arrived after your hold on the campsite had run out, and in the meantime the campsite was booked for those dates, so we could not confirm your booking.",
  creditGone:
    "When your payment arrived, your discount code or prepaid card could no longer be applied, so we could not confirm your booking at the price you paid.",
  duplicate: "This booking had already been paid, so we returned the second payment.",
  cancelled: "This booking had been cancelled before your payment arrived.",
  amount: "The amount paid did not match the booking, so we could not confirm it.",
} as const;

export const PROVIDER_UNAVAILABLE =
  "We could not reach the card payment service. Please try again in a moment.";
export const BOOKING_NOT_FOUND = "Booking not found. Please start a new booking.";
export const BOOKING_CLOSED = "This booking can no longer be paid. Please start a new booking.";
export const CARD_BALANCE_CHANGED =
  "Your prepaid card no longer covers the amount applied to this booking. Please start a new booking.";

/** A redemption that failed at confirmation: the code is used up or the card no longer covers it. */
class CreditGone extends Error {}

// ------------------------------------------------------------------ start

const successUrl = (base: string, sessionId: string) =>
  `${base}/booking-success?session_id=${encodeURIComponent(sessionId)}`;

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
      cancelUrl: `${publicUrl}/bookings?${new URLSearchParams({
        campsite: booking.campsiteId,
        checkIn: booking.checkInDate,
        checkOut: booking.checkOutDate,
        guests: String(booking.numberOfGuests),
      })}`,
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

// ---------------------------------------------------------------- settle

/**
 * Makes a booking `paid` (or `confirmed`): it takes its unit's nights (again,
 * if its hold had been expired and the unit, or another, is still free),
 * counts the code's use and debits the card with its transaction row. Throws
 * 409 when no unit is free, CreditGone when a code or card no longer covers it.
 */
async function settleBooking(tx: Tx, booking: BookingRow, status: "paid" | "confirmed", now: Date) {
  if (booking.status === "pending") {
    // Still covered by the exclusion constraint (pending), even if its hold ran out.
    await tx
      .update(bookings)
      .set({ status, holdExpiresAt: null })
      .where(eq(bookings.id, booking.id));
  } else {
    await withFreeUnit(
      tx,
      {
        campsiteId: booking.campsiteId,
        checkIn: booking.checkInDate,
        checkOut: booking.checkOutDate,
      },
      (sp, unitId) =>
        sp
          .update(bookings)
          .set({ status, campsiteUnitId: unitId, holdExpiresAt: null })
          .where(eq(bookings.id, booking.id)),
      now,
      booking.campsiteUnitId,
    );
  }
  if (booking.discountCodeId && !(await redeemDiscountCode(tx, booking.discountCodeId)))
    throw new CreditGone();
  if (booking.prepaidCardId && booking.prepaidAmountUsedCents > 0) {
    const debited = await debitPrepaidCard(tx, {
      prepaidCardId: booking.prepaidCardId,
      amountCents: booking.prepaidAmountUsedCents,
      bookingId: booking.id,
      description: `Booking ${booking.bookingReference}`,
    });
    if (!debited) throw new CreditGone();
  }
}

async function sendConfirmation(tx: Executor, bookingId: string) {
  const found = await findBookingWithCampsite(tx, bookingId);
  if (!found) return;
  await enqueueBookingConfirmation(tx, found.booking, found.campsiteName);
  if ((await getSettings(tx)).notificationEmails)
    await enqueueFarmNotification(tx, found.booking, found.campsiteName);
}

/** Stores a provider event's id; false when it was applied before (a replay). */
async function firstTimeSeen(tx: Executor, eventId: string | undefined, type: string) {
  if (!eventId) return true;
  const rows = await tx
    .insert(paymentEvents)
    .values({ id: eventId, type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length === 1;
}

export type CheckoutOutcome =
  | "paid"
  | "refunding"
  | "already_settled"
  | "replayed"
  | "unknown_session"
  | "expired"
  | "ignored";

/**
 * The provider says a checkout session was paid. Records the payment and
 * confirms the booking in one transaction; a payment that cannot be honoured
 * (unit gone, code or card used up, wrong amount, booking already paid or
 * cancelled) is refunded automatically and the guest is told.
 */
export async function fulfilCheckout(
  db: Executor,
  paid: {
    sessionId: string;
    paymentIntentId: string | null;
    amountTotalCents: number | null;
    eventId?: string;
    eventType?: string;
  },
  options: PaymentDeps = {},
): Promise<CheckoutOutcome> {
  const { now } = depsOf(options);
  const result = await db.transaction(async (tx) => {
    if (!(await firstTimeSeen(tx, paid.eventId, paid.eventType ?? "checkout.completed")))
      return { outcome: "replayed" as const };
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.stripeSessionId, paid.sessionId))
      .for("update");
    if (!payment) return { outcome: "unknown_session" as const };
    if (payment.status === "succeeded" || payment.status === "refunded")
      return { outcome: "already_settled" as const };
    const [booking] = await tx
      .select()
      .from(bookings)
      .where(eq(bookings.id, payment.bookingId))
      .for("update");
    await tx
      .update(payments)
      .set({ status: "succeeded", stripePaymentIntentId: paid.paymentIntentId })
      .where(eq(payments.id, payment.id));

    let refundReason: string | undefined;
    if (paid.amountTotalCents !== null && paid.amountTotalCents !== payment.amountCents)
      refundReason = REFUND_REASONS.amount;
    else if (booking!.status === "paid" || booking!.status === "confirmed")
      refundReason = REFUND_REASONS.duplicate;
    else if (booking!.status === "cancelled" || booking!.status === "refunded")
      refundReason = REFUND_REASONS.cancelled;
    else {
      try {
        await tx.transaction((sp) => settleBooking(sp, booking!, "paid", now));
      } catch (error) {
        if (error instanceof CreditGone) refundReason = REFUND_REASONS.creditGone;
        else if (error instanceof AppError && error.refusal === "conflict")
          refundReason = REFUND_REASONS.unitGone;
        else throw error;
      }
    }
    if (refundReason) {
      // The booking holds nothing; the sweeper retries the refund if the provider call fails.
      await tx
        .update(bookings)
        .set({ status: "expired", holdExpiresAt: null })
        .where(and(eq(bookings.id, booking!.id), eq(bookings.status, "pending")));
      return { outcome: "refunding" as const, paymentId: payment.id, refundReason };
    }
    await sendConfirmation(tx, booking!.id);
    return { outcome: "paid" as const };
  });
  if (result.outcome === "refunding") {
    await refundAutomatically(db, result.paymentId, result.refundReason, options).catch((error) =>
      log.error({ err: error, paymentId: result.paymentId }, "automatic refund failed; will retry"),
    );
  }
  return result.outcome;
}

/** The provider says a session ended unpaid (expired, cancelled, or its async payment failed). */
export async function expireCheckout(
  db: Executor,
  ended: { sessionId: string; eventId?: string; eventType?: string; failed?: boolean },
): Promise<CheckoutOutcome> {
  return db.transaction(async (tx) => {
    if (!(await firstTimeSeen(tx, ended.eventId, ended.eventType ?? "checkout.expired")))
      return "replayed";
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.stripeSessionId, ended.sessionId))
      .for("update");
    if (!payment) return "unknown_session";
    // A session already paid stays paid, whatever arrives after (out-of-order events).
    if (payment.status !== "pending") return "already_settled";
    await tx
      .update(payments)
      .set({ status: ended.failed ? "failed" : "canceled" })
      .where(eq(payments.id, payment.id));
    // Only this session's hold ends; a newer session of the same booking keeps its own.
    const [newer] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.bookingId, payment.bookingId), eq(payments.status, "pending")));
    if (!newer)
      await tx
        .update(bookings)
        .set({ status: "expired" })
        .where(and(eq(bookings.id, payment.bookingId), eq(bookings.status, "pending")));
    return "expired";
  });
}

/** Applies what the provider says of a session now (verify and the sweeper). */
export async function applyCheckoutState(
  db: Executor,
  state: CheckoutState,
  options: PaymentDeps = {},
): Promise<CheckoutOutcome> {
  if (state.status === "complete" && state.paymentStatus !== "unpaid")
    return fulfilCheckout(
      db,
      {
        sessionId: state.id,
        paymentIntentId: state.paymentIntentId,
        amountTotalCents: state.amountTotalCents,
      },
      options,
    );
  if (state.status === "expired") return expireCheckout(db, { sessionId: state.id });
  return "ignored";
}

// ------------------------------------------------------------- webhook

/** A verified Stripe event: the checkout session events change bookings, others are ignored. */
export async function handleStripeEvent(
  db: Executor,
  event: Stripe.Event,
  options: PaymentDeps = {},
): Promise<CheckoutOutcome> {
  const base = { eventId: event.id, eventType: event.type };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      if (session.payment_status === "unpaid") {
        // Paid later by a delayed method: async_payment_succeeded or _failed follows.
        return "ignored";
      }
      const intent = session.payment_intent;
      return fulfilCheckout(
        db,
        {
          ...base,
          sessionId: session.id,
          paymentIntentId: typeof intent === "string" ? intent : (intent?.id ?? null),
          amountTotalCents: session.amount_total,
        },
        options,
      );
    }
    case "checkout.session.expired":
      return expireCheckout(db, { ...base, sessionId: event.data.object.id });
    case "checkout.session.async_payment_failed":
      return expireCheckout(db, { ...base, sessionId: event.data.object.id, failed: true });
    default:
      return "ignored";
  }
}

// -------------------------------------------------------------- verify

export type VerifyAnswer = {
  status: "paid" | "confirmed" | "pending" | "expired" | "failed" | "refunded";
  booking: {
    bookingReference: string;
    campsiteName: string;
    checkIn: string;
    checkOut: string;
    nights: number;
    guests: number;
    finalAmountCents: number;
  };
};

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
): Promise<VerifyAnswer> {
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
    payment = (await findPayment(db, sessionId))!;
  }
  const [row] = await db
    .select({ booking: bookings, campsiteName: campsites.name })
    .from(bookings)
    .innerJoin(campsites, eq(campsites.id, bookings.campsiteId))
    .where(eq(bookings.id, payment.bookingId));
  const booking = row!.booking;
  return {
    status: verifyStatus(booking.status, payment.status),
    booking: {
      bookingReference: booking.bookingReference,
      campsiteName: row!.campsiteName,
      checkIn: booking.checkInDate,
      checkOut: booking.checkOutDate,
      nights: nightsBetween(booking.checkInDate, booking.checkOutDate),
      guests: booking.numberOfGuests,
      finalAmountCents: booking.finalAmountCents,
    },
  };
}

function verifyStatus(
  booking: BookingRow["status"],
  payment: PaymentRow["status"],
): VerifyAnswer["status"] {
  if (payment === "refunded") return "refunded";
  if (payment === "failed") return "failed";
  if (booking === "paid" || booking === "confirmed" || booking === "refunded") return booking;
  if (booking === "pending" && payment === "pending") return "pending";
  if (booking === "cancelled") return "expired";
  // A settled payment whose booking could not be confirmed is being refunded.
  if (payment === "succeeded") return "refunded";
  return "expired";
}

async function findPayment(db: Executor, sessionId: string) {
  const [payment] = await db.select().from(payments).where(eq(payments.stripeSessionId, sessionId));
  return payment;
}

/** The adapter that took a payment: the configured one, or the test checkout for its own sessions. */
function providerFor(payment: PaymentRow, options: PaymentDeps): PaymentProvider | undefined {
  if (payment.provider === "none") return undefined;
  const { provider, publicUrl } = depsOf(options);
  if (payment.provider === provider.name) return provider;
  if (payment.provider === "test") return createTestProvider(publicUrl);
  throw new Error(
    `payment ${payment.id} was taken by ${payment.provider}, which is not configured`,
  );
}

// -------------------------------------------------------------- refunds

/** Refunds what is left of a payment that could not be honoured, and tells the guest why. */
async function refundAutomatically(
  db: Executor,
  paymentId: string,
  reason: string,
  options: PaymentDeps = {},
) {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) return;
  const remaining = payment.amountCents - payment.refundedAmountCents;
  if (remaining <= 0) return;
  await refundPayment(db, paymentId, remaining, { ...options, reason, automatic: true });
}

export const REFUND_TOO_LARGE = (cents: number) =>
  `The refund can be at most ${formatMoney(cents)}, what is left of this payment.`;

/**
 * Refunds `amountCents` of a succeeded payment through its provider, records
 * it, and emails the guest (unless `notifyGuest` is false). For the admin's
 * cancel-with-refund and for automatic refunds. A full refund marks the
 * payment `refunded`; a booking that no longer holds anything becomes
 * `refunded` too. The booking's own cancellation is the caller's.
 */
export async function refundPayment(
  db: Executor,
  paymentId: string,
  amountCents: number,
  options: PaymentDeps & { reason?: string; notifyGuest?: boolean; automatic?: boolean } = {},
): Promise<PaymentRow> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw notFound("Payment not found.");
  if (payment.status !== "succeeded")
    throw conflict("Only a succeeded payment can be refunded.", "not_refundable");
  const remaining = payment.amountCents - payment.refundedAmountCents;
  if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > remaining)
    throw invalid(REFUND_TOO_LARGE(remaining), { field: "amountCents" });

  // The key names this exact refund, so a retry (or a racing duplicate) refunds once at the provider.
  await providerFor(payment, options)?.refund({
    paymentIntentId: payment.stripePaymentIntentId,
    amountCents,
    idempotencyKey: `refund-${payment.id}-${payment.refundedAmountCents}-${amountCents}`,
  });

  return db.transaction(async (tx) => {
    const full = payment.refundedAmountCents + amountCents === payment.amountCents;
    const [updated] = await tx
      .update(payments)
      .set({
        refundedAmountCents: sql`${payments.refundedAmountCents} + ${amountCents}`,
        status: full ? "refunded" : "succeeded",
      })
      .where(
        and(
          eq(payments.id, payment.id),
          eq(payments.refundedAmountCents, payment.refundedAmountCents),
        ),
      )
      .returning();
    if (!updated)
      throw conflict("This payment changed in the meantime. Reload and try again.", "conflict");
    const [booking] = await tx
      .update(bookings)
      .set({ status: "refunded" })
      .where(and(eq(bookings.id, payment.bookingId), eq(bookings.status, "expired")))
      .returning();
    if (options.notifyGuest !== false) {
      const found = await findBookingWithCampsite(tx, payment.bookingId);
      if (found)
        await enqueueRefundNotice(
          tx,
          booking ?? found.booking,
          found.campsiteName,
          amountCents,
          options.reason ?? "Your booking has been cancelled.",
        );
    }
    return updated;
  });
}

// ------------------------------------------------------------- sweeper

/**
 * The hold sweeper: expires pending bookings whose hold ran out, closes
 * test-checkout sessions past their expiry, asks the provider about its
 * sessions that expired without a word (a missed webhook), and retries
 * refunds that failed.
 */
export async function sweepHoldsAndPayments(db: Executor, options: PaymentDeps = {}) {
  const { now } = depsOf(options);
  const expiredHolds = await expireStaleHolds(db, now);

  const stale = await db
    .select()
    .from(payments)
    .where(and(eq(payments.status, "pending"), lt(payments.sessionExpiresAt, now)))
    .limit(50);
  for (const payment of stale) {
    try {
      const state = await providerFor(payment, options)?.retrieveCheckoutSession(
        payment.stripeSessionId,
      );
      if (state) await applyCheckoutState(db, state, options);
      else await expireCheckout(db, { sessionId: payment.stripeSessionId });
    } catch (error) {
      log.warn({ err: error, paymentId: payment.id }, "could not reconcile a stale payment");
    }
  }

  const unrefunded = await db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.status, "succeeded"), eq(bookings.status, "expired")))
    .limit(20);
  for (const { id } of unrefunded) {
    await refundAutomatically(db, id, REFUND_REASONS.unitGone, options).catch((error) =>
      log.error({ err: error, paymentId: id }, "automatic refund failed; will retry"),
    );
  }
  return { expiredHolds, stalePayments: stale.length, refundsRetried: unrefunded.length };
}

export const SWEEP_INTERVAL_MS = Math.min(HOLD_MINUTES * 60_000, 30_000);

// --------------------------------------------------------- test checkout

export const TEST_SESSION_NOT_FOUND = "This test checkout session does not exist.";

/** The test checkout page's view of a session: what is being paid, and whether it still can be. */
export async function testCheckoutSession(db: Executor, sessionId: string, now: Date = new Date()) {
  const payment = await findPayment(db, sessionId);
  if (payment?.provider !== "test") return undefined;
  const found = await findBookingWithCampsite(db, payment.bookingId);
  if (!found) return undefined;
  const { booking, campsiteName } = found;
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
    checkIn: booking.checkInDate,
    checkOut: booking.checkOutDate,
    nights: nightsBetween(booking.checkInDate, booking.checkOutDate),
    guests: booking.numberOfGuests,
    cancelUrl: `/bookings?${new URLSearchParams({
      campsite: booking.campsiteId,
      checkIn: booking.checkInDate,
      checkOut: booking.checkOutDate,
      guests: String(booking.numberOfGuests),
    })}`,
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

/** The test checkout's "Cancel" button: the path of `checkout.session.expired`. */
export async function cancelTestCheckout(
  db: Executor,
  sessionId: string,
): Promise<CheckoutOutcome> {
  const payment = await findPayment(db, sessionId);
  if (payment?.provider !== "test") throw notFound(TEST_SESSION_NOT_FOUND);
  return expireCheckout(db, {
    sessionId,
    eventId: `test_evt_expired_${sessionId}`,
    eventType: "checkout.session.expired",
  });
}
