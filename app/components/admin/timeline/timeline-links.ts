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
  const query = new URLSearchParams({
    campsiteId: unit.campsiteId,
    unitId: unit.unitId,
    checkIn: day,
    checkOut: shiftDay(day, 1),
  });
  return `/admin/bookings/new?${query}`;
}

/** The Bookings screen found by reference: a bar's details when no script runs. */
export function bookingSearchHref(bookingReference: string): string {
  return `/admin/bookings?${new URLSearchParams({ q: bookingReference, status: "all" })}`;
}

/** The timeline's own address for a window. */
export function timelineHref(window: { from: string; range: string }, today: string): string {
  const query = new URLSearchParams(window.from === today ? {} : { from: window.from });
  query.set("range", window.range);
  return `/admin/timeline?${query}`;
}
