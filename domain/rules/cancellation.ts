// Cancelling a booking (spec 4, amendment 3, decision 0009): which bookings
// may be cancelled, what each refund choice gives back (card money, prepaid
// credit, the discount code's use), and never anything twice.
import { formatMoney } from "#domain/format/money.ts";
import {
  type LivePayment,
  lessGivenBack,
  livePayments,
  type PaymentRefund,
  spreadRefund,
  totalRefundable,
} from "./refunds";
import type { BookingStatus } from "./statuses";

/** What a cancellation gives back besides card money: shown by the dialog, applied by cancelBooking. */
export type CancelReturns = {
  /** The credit the booking took from its prepaid card and has not had back; a full refund returns it. */
  prepaidCredit: { cents: number; cardNumber: string; cardActive: boolean } | null;
  /** The code whose use the booking counted; every cancellation gives that use back. */
  discountCode: string | null;
  /** Card money a change already put on the prepaid card: no refund gives it back twice. */
  creditedFromCardCents?: number;
};

export type CancelOptions =
  | { allowed: false }
  | ({ allowed: true; refundable: false } & CancelReturns)
  | ({
      allowed: true;
      /** A refund choice is offered: card money left to refund, prepaid credit to return, or both. */
      refundable: true;
      /** The payments holding money, newest first; none for a booking covered by a code or card. */
      payments: LivePayment[];
      /** What they hold in all. */
      refundableCents: number;
    } & CancelReturns);

/** A prepaid card's ledger entry for the booking. */
export type CardTransaction = {
  prepaidCardId: string | null;
  transactionType: string;
  amountCents: number;
};

/**
 * The credit a booking holds on its card, from the card's ledger rather than
 * `prepaidAmountUsedCents`: only what was really debited (at payment) and not
 * yet credited back can be returned, so nothing is ever returned twice.
 */
function prepaidNet(prepaidCardId: string | null, transactions: CardTransaction[]): number {
  let cents = 0;
  for (const t of transactions) {
    if (t.prepaidCardId !== prepaidCardId) continue;
    if (t.transactionType === "debit") cents += t.amountCents;
    if (t.transactionType === "credit") cents -= t.amountCents;
  }
  return cents;
}

/**
 * Paid and confirmed bookings counted their code's use when they were settled
 * (`settleBooking` in services/payments/settle.ts); pending and expired ones never did, and a
 * payment that could not be honoured left its booking expired, uncounted.
 */
const countedCodeUse = (status: BookingStatus) => status === "paid" || status === "confirmed";

/** The booking as cancelling it needs it: its state, and the code and card it carries. */
export type CancellableBooking = {
  status: BookingStatus;
  prepaidCardId: string | null;
  prepaidCardNumber: string | null;
  prepaidCardActive: boolean | null;
  discountCodeId: string | null;
  discountCode: string | null;
};

/** What cancelling this booking would give back, from its row and its card transactions. */
export function cancelReturns(
  booking: CancellableBooking,
  transactions: CardTransaction[],
): CancelReturns {
  // More credited than debited: the rest was card money, put on the card by a change.
  const net = prepaidNet(booking.prepaidCardId, transactions);
  const cents = Math.max(net, 0);
  return {
    creditedFromCardCents: Math.max(-net, 0),
    prepaidCredit:
      cents > 0 && booking.prepaidCardNumber
        ? {
            cents,
            cardNumber: booking.prepaidCardNumber,
            cardActive: booking.prepaidCardActive === true,
          }
        : null,
    discountCode:
      booking.discountCodeId && countedCodeUse(booking.status) ? booking.discountCode : null,
  };
}

/**
 * Spec 4: pending and confirmed bookings may be cancelled; amendment 3 adds
 * paid ones, with a refund choice. Only a paid booking has a card payment
 * (a confirmed one was covered by a code or card), but a booking holding
 * prepaid credit is offered the choice too: a full refund returns that credit.
 */
export function cancelOptions(
  status: BookingStatus,
  paymentRows: Parameters<typeof livePayments>[0],
  returns: CancelReturns,
): CancelOptions {
  if (status !== "pending" && status !== "confirmed" && status !== "paid")
    return { allowed: false };
  // A pending booking has paid nothing yet; a payment owed back (replaced by a
  // change's payment) is already on its way back, so livePayments leaves it out.
  const live =
    status === "pending"
      ? []
      : lessGivenBack(livePayments(paymentRows), returns.creditedFromCardCents ?? 0);
  if (live.length === 0 && !returns.prepaidCredit)
    return { allowed: true, refundable: false, ...returns };
  return {
    allowed: true,
    refundable: true,
    payments: live,
    refundableCents: totalRefundable(live),
    ...returns,
  };
}

export type RefundChoice =
  | { kind: "none" }
  | { kind: "full" }
  | { kind: "partial"; amountCents: number };

export const CANNOT_CANCEL = "Only pending, confirmed or paid bookings can be cancelled.";
export const BOOKING_CHANGED =
  "This booking changed in the meantime. Reload the page and try again.";
export const REFUND_UNAVAILABLE =
  "The card payment provider could not make the refund just now, so nothing has changed: the booking stands as it was. Please try again in a few minutes.";
export const NO_CARD_PAYMENT = "This booking has no card payment to refund.";
export const NOTHING_TO_REFUND = "This booking has no card payment or prepaid credit to refund.";
export const REFUND_AMOUNT_NEEDED = "Enter a refund amount above $0.00.";
/** Refused by one payment: a refund can never pass what is left of it. */
export const REFUND_TOO_LARGE = (cents: number) =>
  `The refund can be at most ${formatMoney(cents)}, what is left of this payment.`;
/** Refused for a booking: its payments hold less than the amount typed. */
export const BOOKING_REFUND_TOO_LARGE = (cents: number) =>
  `The refund can be at most ${formatMoney(cents)}, what the booking's payments hold.`;

export type Cancellable = Extract<CancelOptions, { allowed: true }>;

/** A refund choice that cannot be carried out, and the field it is about. */
export type Refused = { refused: string; field?: string };

/** What the refund choice gives back: card money through the provider, prepaid credit, the code's use. */
export type ReturnPlan = {
  /** Back to each payment by the way it came, newest first. */
  cardRefunds: PaymentRefund[];
  prepaidCreditCents: number;
  returnsCodeUse: boolean;
};

/**
 * Turns the admin's refund choice into what goes back. "full" is everything
 * the guest paid: what is left of the card payment and the prepaid credit.
 * "partial" is the amount typed, off the card payment only: the credit stays
 * spent, so the guest never gets more than the amount the admin chose
 * (decision 0009). The code's use goes back whatever the choice.
 */
export function planReturns(can: Cancellable, refund: RefundChoice): ReturnPlan | Refused {
  const returnsCodeUse = can.discountCode !== null;
  if (refund.kind === "none") return { cardRefunds: [], prepaidCreditCents: 0, returnsCodeUse };
  if (!can.refundable) return { refused: NOTHING_TO_REFUND };
  if (refund.kind === "full") {
    const cardRefunds = spreadRefund(can.payments, can.refundableCents) ?? [];
    return { cardRefunds, prepaidCreditCents: can.prepaidCredit?.cents ?? 0, returnsCodeUse };
  }
  if (can.payments.length === 0) return { refused: NO_CARD_PAYMENT };
  if (!Number.isInteger(refund.amountCents) || refund.amountCents <= 0)
    return { refused: REFUND_AMOUNT_NEEDED, field: "refundAmount" };
  const cardRefunds = spreadRefund(can.payments, refund.amountCents);
  if (!cardRefunds)
    return { refused: BOOKING_REFUND_TOO_LARGE(can.refundableCents), field: "refundAmount" };
  return { cardRefunds, prepaidCreditCents: 0, returnsCodeUse };
}
