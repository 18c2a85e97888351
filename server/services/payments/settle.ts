import { and, eq, lte, or } from "drizzle-orm";
import type { Executor, Tx } from "#server/db/client.ts";
import { theRow } from "#server/db/rows.ts";
import { bookings, payments } from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import type { CheckoutState } from "#server/payments/provider.ts";
import {
  enqueueBookingConfirmation,
  enqueueFarmNotification,
} from "#server/services/booking-emails.ts";
import { findBookingWithCampsite, withFreeUnit } from "#server/services/bookings.ts";
import { redeemDiscountCode } from "#server/services/discount-codes.ts";
import { enterPayment } from "#server/services/ledger.ts";
import type { RefundReason } from "#server/services/payment-messages.ts";
import { debitPrepaidCard } from "#server/services/prepaid-cards.ts";
import { getSettings } from "#server/services/settings.ts";
import { settleBalancePayment } from "./balance-payment";
import { type BookingRow, depsOf, type PaymentDeps, type PaymentRow } from "./deps";
import { firstTimeSeen } from "./payment-events";
import { markRefundsOwed, type OwedRefund, refundOwed } from "./refunds";
import { settlePaidStayChange } from "./stay-change-payment";

/** A redemption that failed at confirmation: the code is used up or the card no longer covers it. */
export class CreditGone extends Error {}

/**
 * Makes a booking `paid` (or `confirmed`): it takes its unit's nights (again,
 * if its hold had been expired and the unit, or another, is still free),
 * counts the code's use and debits the card with its transaction row. Throws
 * 409 when no unit is free, CreditGone when a code or card no longer covers it.
 */
export async function settleBooking(
  tx: Tx,
  booking: BookingRow,
  status: "paid" | "confirmed",
  now: Date,
) {
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

export async function sendConfirmation(tx: Executor, bookingId: string) {
  const found = await findBookingWithCampsite(tx, bookingId);
  if (!found) return;
  await enqueueBookingConfirmation(tx, found.booking, found.campsiteName);
  if ((await getSettings(tx)).notificationEmails)
    await enqueueFarmNotification(tx, found.booking, found.campsiteName);
}

export type CheckoutOutcome =
  | "paid"
  | "refunding"
  | "already_settled"
  | "replayed"
  | "unknown_session"
  | "expired"
  | "ignored";

/** What the provider says of a paid session. */
type PaidSession = {
  sessionId: string;
  paymentIntentId: string | null;
  amountTotalCents: number | null;
  /** The customer holding the card a deposit's session kept for the balance. */
  customerId?: string | null;
  eventId?: string;
  eventType?: string;
};

/** How a paid session ended, and the payments now owed back (refunded after the transaction). */
type Settled = { outcome: CheckoutOutcome; owed?: OwedRefund[] };

/**
 * The provider says a checkout session was paid. Records the payment and
 * confirms the booking in one transaction; a payment that cannot be honoured
 * (unit gone, code or card used up, wrong amount, booking already paid or
 * cancelled) is refunded automatically and the guest is told.
 */
export async function fulfilCheckout(
  db: Executor,
  paid: PaidSession,
  options: PaymentDeps = {},
): Promise<CheckoutOutcome> {
  const { now } = depsOf(options);
  const result = await db.transaction(async (tx) => {
    const settled = await settlePaid(tx, paid, now);
    await markRefundsOwed(tx, settled.owed ?? [], now);
    return settled;
  });
  await refundOwed(db, result.owed, options);
  return result.outcome;
}

/** What a paid session settles, in fulfilCheckout's transaction. */
async function settlePaid(tx: Tx, paid: PaidSession, now: Date): Promise<Settled> {
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
  const booking = theRow(
    await tx.select().from(bookings).where(eq(bookings.id, payment.bookingId)).for("update"),
    "the payment's booking",
  );
  // What was captured is what an automatic refund can give back (refunds.ts).
  await tx
    .update(payments)
    .set({
      status: "succeeded",
      stripePaymentIntentId: paid.paymentIntentId,
      capturedAmountCents: paid.amountTotalCents,
    })
    .where(eq(payments.id, payment.id));
  const cause = payment.forBalance ? "balance" : payment.stayChange ? "change" : "sale";
  await enterPayment(tx, payment.id, cause, now);

  if (payment.forBalance) return settleBalancePayment(tx, payment, booking, paid.amountTotalCents);
  if (payment.stayChange) {
    const change = await settlePaidStayChange(
      tx,
      payment,
      payment.stayChange,
      booking,
      paid.amountTotalCents,
      now,
    );
    return { outcome: change.made ? "paid" : "refunding", owed: change.owed };
  }
  return settleSale(tx, payment, booking, paid, now);
}

/** Why a booking's own payment cannot be honoured; undefined once it has confirmed the booking. */
async function saleRefusal(
  tx: Tx,
  payment: PaymentRow,
  booking: BookingRow,
  paidCents: number | null,
  now: Date,
): Promise<RefundReason | undefined> {
  if (paidCents !== null && paidCents !== payment.amountCents) return "amount";
  if (booking.status === "paid" || booking.status === "confirmed") return "duplicate";
  if (booking.status === "cancelled" || booking.status === "refunded") return "cancelled";
  // A deposit confirms the booking; the balance, charged later, makes it paid.
  const deposit = payment.amountCents < booking.finalAmountCents;
  try {
    await tx.transaction((sp) => settleBooking(sp, booking, deposit ? "confirmed" : "paid", now));
    return undefined;
  } catch (error) {
    if (error instanceof CreditGone) return "creditGone";
    if (error instanceof AppError && error.refusal === "conflict") return "unitGone";
    throw error;
  }
}

/** A booking's own payment: the booking is confirmed, or the payment goes back. */
async function settleSale(
  tx: Tx,
  payment: PaymentRow,
  booking: BookingRow,
  paid: PaidSession,
  now: Date,
): Promise<Settled> {
  const refundReason = await saleRefusal(tx, payment, booking, paid.amountTotalCents, now);
  if (refundReason) {
    // The booking holds nothing; the sweeper retries the refund if the provider call fails.
    await tx
      .update(bookings)
      .set({ status: "expired", holdExpiresAt: null })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, "pending")));
    return {
      outcome: "refunding",
      owed: [{ paymentId: payment.id, reason: refundReason }],
    };
  }
  if (paid.customerId && booking.depositTerms)
    await tx
      .update(bookings)
      .set({
        savedCard: paid.customerId,
        balanceAgreedCents: booking.finalAmountCents - payment.amountCents,
      })
      .where(eq(bookings.id, booking.id));
  await sendConfirmation(tx, booking.id);
  return { outcome: "paid" as const };
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
    // A booking the farm holds for a payment link stays held until its own time.
    if (!newer)
      await tx
        .update(bookings)
        .set({ status: "expired" })
        .where(
          and(
            eq(bookings.id, payment.bookingId),
            eq(bookings.status, "pending"),
            or(eq(bookings.origin, "online"), lte(bookings.holdExpiresAt, new Date())),
          ),
        );
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
        customerId: state.customerId,
      },
      options,
    );
  if (state.status === "expired") return expireCheckout(db, { sessionId: state.id });
  return "ignored";
}
