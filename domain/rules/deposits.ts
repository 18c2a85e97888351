// Deposits (issue 31): a stay booked well ahead pays a deposit now and the
// balance shortly before arrival, charged to the card kept at the payment
// page. Pure: the owner's rule from the settings, the terms a booking keeps
// when it is made, and what those terms make it pay today and later.
import { formatLongDay } from "#domain/format/long-day.ts";
import { formatMoney } from "#domain/format/money.ts";
import { addDays, nightsBetween } from "./dates";

export const depositKinds = ["full", "percent", "per-night"] as const;
export type DepositKind = (typeof depositKinds)[number];

/** The settings that make the rule, as `settingsSchema` names them. */
export type DepositSettings = {
  depositKind: DepositKind;
  depositPercent: number;
  depositPerNightCents: number;
  /** A deposit is taken for stays that start more than this many days ahead. */
  depositDaysAhead: number;
  /** The balance is due (and charged) this many days before arrival. */
  balanceDueDaysBefore: number;
};

/**
 * What a booking keeps of the rule when it is made: a later change of the
 * settings leaves it alone. The balance is due `daysBefore` its check-in, so
 * a stay moved to other dates moves its due day with it.
 */
export type DepositTerms =
  | { kind: "percent"; percent: number; daysBefore: number }
  | { kind: "per-night"; perNightCents: number; daysBefore: number };

/** The day a booking's balance is due (and charged): its days before the check-in. */
export const balanceDueOn = (terms: DepositTerms, checkIn: string) =>
  addDays(checkIn, -terms.daysBefore);

/**
 * The day the kept card will be charged the balance; null when it will not be
 * (no terms, no card kept, or a charge already refused: the camper pays by link).
 */
export function keptCardChargedOn(booking: {
  depositTerms?: DepositTerms | null;
  savedCard?: string | null;
  balanceAttempts?: number;
  balanceClosedAt?: Date | null;
  checkInDate: string;
}): string | null {
  const { depositTerms, savedCard, balanceAttempts, balanceClosedAt } = booking;
  if (!depositTerms || !savedCard || balanceAttempts || balanceClosedAt) return null;
  return balanceDueOn(depositTerms, booking.checkInDate);
}

/** The provider's smallest card charge (Stripe's, in Australian dollars): a deposit or balance below it is no deposit. */
export const MIN_CARD_CHARGE_CENTS = 50;

/** The deposit terms of a stay booked on `today`; null when it pays in full now. */
export function depositTermsFor(
  rule: DepositSettings,
  checkIn: string,
  today: string,
): DepositTerms | null {
  if (rule.depositKind === "full") return null;
  if (nightsBetween(today, checkIn) <= rule.depositDaysAhead) return null;
  const daysBefore = rule.balanceDueDaysBefore;
  // A due day already here (the balance days at least the days ahead) leaves nothing to wait for.
  if (addDays(checkIn, -daysBefore) <= today) return null;
  return rule.depositKind === "percent"
    ? { kind: "percent", percent: rule.depositPercent, daysBefore }
    : { kind: "per-night", perNightCents: rule.depositPerNightCents, daysBefore };
}

/** Today's payment and the later balance of a booking with terms; null when it pays in full. */
export type PaymentPlan = { todayCents: number; balanceCents: number; balanceDueOn: string };

export function paymentPlan(
  terms: DepositTerms | null | undefined,
  stay: { finalAmountCents: number; checkInDate: string; checkOutDate: string },
): PaymentPlan | null {
  if (!terms) return null;
  const total = stay.finalAmountCents;
  const deposit =
    terms.kind === "percent"
      ? Math.round((total * terms.percent) / 100)
      : terms.perNightCents * nightsBetween(stay.checkInDate, stay.checkOutDate);
  // A deposit of the whole (or more), or one or a balance too small to charge, is no deposit.
  if (deposit < MIN_CARD_CHARGE_CENTS || total - deposit < MIN_CARD_CHARGE_CENTS) return null;
  return {
    todayCents: deposit,
    balanceCents: total - deposit,
    balanceDueOn: balanceDueOn(terms, stay.checkInDate),
  };
}

/** What the camper pays at the card payment page: the deposit, or the whole. */
export const payNowCents = (
  terms: DepositTerms | null | undefined,
  stay: Parameters<typeof paymentPlan>[1],
) => paymentPlan(terms, stay)?.todayCents ?? stay.finalAmountCents;

/** Step 3's and the confirmation's words: "Pay $60.00 today, then $140.00 on Friday 4 December 2026". */
export const planWords = (plan: PaymentPlan) =>
  `Pay ${formatMoney(plan.todayCents)} today, then ${formatMoney(plan.balanceCents)} on ${formatLongDay(plan.balanceDueOn)}`;

/** The same plan once the deposit is paid: the confirmation's words. */
export const paidPlanWords = (plan: PaymentPlan) =>
  `You have paid a deposit of ${formatMoney(plan.todayCents)}. The balance of ${formatMoney(plan.balanceCents)} is charged to the card you paid with on ${formatLongDay(plan.balanceDueOn)}.`;

/** The consent to keep the card, in words, on step 3 and at the payment page. */
export const keepCardWords = (plan: PaymentPlan) =>
  `By paying the deposit you agree that our payment provider keeps your card securely and that we charge the balance of ${formatMoney(plan.balanceCents)} to it on ${formatLongDay(plan.balanceDueOn)}. If that charge fails, we email you a link to pay it instead.`;

/** The balance charge's attempts: on the due day, then a day apart; each failure emails the link. */
export const BALANCE_ATTEMPTS = 3;
export const BALANCE_RETRY_HOURS = 24;

/** Where a balance to come stands: to be charged, refused (how often), not to be charged. */
export type BalanceStanding =
  | { kind: "to-charge" }
  | { kind: "declined"; times: number }
  | { kind: "no-card" }
  | { kind: "disputed" }
  | { kind: "card-paid-agreed" };

/** Where a balance to come stands, for the owner. */
export function balanceStandingWords(standing: BalanceStanding): string {
  switch (standing.kind) {
    case "to-charge":
      return "To be charged to the kept card on the due day.";
    case "no-card":
      return "No card kept: the camper is emailed a link to pay.";
    case "disputed":
      return "Not charged: the deposit is under a card dispute.";
    case "card-paid-agreed":
      return "The kept card paid the agreed balance; the rest is paid by link or on arrival.";
    case "declined": {
      const { times: n } = standing;
      const times = n === 1 ? "once" : n === 2 ? "twice" : `${n} times`;
      return n < BALANCE_ATTEMPTS
        ? `Declined ${times}; tried again ${BALANCE_RETRY_HOURS} hours later. The camper has a link to pay.`
        : `Declined ${times}; not tried again. The camper has a link to pay, or pays on arrival.`;
    }
  }
}
