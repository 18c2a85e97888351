// Where the timeline's bars and cells lead: the front desk's change page for a
// stay (prefilled with where a drag dropped it), its new-booking page for an
// empty cell, and the Bookings screen's search for a bar opened without script.
import { shiftDay } from "#domain/rules/timeline.ts";

export type StayPlace = {
  campsiteId: string;
  unitId: string;
  checkIn: string;
  checkOut: string;
};

/** The change page of a booking; with a place, the dates and unit it is moved to. */
export function changeStayHref(bookingId: string, place?: StayPlace): string {
  const path = `/admin/bookings/${encodeURIComponent(bookingId)}/change`;
  return place ? `${path}?${new URLSearchParams(place)}` : path;
}

/** A new booking of one unit for the night of `day`. */
export function newBookingHref(unit: { campsiteId: string; unitId: string }, day: string): string {
  return newBookingHrefs(unit)(day);
}

/**
 * newBookingHref for each night of one unit: the unit's part worked out once,
 * since a row of three months asks for ninety of them. Inside HTML the query's
 * `&` is written `&amp;`; `nextDay` may look the check-out up rather than work it out.
 */
export function newBookingHrefs(
  unit: { campsiteId: string; unitId: string },
  { ampersand = "&", nextDay = (day: string) => shiftDay(day, 1) } = {},
) {
  const and = ampersand;
  const prefix = `/admin/bookings/new?campsiteId=${encodeURIComponent(unit.campsiteId)}${and}unitId=${encodeURIComponent(unit.unitId)}`;
  // Days are yyyy-MM-dd: nothing in them to encode or escape.
  return (day: string) => `${prefix}${and}checkIn=${day}${and}checkOut=${nextDay(day)}`;
}

/** The Bookings screen found by reference: a bar's details when no script runs. */
export function bookingSearchHref(bookingReference: string): string {
  // Written out rather than through URLSearchParams: the grid asks for one per bar.
  return `/admin/bookings?q=${encodeURIComponent(bookingReference)}&status=all`;
}

/** The timeline's own address for a window. */
export function timelineHref(window: { from: string; range: string }, today: string): string {
  const query = new URLSearchParams(window.from === today ? {} : { from: window.from });
  query.set("range", window.range);
  return `/admin/timeline?${query}`;
}
