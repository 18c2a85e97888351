// How the admin screens label nights and booking statuses.
import type { PaymentStatus } from "#domain/rules/statuses.ts";

export const nightsLabel = (n: number) => `${n} ${n === 1 ? "night" : "nights"}`;

export const statusLabels: Record<string, string> = {
  pending: "Pending",
  paid: "Paid",
  confirmed: "Confirmed",
  expired: "Expired",
  refunded: "Refunded",
  cancelled: "Cancelled",
};

/** The badge tones the admin screens use. */
type Tone = "neutral" | "green" | "blue" | "red" | "amber";

export const statusTones = {
  pending: "amber",
  paid: "green",
  confirmed: "blue",
  expired: "neutral",
  refunded: "neutral",
  cancelled: "red",
} as const satisfies Record<string, Tone>;

/** A payment's status, as the admin screens show it. */
export const paymentStatusBadges: Record<PaymentStatus, { label: string; tone: Tone }> = {
  succeeded: { label: "Succeeded", tone: "green" },
  pending: { label: "Pending", tone: "amber" },
  failed: { label: "Failed", tone: "red" },
  canceled: { label: "Canceled", tone: "neutral" },
  refunded: { label: "Refunded", tone: "blue" },
};

/** A card dispute on a booking's payment, as its badge reads (decision 0013). */
export const disputeLabels = {
  open: "Disputed",
  won: "Dispute won",
  lost: "Dispute lost",
} as const;

export const disputeTones = {
  open: "red",
  won: "green",
  lost: "red",
} as const satisfies Record<string, Tone>;

/** What each dispute status means for the farm, in the booking's details. */
export const disputeMeanings = {
  open: "The card holder's bank has disputed the card payment. Answer it in the Stripe Dashboard before its due date, or the bank decides for the card holder.",
  won: "The bank decided the dispute for the farm: the payment stays with the farm.",
  lost: "The bank decided the dispute for the card holder: the payment was taken back from the farm.",
} as const;
