// What the back office's Calendar is sent (GET /api/admin/calendar and the
// screen's loader): a month of days with their bookings, blocks and how full
// they are, written once for the service that builds it and the screen.
import type { GridDay } from "#domain/rules/calendar-month.ts";
import type { Fullness } from "#domain/rules/day-occupancy.ts";

export type CalendarBooking = {
  id: string;
  bookingReference: string;
  guestName: string;
  campsiteName: string;
  checkIn: string;
  checkOut: string;
  status: string;
  /** The farm's marks from the Today screen. */
  checkedIn: boolean;
  checkedOut: boolean;
};

export type CalendarBlock = {
  id: string;
  /** all: every campsite; campsite: one campsite; unit: one spot of a campsite. */
  scope: "all" | "campsite" | "unit";
  campsiteName: string | null;
  unitName: string | null;
  reason: string;
  /** Imported from a calendar feed (read-only here). */
  feedName: string | null;
};

export type CalendarDay = GridDay & {
  past: boolean;
  state: "available" | "booked" | "blocked";
  /** Units booked of units available in the view that night (blocked units are not available). */
  fullness: Fullness;
  bookings: CalendarBooking[];
  blocks: CalendarBlock[];
  /** The manual block a click on this day would lift, in the current view. */
  manualBlockId: string | null;
};

export type CalendarMonth = {
  month: string;
  today: string;
  campsiteId: string | null;
  campsites: { id: string; name: string }[];
  weeks: CalendarDay[][];
};
