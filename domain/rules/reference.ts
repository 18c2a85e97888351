// Booking references: 'BK' plus the last 6 digits of a timestamp (spec section 9).
// The database keeps them unique; a clash is retried with the next number.

export function bookingReference(timestampMs: number, attempt = 0): string {
  const digits = String(Math.trunc(timestampMs) + attempt)
    .slice(-6)
    .padStart(6, "0");
  return `BK${digits}`;
}

export const BOOKING_REFERENCE_PATTERN = /^BK\d{6}$/;
