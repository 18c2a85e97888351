// The states a booking and a payment move through, and the kinds of discount,
// as the database stores them and the screens show them.

export const bookingStatuses = [
  "pending",
  "paid",
  "confirmed",
  "expired",
  "refunded",
  "cancelled",
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** Statuses that hold a unit's nights; the exclusion constraint covers exactly these. */
export const occupyingStatuses = [
  "pending",
  "paid",
  "confirmed",
] as const satisfies BookingStatus[];

export const paymentStatuses = ["succeeded", "pending", "failed", "canceled", "refunded"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const discountTypes = ["percentage", "fixed_amount"] as const;
export type DiscountType = (typeof discountTypes)[number];

/** A card dispute (chargeback) on a booking's payment, as the provider reports it. */
export const disputeStatuses = ["open", "won", "lost"] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];

/** Where a booking was made: the public booking flow, or the farm's front desk. */
export const bookingOrigins = ["online", "front-desk"] as const;
export type BookingOrigin = (typeof bookingOrigins)[number];

/** Payments the farm takes itself and records, as `payments.provider` stores them. */
export const recordedPaymentMethods = ["cash", "eftpos", "bank-transfer"] as const;
export type RecordedPaymentMethod = (typeof recordedPaymentMethods)[number];
export const recordedPaymentLabels: Record<RecordedPaymentMethod, string> = {
  cash: "Cash",
  eftpos: "EFTPOS",
  "bank-transfer": "Bank transfer",
};
export const isRecordedPayment = (provider: string): provider is RecordedPaymentMethod =>
  (recordedPaymentMethods as readonly string[]).includes(provider);
