// What the cancel dialog says will go back to the guest for each refund
// choice, in the rules' own terms (domain/rules/cancellation.ts planReturns):
// a full refund returns the card payment and the prepaid credit, a partial
// one only the amount typed off the card payment, and every cancellation
// gives the discount code's use back.
import { formatMoney } from "#domain/format/money.ts";
import type { CancelOptions } from "#domain/rules/cancellation.ts";

export type RefundChoiceKind = "full" | "partial" | "none";

type Cancellable = Extract<CancelOptions, { allowed: true }>;

/** What is left of the card payment to refund; 0 when there is none. */
export const cardRefundableCents = (options: Cancellable) =>
  options.refundable ? options.refundableCents : 0;

/** A refund choice is worth offering: card money to refund, or prepaid credit to return. */
export const offersRefund = (options: Cancellable) =>
  cardRefundableCents(options) > 0 || options.prepaidCredit !== null;

function prepaidCreditLine(
  credit: NonNullable<Cancellable["prepaidCredit"]>,
  choice: RefundChoiceKind,
) {
  if (choice !== "full")
    return `The ${formatMoney(credit.cents)} prepaid credit on card ${credit.cardNumber} is not returned.`;
  const line = `${formatMoney(credit.cents)} prepaid credit goes back to card ${credit.cardNumber}.`;
  // The balance is the guest's either way; switching the card on again is the farm's call.
  return credit.cardActive ? line : `${line} The card stays deactivated.`;
}

/** One sentence per thing that goes back (or deliberately does not) with this choice. */
export function cancellationReturnLines(options: Cancellable, choice: RefundChoiceKind): string[] {
  const lines: string[] = [];
  const card = cardRefundableCents(options);
  if (choice === "full" && card > 0)
    lines.push(`${formatMoney(card)} goes back to the guest's card.`);
  if (options.prepaidCredit) lines.push(prepaidCreditLine(options.prepaidCredit, choice));
  if (options.discountCode)
    lines.push(`One use of discount code ${options.discountCode} is given back.`);
  return lines;
}
