// Refunds of a card payment (decision 0013): what is left to refund, what a
// refund reported by the provider records, and when it ends the booking.
import type { BookingStatus, PaymentStatus } from "./statuses";

export type RefundablePayment = {
  amountCents: number;
  /** What the provider captured; null or absent when it did not say (then the amount expected). */
  capturedAmountCents?: number | null;
  refundedAmountCents: number;
};

/** What the provider took: a refund can never be larger (Stripe refuses one). */
export const capturedCents = (p: RefundablePayment) => p.capturedAmountCents ?? p.amountCents;

/** What is left to refund of a payment. */
export const refundableCents = (p: RefundablePayment) =>
  Math.max(capturedCents(p) - p.refundedAmountCents, 0);

/**
 * What a payment records when the provider says `providerRefundedCents` of it
 * have been refunded in all. The provider's total replaces ours (never adds
 * to it, so a refund the app made and then hears of again counts once), never
 * goes down (events can arrive out of order) and never passes the amount.
 */
export function recordedRefund(
  p: RefundablePayment,
  providerRefundedCents: number,
  providerSaysFull = false,
) {
  const total = Math.max(p.refundedAmountCents, providerRefundedCents);
  return {
    refundedAmountCents: Math.min(total, p.amountCents),
    full: providerSaysFull || total >= capturedCents(p),
  };
}

/**
 * A full refund made at the provider ends a paid or confirmed booking, unless
 * another payment of the booking still holds money for it (a second payment
 * of the same booking, or the zero payment that confirmed it): then only that
 * payment was returned and the booking stands.
 */
export function refundEndsBooking(
  booking: { status: BookingStatus },
  full: boolean,
  otherPayments: { status: PaymentStatus }[],
): boolean {
  if (!full) return false;
  if (booking.status !== "paid" && booking.status !== "confirmed") return false;
  return !otherPayments.some((p) => p.status === "succeeded");
}
