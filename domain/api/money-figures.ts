// The money figures of a range of farm days, read from the ledger (issue 29,
// server/services/money-figures.ts): what the Payments screen, Reports and
// the dashboard show and define.
import { formatMoney } from "#domain/format/money.ts";
import type { BalanceStanding } from "#domain/rules/deposits.ts";
import type { LedgerCause, LedgerMethod } from "#domain/rules/ledger.ts";

export type MoneyFigures = {
  range: { from: string; to: string };
  /** Money received (card, cash, EFTPOS, bank transfer), by the day it moved. */
  receivedCents: number;
  /** Money given back or taken by disputes, by the day it moved. */
  refundedCents: number;
  /** Money received less money refunded. */
  takingsCents: number;
  /** Payments received and refunds made, counted. */
  payments: number;
  refunds: number;
  /** The card money for gift vouchers sold (in Takings), and how many. */
  vouchersSoldCents: number;
  vouchersSold: number;
  /** Money out by why: cancellation, change, returned, provider, dispute. */
  refundsByCause: { cause: LedgerCause; cents: number }[];
  /** In and out by way of paying, prepaid credit apart. */
  byMethod: { method: LedgerMethod; inCents: number; outCents: number }[];
  /** What the bookings cancelled in the range kept (a fee under the policy, credit kept). */
  keptCents: number;
  keptBookings: number;
};

/** Each figure's definition, as the screens state it. */
export const MONEY_DEFINITIONS = {
  takings: "Takings: money received less money refunded, by the day it moved.",
  revenue: "Revenue: the nights stayed, by night, after discounts and refunds.",
  kept: "Kept: what bookings cancelled in the range still hold, under the cancellation policy.",
} as const;

/** What of the money received paid for gift vouchers, as a sentence to follow a count; empty when none was sold. */
export function vouchersSoldWords(money: { vouchersSoldCents: number; vouchersSold: number }) {
  if (money.vouchersSold === 0) return "";
  const vouchers = money.vouchersSold === 1 ? "gift voucher" : "gift vouchers";
  return `. Includes ${formatMoney(money.vouchersSoldCents)} for ${money.vouchersSold} ${vouchers}, spent later as prepaid credit.`;
}

/** Why money went back, as the screens name it. */
export const causeLabels: Record<LedgerCause, string> = {
  sale: "Sales",
  balance: "Balances",
  change: "Changes of stay",
  cancellation: "Cancellations",
  returned: "Payments returned (mismatch, duplicate, too late)",
  provider: "Refunds made in the payment provider's dashboard",
  dispute: "Card disputes",
  voucher: "Gift vouchers",
};

export const methodLabels: Record<LedgerMethod, string> = {
  card: "Card",
  cash: "Cash",
  eftpos: "EFTPOS",
  "bank-transfer": "Bank transfer",
  prepaid: "Prepaid credit",
};

/**
 * What moved through the provider's balance in a period (Stripe's balance
 * transactions), to match the bank statement: card money in, refunds and
 * disputes out, its fees, and what it paid out to the farm's bank.
 */
export type ProviderBalance = {
  chargesCents: number;
  refundsCents: number;
  feesCents: number;
  payoutsCents: number;
  /** Balance transactions counted; more than the cap were left out when `truncated`. */
  transactions: number;
  truncated: boolean;
};

/** The provider's side of a range: none (test checkout), its balance, or not reachable now. */
export type ProviderReconciliation =
  | { kind: "none" }
  | { kind: "unavailable" }
  | ({ kind: "balance" } & ProviderBalance);

/** A deposit booking whose balance is still to come (the Payments screen). */
export type BalanceToCome = {
  bookingId: string;
  bookingReference: string;
  guestName: string;
  campsiteName: string;
  checkIn: string;
  dueOn: string;
  owedCents: number;
  standing: BalanceStanding;
};
