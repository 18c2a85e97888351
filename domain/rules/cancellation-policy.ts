// The farm's cancellation policy, applied by itself when a camper cancels on
// their own booking page (decision 0015): a full refund up to N days before
// arrival, an optional share of it after that, or no refunds at all. Pure:
// the caller hands in the booking's cancel options (cancellation.ts), the
// policy from the settings and the farm's today.
import { formatLongDay } from "#domain/format/long-day.ts";
import { formatMoney } from "#domain/format/money.ts";
import type { CancelOptions, RefundChoice, ReturnPlan } from "./cancellation";
import { addDays } from "./dates";
import { atDeskCents, spreadRefund } from "./refunds";
import type { BookingStatus } from "./statuses";

export const cancellationRefundKinds = ["by-notice", "none"] as const;
export type CancellationRefunds = (typeof cancellationRefundKinds)[number];

export type CancellationPolicy = {
  /** "by-notice": refunds by how early the camper cancels; "none": never a refund. */
  refunds: CancellationRefunds;
  /** A full refund when cancelled at least this many days before arrival. */
  fullRefundDays: number;
  /** The share (0-100) refunded when cancelled later than that, before arrival. */
  lateRefundPercent: number;
};

/** The settings that make the policy, as `settingsSchema` names them. */
export type CancellationSettings = {
  cancellationRefunds: CancellationRefunds;
  fullRefundDaysBeforeArrival: number;
  lateCancellationRefundPercent: number;
};

export const policyOfSettings = (s: CancellationSettings): CancellationPolicy => ({
  refunds: s.cancellationRefunds,
  fullRefundDays: s.fullRefundDaysBeforeArrival,
  lateRefundPercent: s.lateCancellationRefundPercent,
});

/** The last farm day a cancellation gets the full refund; null under "no refunds". */
export function fullRefundDeadline(checkIn: string, policy: CancellationPolicy): string | null {
  return policy.refunds === "none" ? null : addDays(checkIn, -policy.fullRefundDays);
}

/** The share of the booking (0-100) refunded when cancelled on `today`. */
export function refundPercent(checkIn: string, policy: CancellationPolicy, today: string): number {
  const deadline = fullRefundDeadline(checkIn, policy);
  if (deadline === null) return 0;
  return today <= deadline ? 100 : policy.lateRefundPercent;
}

export const NON_REFUNDABLE =
  "This booking is non-refundable: if you cancel, nothing is paid back.";

/**
 * The policy for this stay in plain words, from `today` on, with its days
 * written out (farm days): "Full refund if you cancel by Friday 4 December
 * 2026; 50% refund if you cancel by Wednesday 9 December 2026; no refund after
 * that." A deadline already past is left out; a stay nothing can be refunded
 * on any more says it is non-refundable.
 */
export function policyWords(checkIn: string, policy: CancellationPolicy, today: string): string {
  const deadline = fullRefundDeadline(checkIn, policy);
  // Cancelling ends on the day before arrival (the stay has started on its check-in day).
  const lastDay = addDays(checkIn, -1);
  const late = policy.lateRefundPercent;
  const lateSteps =
    late > 0 && lastDay >= today
      ? [`${late}% refund if you cancel by ${formatLongDay(lastDay)}`]
      : [];
  if (deadline === null || (deadline < today && lateSteps.length === 0)) return NON_REFUNDABLE;
  const steps = [
    ...(deadline >= today ? [`Full refund if you cancel by ${formatLongDay(deadline)}`] : []),
    ...(deadline < lastDay || deadline < today ? lateSteps : []),
  ];
  return `${capitalise(steps.join("; "))}; no refund after that.`;
}

/**
 * The policy for every stay, as the FAQ and the Terms say it (issue 30, item
 * 4): written from the settings the booking engine applies, so the site never
 * promises other than what a cancellation gets.
 */
export function policyInGeneral(policy: CancellationPolicy): string {
  if (policy.refunds === "none") {
    return "Bookings are non-refundable: if you cancel, nothing is paid back.";
  }
  const days = policy.fullRefundDays === 1 ? "1 day" : `${policy.fullRefundDays} days`;
  const later =
    policy.lateRefundPercent > 0
      ? `later cancellations, up to the day before arrival, receive a ${policy.lateRefundPercent}% refund`
      : "later cancellations are not refunded";
  return `Cancellations made at least ${days} before your arrival date receive a full refund; ${later}. Refunds go back to the card or prepaid card that paid.`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The policy as the camper accepted it before paying, kept with the booking (issue 29). */
export type AcceptedPolicy = CancellationPolicy & {
  /** The words shown on step 3, exactly. */
  words: string;
  /** The version of the Terms and Conditions accepted with it. */
  termsVersion: string;
  acceptedAt: string;
};

/** The stay has started on its check-in day: from then on it is the farm's to settle. */
export const stayStarted = (checkIn: string, today: string) => today >= checkIn;

export const STAY_STARTED =
  "Your stay has already started, so it can no longer be cancelled here. Please call us.";
export const NOT_CANCELLABLE_BY_GUEST = "This booking has already been cancelled.";

export type GuestCancellation =
  | { allowed: false; reason: string }
  | {
      allowed: true;
      percent: number;
      /** Back the way the camper paid: their card, through the provider, or the farm's hand. */
      cardCents: number;
      /** Of that, what was paid at the farm (cash, EFTPOS, bank transfer): the farm gives it back. */
      atDeskCents: number;
      /** Back on the prepaid card, in the same proportion. */
      creditCents: number;
      /** What cancelBooking's parts carry out, and the audit's refund choice. */
      plan: ReturnPlan;
      refund: RefundChoice;
    };

const share = (cents: number, percent: number) => Math.round((cents * percent) / 100);

/**
 * What the camper gets back for cancelling today: the policy's share of what
 * is left of the card payment and of the prepaid credit the booking holds.
 * Only a paid or confirmed stay that has not started can be cancelled here.
 */
export function guestCancellation(
  booking: { status: BookingStatus; checkInDate: string },
  can: CancelOptions,
  policy: CancellationPolicy,
  today: string,
): GuestCancellation {
  if ((booking.status !== "paid" && booking.status !== "confirmed") || !can.allowed)
    return { allowed: false, reason: NOT_CANCELLABLE_BY_GUEST };
  if (stayStarted(booking.checkInDate, today)) return { allowed: false, reason: STAY_STARTED };
  const percent = refundPercent(booking.checkInDate, policy, today);
  const cardCents = can.refundable ? share(can.refundableCents, percent) : 0;
  const creditCents = share(can.prepaidCredit?.cents ?? 0, percent);
  const plan: ReturnPlan = {
    cardRefunds: (can.refundable && spreadRefund(can.payments, cardCents)) || [],
    prepaidCreditCents: creditCents,
    returnsCodeUse: can.discountCode !== null,
  };
  return {
    allowed: true,
    percent,
    cardCents,
    atDeskCents: atDeskCents(plan.cardRefunds),
    creditCents,
    plan,
    refund: refundChoice(percent, cardCents),
  };
}

function refundChoice(percent: number, cardCents: number): RefundChoice {
  if (percent >= 100) return { kind: "full" };
  if (percent <= 0) return { kind: "none" };
  return { kind: "partial", amountCents: cardCents };
}

/**
 * Money going back the way it came, in the camper's words: to their card, or
 * what they paid at the farm (cash, EFTPOS, bank transfer) from the farm itself.
 */
export function refundWords(cents: number, atDeskCents: number): string[] {
  return [
    cents > atDeskCents ? `${formatMoney(cents - atDeskCents)} back to your card` : "",
    atDeskCents > 0
      ? `${formatMoney(atDeskCents)} you paid at the farm, given back by the farm`
      : "",
  ];
}

/** The sentence the confirmation dialog shows before the camper cancels. */
export function refundStatement(c: Extract<GuestCancellation, { allowed: true }>): string {
  if (c.percent === 0) return "If you cancel now, you get no refund.";
  const parts = [
    ...refundWords(c.cardCents, c.atDeskCents),
    c.creditCents > 0 ? `${formatMoney(c.creditCents)} back on your prepaid card` : "",
  ].filter(Boolean);
  if (parts.length === 0)
    return "Nothing was paid for this booking, so there is nothing to refund.";
  const what = c.percent === 100 ? "a full refund" : `a ${c.percent}% refund`;
  return `If you cancel now, you get ${what}: ${parts.join(" and ")}.`;
}
