// Prices (spec section 9, issue 13): the stay's lines (rates.ts); a discount code (percentage
// or fixed amount) on the subtotal; prepaid credit capped at what is left and
// never below 0; the final amount is what the card is charged.

import { formatMoney } from "#domain/format/money.ts";
import { nightsBetween } from "./dates";
import { gstIncluded, linesTotal, type PriceLine } from "./rates";

/** The lines a discount code applies to: the nights and fees, not the extras nor what a change kept. */
export const discountableTotal = (lines: readonly PriceLine[]) =>
  linesTotal(lines.filter((line) => line.kind !== "extra" && line.kind !== "kept"));

export type DiscountRule = {
  discountType: "percentage" | "fixed_amount";
  /** Whole percent for `percentage`, cents for `fixed_amount`. */
  discountValue: number;
  minimumAmountCents: number;
  usageLimit: number | null;
  usedCount: number;
  validFrom: string;
  validUntil: string | null;
  isActive: boolean;
};

// The texts a guest reads under 'Invalid Discount Code' / 'Invalid Prepaid Card'.
export const DISCOUNT_ERRORS = {
  unknown: "Invalid or inactive discount code",
  notYetValid: "This discount code is not valid yet",
  expired: "This discount code has expired",
  usedUp: "This discount code has reached its usage limit",
  minimum: (minimumCents: number) =>
    `This discount code needs a booking of at least ${formatMoney(minimumCents)}`,
} as const;

export const PREPAID_ERRORS = {
  unknown: "Invalid or inactive prepaid card",
  empty: "This prepaid card has no remaining balance",
  expired: "This prepaid card has expired",
} as const;

/** Why a code cannot be used today on a booking of `bookingAmountCents`; undefined when it can. */
export function discountProblem(
  code: DiscountRule | undefined,
  bookingAmountCents: number,
  today: string,
): string | undefined {
  if (!code?.isActive) return DISCOUNT_ERRORS.unknown;
  if (today < code.validFrom) return DISCOUNT_ERRORS.notYetValid;
  if (code.validUntil !== null && today > code.validUntil) return DISCOUNT_ERRORS.expired;
  if (code.usageLimit !== null && code.usedCount >= code.usageLimit) return DISCOUNT_ERRORS.usedUp;
  if (bookingAmountCents < code.minimumAmountCents)
    return DISCOUNT_ERRORS.minimum(code.minimumAmountCents);
  return undefined;
}

/** The discount on `subtotalCents`, never more than the subtotal. Percentages round to the cent. */
export function discountAmount(
  code: Pick<DiscountRule, "discountType" | "discountValue">,
  subtotalCents: number,
): number {
  const raw =
    code.discountType === "percentage"
      ? Math.round((subtotalCents * code.discountValue) / 100)
      : code.discountValue;
  return Math.max(0, Math.min(raw, subtotalCents));
}

/** Why a prepaid card cannot be used; undefined when it can. */
export function prepaidProblem(
  card: { isActive: boolean; balanceCents: number; expiresOn?: string | null } | undefined,
  today: string,
): string | undefined {
  if (!card?.isActive) return PREPAID_ERRORS.unknown;
  if (card.expiresOn && today > card.expiresOn) return PREPAID_ERRORS.expired;
  if (card.balanceCents <= 0) return PREPAID_ERRORS.empty;
  return undefined;
}

/** The credit taken from a card: its balance capped at (subtotal - discount), never below 0. */
export function prepaidCredit(balanceCents: number, subtotalCents: number, discountCents: number) {
  return Math.max(0, Math.min(balanceCents, subtotalCents - discountCents));
}

export type Quote = {
  nights: number;
  /** The stay's lines before discount and credit (rates.ts). */
  lines: PriceLine[];
  subtotalCents: number;
  /** What a discount code applies to: the nights and the fees, not the extras. */
  discountableCents: number;
  discountAmountCents: number;
  prepaidAmountCents: number;
  finalAmountCents: number;
  /** GST included in what the stay costs after the discount; 0 when the farm is not registered. */
  gstAmountCents: number;
};

/**
 * The price of a stay from its lines, with an optional (already validated)
 * code and card. The code applies to the stay (nights and fees, not the
 * extras) before the card's credit; prepaid credit is a way of paying, so GST
 * is on the price after the discount, whoever pays it.
 */
export function priceStay(input: {
  checkIn: string;
  checkOut: string;
  lines: PriceLine[];
  gstRegistered: boolean;
  discount?: Pick<DiscountRule, "discountType" | "discountValue">;
  prepaidBalanceCents?: number;
}): Quote {
  const nights = Math.max(0, nightsBetween(input.checkIn, input.checkOut));
  const subtotalCents = linesTotal(input.lines);
  const discountableCents = discountableTotal(input.lines);
  const discountAmountCents = input.discount
    ? discountAmount(input.discount, discountableCents)
    : 0;
  const prepaidAmountCents = prepaidCredit(
    input.prepaidBalanceCents ?? 0,
    subtotalCents,
    discountAmountCents,
  );
  return {
    nights,
    lines: input.lines,
    subtotalCents,
    discountableCents,
    discountAmountCents,
    prepaidAmountCents,
    finalAmountCents: subtotalCents - discountAmountCents - prepaidAmountCents,
    gstAmountCents: input.gstRegistered ? gstIncluded(subtotalCents - discountAmountCents) : 0,
  };
}
