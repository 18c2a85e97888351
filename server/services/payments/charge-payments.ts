// The payment a provider's charge belongs to. Refund and dispute events name
// the charge and its payment intent; the checkout stored the intent, and the
// first of these events stores the charge.
import { eq, or } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { bookings, payments } from "#server/db/schema.ts";
import type { BookingRow, PaymentRow } from "./deps";

/** What a refund or dispute event says of the charge it is about. */
export type ChargeRef = { chargeId: string; paymentIntentId: string | null };

/** An id from a Stripe field that holds either the id or the expanded object. */
export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * The charge's payment and its booking, both locked until the transaction
 * ends (payment first, as fulfilCheckout does); the charge id is stored on the
 * payment the first time it is seen. Undefined for a charge this site did not
 * make, or one whose checkout it has not recorded yet.
 */
export async function lockChargeAndBooking(
  tx: Tx,
  ref: ChargeRef,
): Promise<{ payment: PaymentRow; booking: BookingRow } | undefined> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(
      or(
        eq(payments.chargeId, ref.chargeId),
        ref.paymentIntentId ? eq(payments.stripePaymentIntentId, ref.paymentIntentId) : undefined,
      ),
    )
    .limit(1)
    .for("update");
  if (!payment) return undefined;
  const [booking] = await tx
    .select()
    .from(bookings)
    .where(eq(bookings.id, payment.bookingId))
    .for("update");
  if (!booking) return undefined;
  if (payment.chargeId !== ref.chargeId)
    await tx.update(payments).set({ chargeId: ref.chargeId }).where(eq(payments.id, payment.id));
  return { payment: { ...payment, chargeId: ref.chargeId }, booking };
}
