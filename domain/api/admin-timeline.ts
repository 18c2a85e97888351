// What the back office's Timeline is sent (the screen's loader): the units as
// rows grouped by campsite, each with the stays that hold it in the range, and the
// closed nights (the farm's blocks and imported calendars), written once for
// the query that reads them and the screen that draws them.
import type { TimelineRange } from "#domain/rules/timeline.ts";

/** A row of the timeline: a unit, with the stays that hold it in the window, by check-in. */
export type TimelineUnit = { id: string; name: string; isActive: boolean; stays: TimelineStay[] };

export type TimelineCampsite = {
  id: string;
  name: string;
  isActive: boolean;
  units: TimelineUnit[];
};

/** A booking that holds its unit's nights (pending, paid or confirmed). */
export type TimelineStay = {
  id: string;
  bookingReference: string;
  guestName: string;
  checkIn: string;
  checkOut: string;
  status: string;
  /** The farm's marks from the Today screen. */
  checkedIn: boolean;
  checkedOut: boolean;
};

/**
 * A night closed to bookings. No campsite: every campsite; no unit: every unit
 * of the campsite. `feedName` is set when an imported calendar closed it.
 */
export type TimelineClosure = {
  date: string;
  campsiteId: string | null;
  unitId: string | null;
  feedName: string | null;
};

export type Timeline = {
  today: string;
  /** The first day shown, and how many: the range's columns. */
  from: string;
  range: TimelineRange;
  days: number;
  campsites: TimelineCampsite[];
  closures: TimelineClosure[];
};
