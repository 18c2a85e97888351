// Which dates a camper may pick, from the availability the server answers
// (spec 5 "Booking flow", amendment 2.9, issue 13). The server decides what is
// free and what each night demands; this turns its list of unavailable NIGHTS
// and the campsite's rates into the calendar's rules. Nights run from check-in
// up to, not including, check-out, so a check-out may fall on an unavailable
// night but a stay may not span one; a stay is at least the longest minimum
// stay of its nights (a season's, a long weekend's, the farm's).

import type { Availability } from "#domain/api/booking.ts";
import { stayProblem } from "#domain/forms/booking-request.ts";
import { addDays, isIsoDay, nightsBetween } from "#domain/rules/dates.ts";
import { minimumNightsOfStay, type RateCalendar } from "#domain/rules/rates.ts";

/** What `GET /api/campsites/:id/availability` answers. */
export type { Availability };

/** The calendar the availability's rates are read against (`nightRate`, rates.ts). */
export function rateCalendarOf(
  availability: Pick<Availability, "longWeekendNights" | "minimumNightStay">,
): RateCalendar {
  return {
    longWeekendNights: new Set(availability.longWeekendNights),
    minimumNightStay: availability.minimumNightStay,
  };
}

export type StayRules = {
  /** The farm's shortest stay, at least one night. */
  minimumNights: number;
  /** The shortest stay the nights from check-in up to check-out demand. */
  minimumNightsOf(checkIn: string, checkOut: string): number;
  isCheckInDisabled(day: string): boolean;
  isCheckOutDisabled(checkIn: string | undefined, day: string): boolean;
  /** The earliest check-out for a check-in, or undefined when none is possible. */
  earliestCheckOut(checkIn: string): string | undefined;
  isStayBookable(checkIn: string | undefined, checkOut: string | undefined): boolean;
  /** Why the server would refuse the stay's dates and guests, in its words; undefined when it would not. */
  stayProblem(stay: { checkIn: string; checkOut: string; guests: number }): string | undefined;
};

export function stayRules(availability: Availability): StayRules {
  const unavailable = new Set(availability.unavailableDates);
  const minimumNights = Math.max(1, Math.trunc(availability.minimumNightStay) || 1);
  const { today, lastCheckOutDate, rates } = availability;
  const maximumNights = availability.maximumNightStay;
  const calendar = { ...rateCalendarOf(availability), minimumNightStay: minimumNights };

  const minimumNightsOf = (checkIn: string, checkOut: string) =>
    minimumNightsOfStay(rates, checkIn, checkOut, calendar);

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
    nightsBetween(checkIn, checkOut) <= maximumNights &&
    nightsBetween(checkIn, checkOut) >= minimumNightsOf(checkIn, checkOut) &&
    nightsFree(checkIn, checkOut);

  // Longer stays can only demand more (a night's minimum never shrinks the
  // stay's), so step to each new minimum until the stay meets its own.
  const earliestCheckOut = (checkIn: string) => {
    if (!isIsoDay(checkIn) || checkIn < today) return undefined;
    let nights = minimumNights;
    for (;;) {
      const checkOut = addDays(checkIn, nights);
      if (checkOut > lastCheckOutDate || nights > maximumNights || !nightsFree(checkIn, checkOut))
        return undefined;
      const needed = minimumNightsOf(checkIn, checkOut);
      if (nights >= needed) return checkOut;
      nights = needed;
    }
  };

  return {
    minimumNights,
    minimumNightsOf,
    isStayBookable,
    earliestCheckOut,
    isCheckInDisabled: (day) => earliestCheckOut(day) === undefined,
    isCheckOutDisabled: (checkIn, day) =>
      checkIn
        ? !isStayBookable(checkIn, day)
        : // Without a check-in, only the bounds apply: the minimum stay from today.
          day < addDays(today, minimumNights) || day > lastCheckOutDate,
    // The server's own check (services/bookings.ts), with the stay's minimum.
    stayProblem: (stay) =>
      stayProblem(stay, {
        today,
        minimumNightStay: minimumNightsOf(stay.checkIn, stay.checkOut),
        maximumNightStay: maximumNights,
        maxAdvanceBookingDays: availability.maxAdvanceBookingDays,
        capacity: availability.capacity,
      })?.message,
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
