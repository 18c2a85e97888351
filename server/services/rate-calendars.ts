// The rate calendar of ./rates depends only on the minimum stay and the years
// a range touches, yet working out the long weekends costs a few milliseconds
// of date arithmetic: every quote and booking would pay it. Kept per key here,
// a handful of entries at most (one per minimum stay and span of years).
import type { RateCalendar } from "#domain/rules/rates.ts";
import { rateCalendar } from "./rates";

const calendars = new Map<string, RateCalendar>();
const MAX_CALENDARS = 64;

/** `rateCalendar(minimumNightStay, from, to)`, worked out once per minimum stay and years. */
export function keptRateCalendar(minimumNightStay: number, from: string, to: string): RateCalendar {
  const key = `${minimumNightStay}|${from.slice(0, 4)}|${to.slice(0, 4)}`;
  let calendar = calendars.get(key);
  if (!calendar) {
    calendar = rateCalendar(minimumNightStay, from, to);
    if (calendars.size >= MAX_CALENDARS) calendars.clear();
    calendars.set(key, calendar);
  }
  return calendar;
}
