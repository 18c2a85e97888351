// The farm's calendar. A date without a time is a `yyyy-MM-dd` string in the
// farm's timezone; nights run from check-in up to, not including, check-out.
import { TZDate } from "@date-fns/tz";
import { format, isValid, parseISO } from "date-fns";

export const FARM_TIMEZONE = "Australia/Brisbane";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written as yyyy-MM-dd (rejects 2026-02-30). */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const parsed = parseISO(value);
  return isValid(parsed) && format(parsed, "yyyy-MM-dd") === value;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Today's date at the farm. One cached formatter per timezone: Reports asks
 * it for every booking of three years, where building a zoned date each
 * time cost a second (issue 29 item 7).
 */
export function farmToday(now: Date = new Date(), timeZone = FARM_TIMEZONE): string {
  let days = dayFormats.get(timeZone);
  if (!days) {
    // en-CA writes a date as yyyy-MM-dd.
    const parts = { year: "numeric", month: "2-digit", day: "2-digit" } as const;
    days = new Intl.DateTimeFormat("en-CA", { timeZone, ...parts });
    dayFormats.set(timeZone, days);
  }
  return days.format(now);
}

/** The farm's current month as yyyy-MM. */
export function farmMonth(now: Date = new Date(), timeZone = FARM_TIMEZONE): string {
  return format(new TZDate(now, timeZone), "yyyy-MM");
}

export function addDays(day: string, days: number): string {
  return dayOfNumber(dayNumber(day) + days);
}

/**
 * Nights between check-in and check-out (check-out exclusive), by day numbers:
 * reports count them for every stay of every period, where parsing dates adds up.
 */
export function nightsBetween(checkIn: string, checkOut: string): number {
  return dayNumber(checkOut) - dayNumber(checkIn);
}

/** Every night of a stay: check-in up to, not including, check-out. */
export function nightsOf(checkIn: string, checkOut: string): string[] {
  const nights: string[] = [];
  for (let d = checkIn; d < checkOut; d = addDays(d, 1)) nights.push(d);
  return nights;
}

/** The instant the farm's day starts, for comparing stored timestamps with farm dates. */
export function startOfFarmDay(day: string, timeZone = FARM_TIMEZONE): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, timeZone).getTime());
}

/** The instant of a farm-time "yyyy-MM-ddTHH:mm" (what a datetime-local input posts). */
export function farmInstant(local: string, timeZone = FARM_TIMEZONE): Date {
  const [day = "", time = ""] = local.split("T");
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, 0, timeZone).getTime());
}

/** An instant as farm-time "yyyy-MM-ddTHH:mm", for a datetime-local input. */
export function farmLocalTime(instant: Date, timeZone = FARM_TIMEZONE): string {
  return format(new TZDate(instant, timeZone), "yyyy-MM-dd'T'HH:mm");
}

const DAY_MS = 86_400_000;

/**
 * A day as a whole number (days since 1970-01-01), for fast range arithmetic
 * over many nights. Set with setUTCFullYear: Date.UTC takes years 0 to 99 for
 * 1900 to 1999, so 0099-01-01 would be a day of 1999.
 */
export function dayNumber(day: string): number {
  const date = new Date(0);
  date.setUTCFullYear(
    Number(day.slice(0, 4)),
    Number(day.slice(5, 7)) - 1,
    Number(day.slice(8, 10)),
  );
  return date.getTime() / DAY_MS;
}

/** The yyyy-MM-dd day of a day number (toISOString writes years 0000 to 9999 in four digits). */
export function dayOfNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}
