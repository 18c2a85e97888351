import { and, eq, sql } from "drizzle-orm";
import { formatMoney } from "#domain/format/money.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings, payments } from "#server/db/schema.ts";
import { conflict, invalid, notFound } from "#server/errors.ts";
import { enqueueRefundNotice } from "#server/services/booking-emails.ts";
import { findBookingWithCampsite } from "#server/services/bookings.ts";
import { type PaymentDeps, type PaymentRow, providerFor } from "./deps";

/** Refunds what is left of a payment that could not be honoured, and tells the guest why. */
export async function refundAutomatically(
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
