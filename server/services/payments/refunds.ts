import { and, eq } from "drizzle-orm";
import { REFUND_TOO_LARGE } from "#domain/rules/cancellation.ts";
import type { LedgerCause } from "#domain/rules/ledger.ts";
import { type PaymentRefund, recordedRefund, refundableCents } from "#domain/rules/refunds.ts";
import { isRecordedPayment } from "#domain/rules/statuses.ts";
import type { Executor, Tx } from "#server/db/client.ts";
import { theRow } from "#server/db/rows.ts";
import { bookings, payments } from "#server/db/schema.ts";
import { AppError, conflict, invalid, notFound } from "#server/errors.ts";
import { log } from "#server/log.ts";
import { enqueueRefundNotice } from "#server/services/booking-emails.ts";
import { findBookingWithCampsite } from "#server/services/bookings.ts";
import { enterPayment } from "#server/services/ledger.ts";
import { REFUND_REASONS, type RefundReason } from "#server/services/payment-messages.ts";
import { depsOf, type PaymentDeps, type PaymentRow, providerFor } from "./deps";
import { forgetOwnRefund, markOwnRefund } from "./payment-events";

/** A payment going back, and why: decided in a transaction, refunded after it. */
export type OwedRefund = { paymentId: string; reason: RefundReason };

/**
 * Marks payments owed back, with why, in the transaction that decided it: if
 * the provider refuses the refund that follows, the sweeper finds them by
 * their own index and retries with the same words to the guest.
 */
export async function markRefundsOwed(tx: Tx, owed: readonly OwedRefund[], now: Date) {
  for (const { paymentId, reason } of owed)
    await tx
      .update(payments)
      .set({ refundOwedAt: now, refundOwedReason: reason })
      .where(eq(payments.id, paymentId));
}

/** The refunds a transaction left owed, made now; one the provider refuses is the sweeper's. */
export async function refundOwed(
  db: Executor,
  owed: readonly OwedRefund[] = [],
  options: PaymentDeps = {},
) {
  for (const { paymentId, reason } of owed)
    await refundAutomatically(db, paymentId, reason, options).catch((error) =>
      log.error({ err: error, paymentId }, "automatic refund failed; will retry"),
    );
}

/**
 * Refunds what is left of a payment that could not be honoured, and tells the
 * guest why; false when nothing was left to refund. What is left is counted
 * from what the provider captured, which a refund can never pass.
 */
export async function refundAutomatically(
  db: Executor,
  paymentId: string,
  reason: RefundReason,
  options: PaymentDeps = {},
) {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) return false;
  // Nothing to give back now (a card dispute holds it, or it went back already).
  const remaining = refundableCents(payment);
  if (remaining <= 0) return false;
  // A payment a change replaced goes back for the change; any other could not be honoured.
  const cause = reason === "owed" || reason === "replaced" ? "change" : "returned";
  await refundPayment(db, paymentId, remaining, {
    ...options,
    reason: REFUND_REASONS[reason],
    cause,
    automatic: true,
  });
  return true;
}

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
  options: PaymentDeps & {
    reason?: string;
    /** Why, as the ledger keeps it: a cancellation unless said. */
    cause?: LedgerCause;
    notifyGuest?: boolean;
    automatic?: boolean;
  } = {},
): Promise<PaymentRow> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw notFound("Payment not found.");
  if (payment.status !== "succeeded")
    throw conflict("Only a succeeded payment can be refunded.", "not_refundable");
  const remaining = refundableCents(payment);
  if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > remaining)
    throw invalid(REFUND_TOO_LARGE(remaining), { field: "amountCents" });

  await refundAtProvider(db, payment, amountCents, options);

  return db.transaction(async (tx) => {
    const current = theRow(
      await tx.select().from(payments).where(eq(payments.id, payment.id)).for("update"),
      "the refunded payment",
    );
    // The provider's charge.refunded event may have recorded this refund already: count it once.
    const recorded = recordedRefund(current, payment.refundedAmountCents + amountCents);
    const updated = theRow(
      await tx
        .update(payments)
        .set({
          refundedAmountCents: recorded.refundedAmountCents,
          status: recorded.full ? "refunded" : "succeeded",
        })
        .where(eq(payments.id, payment.id))
        .returning(),
      "the refunded payment",
    );
    await enterPayment(tx, payment.id, options.cause ?? "cancellation", depsOf(options).now);
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
          {
            cents: amountCents,
            atDeskCents: isRecordedPayment(payment.provider) ? amountCents : 0,
          },
          options.reason ?? "Your booking has been cancelled.",
        );
    }
    return updated;
  });
}

/**
 * The money part of a cancellation or a change, each payment's share through
 * its provider, inside the caller's transaction, which already holds the
 * booking's new state and its email (so these refunds stay silent). A
 * provider that fails is an `upstream` refusal with `refused`, the sentence
 * for who asked, and rolls the whole transaction back.
 */
export async function refundOrRefuse(
  tx: Executor,
  parts: PaymentRefund[],
  refused: string,
  deps: PaymentDeps = {},
  cause: LedgerCause = "cancellation",
) {
  const options = { ...deps, cause, notifyGuest: false };
  for (const part of parts) {
    await refundPayment(tx, part.paymentId, part.cents, options).catch((error: unknown) => {
      if (error instanceof AppError) throw error;
      log.error({ err: error, paymentId: part.paymentId }, "the provider refused a refund");
      throw new AppError("upstream", refused, { code: "refund_refused" });
    });
  }
}

/**
 * Asks the payment's provider for the refund, marked first as the app's own
 * (see payment-events.ts). The key names this exact refund, so a retry (or a
 * racing duplicate) refunds once at the provider.
 */
async function refundAtProvider(
  db: Executor,
  payment: PaymentRow,
  amountCents: number,
  options: PaymentDeps,
) {
  const provider = providerFor(payment, options);
  if (!provider) return;
  const total = payment.refundedAmountCents + amountCents;
  await markOwnRefund(db, payment.id, total);
  try {
    await provider.refund({
      paymentIntentId: payment.stripePaymentIntentId,
      amountCents,
      idempotencyKey: `refund-${payment.id}-${payment.refundedAmountCents}-${amountCents}`,
    });
  } catch (error) {
    await forgetOwnRefund(db, payment.id, total);
    throw error;
  }
}
