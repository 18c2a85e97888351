// The farm changes or moves a booking (issue 28): what the guest owes, or is
// owed, once the stay is priced again. Pure: the server hands in the new
// final amount and what the booking has paid so far.
import { formatMoney } from "#domain/format/money.ts";

/** How the farm collects what a dearer stay adds. */
export const collectChoices = ["link", "recorded", "on-arrival"] as const;
export type CollectChoice = (typeof collectChoices)[number];
/** What the farm does with what a cheaper stay leaves over. */
export const giveBackChoices = ["refund", "credit", "keep"] as const;
export type GiveBackChoice = (typeof giveBackChoices)[number];

export const collectLabels: Record<CollectChoice, string> = {
  link: "Email the guest a payment link",
  recorded: "Paid now: record the payment",
  "on-arrival": "Collect it on arrival",
};
export const giveBackLabels: Record<GiveBackChoice, string> = {
  refund: "Refund it (to the card, or hand back what was paid in cash)",
  credit: "Put it on the guest's prepaid card",
  keep: "Keep it (give the reason)",
};

/** After the change: what is still owed (positive) or was paid over (negative). */
export type DeskChangeBalance = { newFinalCents: number; paidCents: number; balanceCents: number };

export const balanceAfter = (newFinalCents: number, paidCents: number): DeskChangeBalance => ({
  newFinalCents,
  paidCents,
  balanceCents: newFinalCents - paidCents,
});

/**
 * What the farm must choose once the stay is priced again: how to collect a
 * dearer stay's balance, or what to do with what was paid over a cheaper one.
 * A balance the change did not add (a stay paid on arrival) is collected as it was.
 */
export function moneyChoice(balanceCents: number, dearer: boolean): "collect" | "give-back" | null {
  if (balanceCents > 0 && dearer) return "collect";
  return balanceCents < 0 ? "give-back" : null;
}

/** The preview's sentence about the money. */
export function balanceStatement(
  { balanceCents, paidCents }: DeskChangeBalance,
  dearer: boolean,
): string {
  const paid = `The guest has paid ${formatMoney(paidCents)}:`;
  if (balanceCents > 0)
    return `${paid} ${formatMoney(balanceCents)} is to be collected${dearer ? "" : ", as before"}.`;
  if (balanceCents < 0)
    return `${paid} ${formatMoney(-balanceCents)} more than the changed stay costs.`;
  return `${paid} nothing is owed either way.`;
}

export const CHANGE_ERRORS = {
  ended: "This stay has ended, so it can no longer be changed.",
  closed: "Only a paid or confirmed booking can be changed or moved.",
  startedMove:
    "This stay has started: its check-in day cannot move. Change the check-out day instead.",
  changedMeanwhile: "This booking changed in the meantime. Reload the page and try again.",
  ownerPriced: "The owner set this booking's price, so only the owner can change or move it.",
  noCredit:
    "This booking has no prepaid card to put credit on. Choose a refund, or keep the difference.",
  refundTooLarge: (cents: number) =>
    `Only ${formatMoney(cents)} of what was paid can be refunded. Choose prepaid credit, or keep the difference.`,
} as const;
