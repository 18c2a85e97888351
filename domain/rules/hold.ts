// Holds (amendment 2.5): a pending booking holds its unit for 5 minutes; when
// the guest goes to the card payment page the hold lasts until that checkout
// session expires. An expired hold holds nothing.
import type { BookingStatus } from "./statuses";

export const HOLD_MINUTES = 5;

/** The spec's 'Booking Expired' text (section 4): the browser's toast and the server's refusal. */
export const BOOKING_EXPIRED = "Your reservation has expired. Please start a new booking.";
/**
 * How long a checkout session (and so the hold) lasts: the card provider's
 * shortest allowed, 30 minutes, plus a minute so that the request's travel
 * time never takes it under. The built-in test checkout uses the same.
 */
export const CHECKOUT_SESSION_MINUTES = 31;

export function holdExpiresAt(now: Date = new Date(), minutes = HOLD_MINUTES): Date {
  return new Date(now.getTime() + minutes * 60_000);
}

export type HeldBooking = { status: BookingStatus; holdExpiresAt: Date | null };

/** A pending booking whose hold has not run out. */
export function isHoldLive(booking: HeldBooking, now: Date = new Date()): boolean {
  return (
    booking.status === "pending" &&
    booking.holdExpiresAt !== null &&
    booking.holdExpiresAt.getTime() > now.getTime()
  );
}

/** Whether a booking takes its unit's nights: paid, confirmed, or pending with a live hold. */
export function occupiesUnit(booking: HeldBooking, now: Date = new Date()): boolean {
  return booking.status === "paid" || booking.status === "confirmed" || isHoldLive(booking, now);
}

/** Whole seconds left on a hold (for the m:ss countdown), 0 once it has run out. */
export function holdSecondsLeft(holdExpiresAt: Date | null, now: Date = new Date()): number {
  if (!holdExpiresAt) return 0;
  return Math.max(0, Math.ceil((holdExpiresAt.getTime() - now.getTime()) / 1000));
}
