// The dashboard's month figures (spec 9, amendment 2.11).
import { addDays, nightsBetween } from "./dates";
import type { BookingStatus } from "./statuses";

/**
 * The bookings that are sold: their nights fill occupancy and their amounts are
 * earnings (amendment 2.11), on the dashboard and in the reports alike.
 */
export const soldStatuses = ["paid", "confirmed"] as const satisfies BookingStatus[];

/** The first day of a yyyy-MM month, the first day of the next one, and its length. */
export function monthRange(month: string): { start: string; end: string; days: number } {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const start = `${month}-01`;
  const year = (n: number) => String(n).padStart(4, "0");
  const next = m === 12 ? `${year(y + 1)}-01` : `${year(y)}-${String(m + 1).padStart(2, "0")}`;
  const end = `${next}-01`;
  return { start, end, days: nightsBetween(start, end) };
}

/**
 * Occupancy rate: booked unit-nights divided by (days in month x active units),
 * as a whole percent (amendment 2.11 replaces the fixed 3 sites). No units: 0.
 */
export function occupancyRate(bookedUnitNights: number, daysInMonth: number, activeUnits: number) {
  const capacity = daysInMonth * activeUnits;
  if (capacity <= 0) return 0;
  return Math.min(100, Math.round((bookedUnitNights / capacity) * 100));
}

/** The last day (inclusive) of the upcoming window that starts today. */
export const UPCOMING_WINDOW_DAYS = 7;
export const upcomingWindow = (today: string) => ({
  from: today,
  to: addDays(today, UPCOMING_WINDOW_DAYS),
});
