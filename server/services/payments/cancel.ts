// Cancelling a booking from the back office (spec 4, amendment 3): pending,
// confirmed and paid ones, with a full, partial or no refund through the card
// payment provider; what the booking took from a prepaid card and a discount
// code goes back (decision 0009). The rules of what goes back are
// domain/rules/cancellation.ts.
import { and, eq } from "drizzle-orm";
import {
  BOOKING_CHANGED,
  CANNOT_CANCEL,
  type CancelReturns,
  cancelOptions,
  cancelReturns,
  planReturns,
  REFUND_UNAVAILABLE,
  type RefundChoice,
  type ReturnPlan,
} from "#domain/rules/cancellation.ts";
import { atDeskCents } from "#domain/rules/refunds.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings, payments, prepaidCardTransactions } from "#server/db/schema.ts";
import { conflict, invalid, notFound } from "#server/errors.ts";
import { log } from "#server/log.ts";
import { paymentProvider } from "#server/payments/index.ts";
import { cancellableOf } from "#server/services/admin-bookings/details.ts";
import { type JoinedRow, joinedBookings } from "#server/services/admin-bookings/list.ts";
import { type AuditActor, recordAudit } from "#server/services/audit-log.ts";
import { tellGuestOfCancellation } from "#server/services/booking-emails.ts";
import { lockBookingForChange } from "#server/services/booking-locks.ts";
import { issueDocuments } from "#server/services/tax-documents.ts";
import type { PaymentDeps } from "./deps";
import { giveBack } from "./give-back";
import { refundOrRefuse } from "./refunds";

export type CancelResult = {
  status: "cancelled";
  /** Refunded the way it was paid: to the guest's card through the provider, or by the farm. */
  refundedCents: number;
  /** Put back on the guest's prepaid card. */
  prepaidCreditReturnedCents: number;
  discountCodeUseReturned: boolean;
};

/** The booking with its campsite, its payments and what cancelling it may give back. */
export async function loadForCancel(db: Executor, bookingId: string) {
  const [row] = await joinedBookings(db).where(eq(bookings.id, bookingId));
  if (!row) throw notFound("Booking not found.");
  const [paymentRows, cardRows] = await Promise.all([
    db.select().from(payments).where(eq(payments.bookingId, bookingId)),
    db
      .select()
      .from(prepaidCardTransactions)
      .where(eq(prepaidCardTransactions.bookingId, bookingId)),
  ]);
  const can = cancelOptions(
    row.booking.status,
    paymentRows,
    cancelReturns(cancellableOf(row), cardRows),
  );
  return { row, paymentRows, can };
}

/**
 * Cancels a booking in one transaction that holds its row lock (and its
 * payments'): the status change first (the claim: of several cancellations at once one
 * goes through, the others wait and are refused), its prepaid credit (full
 * refund) and code use given back, the audit entry, the guest's one email,
 * then the card refund through the provider last, so a provider that fails
 * rolls it all back and the booking stands as it was (as the guest's own
 * cancellation does, bookings/guest-cancel.ts).
 */
export async function cancelBooking(
  db: Executor,
  actor: AuditActor,
  bookingId: string,
  options: PaymentDeps & { refund?: RefundChoice; notifyGuest?: boolean } = {},
): Promise<CancelResult> {
  const { refund = { kind: "none" }, notifyGuest = true, ...deps } = options;
  const { result, paymentRows } = await db.transaction(async (tx) => {
    await lockBookingForChange(tx, bookingId);
    const { row, paymentRows, can } = await loadForCancel(tx, bookingId);
    if (!can.allowed) throw conflict(CANNOT_CANCEL, "not_cancellable");
    const plan = planReturns(can, refund);
    if ("refused" in plan) throw invalid(plan.refused, { field: plan.field });
    const choice = { refund, plan, notifyGuest, credit: can.prepaidCredit };
    const result = await cancelInTransaction(tx, actor, row, choice);
    // Its email is the cancellation's above, which tells of the refund and any credit returned.
    await refundOrRefuse(tx, plan.cardRefunds, REFUND_UNAVAILABLE, deps);
    return { result, paymentRows };
  });
  // A pending booking may have a checkout page open: close it so it can no longer be paid.
  for (const p of paymentRows.filter((p) => p.status === "pending")) {
    await expireSession(p.provider, p.stripeSessionId);
  }
  return result;
}

export type CancelChoice = {
  refund: RefundChoice;
  plan: ReturnPlan;
  notifyGuest: boolean;
  credit: CancelReturns["prepaidCredit"];
  /** Who asked, when not the actor: the guest on their own booking page. */
  by?: "guest";
};

/**
 * The status change and everything that follows from it, inside the caller's
 * transaction, which holds the booking's row lock and refunds the card after
 * it. The conditional UPDATE lets only one cancellation through, so credit and
 * code use are given back once per booking. The credit read before still
 * holds: only settling or cancelling the booking writes its card
 * transactions, and both change the status this UPDATE requires.
 */
export async function cancelInTransaction(
  tx: Executor,
  actor: AuditActor,
  row: JoinedRow,
  choice: CancelChoice,
): Promise<CancelResult> {
  const { booking } = row;
  const [cancelled] = await tx
    .update(bookings)
    .set({ status: "cancelled", cancelledAt: new Date() })
    .where(and(eq(bookings.id, booking.id), eq(bookings.status, booking.status)))
    .returning();
  if (!cancelled) throw conflict(BOOKING_CHANGED, "conflict");
  const result: CancelResult = {
    status: "cancelled",
    refundedCents: choice.plan.cardRefunds.reduce((sum, part) => sum + part.cents, 0),
    ...(await giveBack(tx, booking, choice.plan)),
  };
  await recordAudit(
    tx,
    actor,
    "booking.cancelled",
    { type: "booking", id: booking.id },
    {
      bookingReference: booking.bookingReference,
      previousStatus: booking.status,
      refund: choice.refund.kind,
      refundedCents: result.refundedCents,
      prepaidCreditReturnedCents: result.prepaidCreditReturnedCents,
      discountCodeUseReturned: result.discountCodeUseReturned,
      notifiedGuest: choice.notifyGuest,
      ...(choice.by ? { by: choice.by } : {}),
    },
  );
  // The note for what the farm keeps, the card refund that follows counted as gone.
  await issueDocuments(tx, booking.id, {
    reason: "Booking cancelled",
    pendingRefundCents: result.refundedCents,
  });
  if (choice.notifyGuest) {
    const credit =
      choice.credit && result.prepaidCreditReturnedCents > 0
        ? { cents: result.prepaidCreditReturnedCents, cardNumber: choice.credit.cardNumber }
        : undefined;
    const refunded = {
      cents: result.refundedCents,
      atDeskCents: atDeskCents(choice.plan.cardRefunds),
    };
    await tellGuestOfCancellation(tx, cancelled, row.campsiteName, refunded, credit);
  }
  return result;
}

async function expireSession(provider: string, sessionId: string) {
  try {
    const current = paymentProvider();
    if (current.name === provider) await current.expireCheckoutSession(sessionId);
  } catch (error) {
    // A payment that still arrives is refunded by the payment service (the booking is cancelled).
    log.warn(
      { err: error, sessionId },
      "could not close the checkout session of a cancelled booking",
    );
  }
}
