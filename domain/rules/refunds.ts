// Refunds of a card payment (decision 0013): what is left to refund, what a
// refund reported by the provider records, and when it ends the booking.
import {
  type BookingStatus,
  type DisputeStatus,
  isRecordedPayment,
  type PaymentStatus,
} from "./statuses";

export type RefundablePayment = {
  amountCents: number;
  /** What the provider captured; null or absent when it did not say (then the amount expected). */
  capturedAmountCents?: number | null;
  refundedAmountCents: number;
  disputeStatus?: DisputeStatus | null;
};

/** What the provider took: a refund can never be larger (Stripe refuses one). */
export const capturedCents = (p: RefundablePayment) => p.capturedAmountCents ?? p.amountCents;

/**
 * What is left to refund of a payment. Nothing while a dispute is open (the
 * provider refuses to refund a disputed charge) or once it is lost (the bank
 * has given the money back already).
 */
export const refundableCents = (p: RefundablePayment) =>
  p.disputeStatus === "open" || p.disputeStatus === "lost"
    ? 0
    : Math.max(capturedCents(p) - p.refundedAmountCents, 0);

/** What a payment still holds for its booking: none of it once a dispute took it back. */
export const heldCents = (p: RefundablePayment) =>
  p.disputeStatus === "lost" ? 0 : p.amountCents - p.refundedAmountCents;

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

/**
 * A payment that still holds money for its booking, and how much of it can go
 * back; `atDesk` when it was paid at the farm (cash, EFTPOS, bank transfer),
 * which the farm gives back itself.
 */
export type LivePayment = { id: string; refundableCents: number; atDesk?: boolean };

/** One payment's part of a refund. */
export type PaymentRefund = { paymentId: string; cents: number; atDesk?: boolean };

/** Of a refund's parts, what goes back from the farm's own hand rather than to a card. */
export const atDeskCents = (parts: readonly PaymentRefund[]) =>
  parts.reduce((sum, part) => sum + (part.atDesk ? part.cents : 0), 0);

/**
 * The booking's payments that hold money, newest first: a refund goes back
 * by the way the money came, the latest money first (a change's difference,
 * then the first payment), never from a payment with nothing left.
 */
export function livePayments(
  rows: ({
    id: string;
    status: string;
    provider?: string;
    createdAt: Date;
    refundOwedAt?: Date | null;
  } & RefundablePayment)[],
): LivePayment[] {
  return rows
    .filter((p) => p.status === "succeeded" && !p.refundOwedAt && refundableCents(p) > 0)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((p) => ({
      id: p.id,
      refundableCents: refundableCents(p),
      ...(isRecordedPayment(p.provider ?? "") && { atDesk: true }),
    }));
}

/**
 * The live payments less `cents` of their money already given back another
 * way (put on the guest's prepaid card by a change), newest first.
 */
export function lessGivenBack(live: LivePayment[], cents: number): LivePayment[] {
  let left = cents;
  return live.flatMap((p) => {
    const taken = Math.min(left, p.refundableCents);
    left -= taken;
    const rest = p.refundableCents - taken;
    return rest > 0 ? [{ ...p, refundableCents: rest }] : [];
  });
}

/** `cents` spread over the live payments, newest first; null when they hold less. */
export function spreadRefund(live: LivePayment[], cents: number): PaymentRefund[] | null {
  const parts: PaymentRefund[] = [];
  let left = cents;
  for (const payment of live) {
    if (left <= 0) break;
    const part = Math.min(left, payment.refundableCents);
    parts.push({ paymentId: payment.id, cents: part, ...(payment.atDesk && { atDesk: true }) });
    left -= part;
  }
  return left > 0 ? null : parts;
}

export const totalRefundable = (live: LivePayment[]) =>
  live.reduce((sum, p) => sum + p.refundableCents, 0);
