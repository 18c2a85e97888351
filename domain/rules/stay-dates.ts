// Which dates a camper may pick, from the availability the server answers
// (spec 5 "Booking flow", amendment 2.9). The server decides what is free;
// this only turns its list of unavailable NIGHTS into the calendar's rules.
// Nights run from check-in up to, not including, check-out, so a check-out
// may fall on an unavailable night but a stay may not span one.

import type { Availability } from "#domain/api/booking.ts";

export type { Availability };

import { addDays, isIsoDay, nightsBetween } from "#domain/rules/dates.ts";

/** What `GET /api/campsites/:id/availability` answers. */

export type StayRules = {
  /** The shortest stay, at least one night. */
  minimumNights: number;
  isCheckInDisabled(day: string): boolean;
  isCheckOutDisabled(checkIn: string | undefined, day: string): boolean;
  /** The earliest check-out for a check-in, or undefined when none is possible. */
  earliestCheckOut(checkIn: string): string | undefined;
  isStayBookable(checkIn: string | undefined, checkOut: string | undefined): boolean;
};

export function stayRules(availability: Availability): StayRules {
  const unavailable = new Set(availability.unavailableDates);
  const minimumNights = Math.max(1, Math.trunc(availability.minimumNightStay) || 1);
  const { today, lastCheckOutDate } = availability;

  /** True when every night from `checkIn` up to `checkOut` is free. */
  const nightsFree = (checkIn: string, checkOut: string) => {
    for (let night = checkIn; night < checkOut; night = addDays(night, 1)) {
      if (unavailable.has(night)) return false;
    }
    return true;
  };

  const isStayBookable = (checkIn: string | undefined, checkOut: string | undefined) =>
    checkIn !== undefined &&
    checkOut !== undefined &&
    isIsoDay(checkIn) &&
    isIsoDay(checkOut) &&
    checkIn >= today &&
    checkOut <= lastCheckOutDate &&
    nightsBetween(checkIn, checkOut) >= minimumNights &&
    nightsFree(checkIn, checkOut);

  const earliestCheckOut = (checkIn: string) => {
    const checkOut = addDays(checkIn, minimumNights);
    return isStayBookable(checkIn, checkOut) ? checkOut : undefined;
  };

  return {
    minimumNights,
    isStayBookable,
    earliestCheckOut,
    isCheckInDisabled: (day) => earliestCheckOut(day) === undefined,
    isCheckOutDisabled: (checkIn, day) =>
      checkIn
        ? !isStayBookable(checkIn, day)
        : // Without a check-in, only the bounds apply: the minimum stay from today.
          day < addDays(today, minimumNights) || day > lastCheckOutDate,
  };
}

export type StayDates = { checkIn?: string; checkOut?: string };

/**
 * The stay after the camper picks a check-in: a check-out on or before the new
 * check-in (or one the stay can no longer reach) moves to the earliest check-out,
 * which is the next day when the minimum stay is one night.
 */
export function withCheckIn(rules: StayRules, current: StayDates, checkIn: string): StayDates {
  const checkOut =
    current.checkOut && rules.isStayBookable(checkIn, current.checkOut)
      ? current.checkOut
      : rules.earliestCheckOut(checkIn);
  return { checkIn, checkOut };
}
