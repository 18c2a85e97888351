// What a camper is told when a payment cannot go ahead, and the payment constants.

export const PAYMENT_CURRENCY = "AUD";
/** Session ids of bookings confirmed without a card payment (final amount 0). */
export const FREE_SESSION_PREFIX = "free_";
/** Why a payment that arrived was returned, as told to the guest. */
export const REFUND_REASONS = {
  unitGone:
    "Your payment arrived after your hold on the campsite had run out, and in the meantime the campsite was booked for those dates, so we could not confirm your booking.",
  creditGone:
    "When your payment arrived, your discount code or prepaid card could no longer be applied, so we could not confirm your booking at the price you paid.",
  duplicate: "This booking had already been paid, so we returned the second payment.",
  cancelled: "This booking had been cancelled before your payment arrived.",
  amount: "The amount paid did not match the booking, so we could not confirm it.",
  changeTaken:
    "The new dates of your changed stay were booked by someone else before your payment arrived, so your booking stays as it was and we returned the payment.",
  changeStale:
    "Your booking changed or ended before the payment for the change arrived, so the change was not made and we returned the payment.",
  owed: "This payment was owed back to you after a change to your booking, so we returned it.",
  replaced:
    "Your booking was changed and the new total was paid by card, so we returned your earlier payment in full.",
} as const;

/** A reason a payment went back, by its name: what a payment owed back keeps (`refund_owed_reason`). */
export type RefundReason = keyof typeof REFUND_REASONS;
export const isRefundReason = (name: string | null): name is RefundReason =>
  name !== null && Object.hasOwn(REFUND_REASONS, name);

export const PROVIDER_UNAVAILABLE =
  "We could not reach the card payment service. Please try again in a moment.";
export const BOOKING_NOT_FOUND = "Booking not found. Please start a new booking.";
export const BOOKING_CLOSED = "This booking can no longer be paid. Please start a new booking.";
export const CARD_BALANCE_CHANGED =
  "Your prepaid card no longer covers the amount applied to this booking. Please start a new booking.";
