// The money ledger's vocabulary (issue 29, decision 0027): every movement of
// a booking's money is one append-only entry, signed from the farm's side (+
// in, − out), with the way it moved and why.

/** What moved: a payment in, a refund out, money a dispute took or gave back, prepaid credit. */
export const ledgerKinds = ["payment", "refund", "dispute", "prepaid"] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/** How it moved: a card (through the provider or the test checkout), by hand, or a prepaid card. */
export const ledgerMethods = ["card", "cash", "eftpos", "bank-transfer", "prepaid"] as const;
export type LedgerMethod = (typeof ledgerMethods)[number];

/**
 * Why: the stay's own price (`sale`), what a booking still owed (`balance`),
 * a change of stay, a cancellation, a payment that could not be honoured and
 * went back (`returned`), a refund made in the provider's dashboard
 * (`provider`), a card dispute, a gift voucher sold (`voucher`: the card
 * money for it, spent later as prepaid credit).
 */
export const ledgerCauses = [
  "sale",
  "balance",
  "change",
  "cancellation",
  "returned",
  "provider",
  "dispute",
  "voucher",
] as const;
export type LedgerCause = (typeof ledgerCauses)[number];

/** The way a payment row's provider moved money. */
export function methodOfProvider(provider: string): LedgerMethod {
  return provider === "cash" || provider === "eftpos" || provider === "bank-transfer"
    ? provider
    : "card";
}

/** The GST inside a GST-inclusive amount (1/11 in Australia), none when not registered. */
export const gstWithin = (cents: number, gstRegistered: boolean) =>
  gstRegistered ? Math.round(cents / 11) : 0;

/**
 * What a payment's entries must add up to, given the payment as it stands:
 * what was taken (once it succeeded; what the provider captured when it says)
 * and what has gone back.
 */
export function paymentTotals(payment: {
  status: string;
  amountCents: number;
  capturedAmountCents: number | null;
  refundedAmountCents: number;
}): { received: number; refunded: number } {
  const settled = payment.status === "succeeded" || payment.status === "refunded";
  return {
    received: settled ? (payment.capturedAmountCents ?? payment.amountCents) : 0,
    refunded: payment.refundedAmountCents,
  };
}

/**
 * What a card dispute has taken, by its state: the disputed amount while it is
 * open or once it is lost, nothing once it is won.
 */
export const disputedCents = (state: "open" | "won" | "lost", amountCents: number) =>
  state === "won" ? 0 : amountCents;
