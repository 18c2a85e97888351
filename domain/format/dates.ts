// How a farm date or instant reads on screen and in email. A day is a
// yyyy-MM-dd string and is shown as it is, never shifted by the reader's
// timezone; an instant is shown on the farm's clock. The browser's own Intl
// does it, so no date library ships to the pages that show dates.
import { FARM_TIMEZONE } from "#domain/rules/dates.ts";

const withWeekday = new Intl.DateTimeFormat("en-AU", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const withoutWeekday = new Intl.DateTimeFormat("en-AU", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const monthFormat = new Intl.DateTimeFormat("en-AU", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const instantFormat = new Intl.DateTimeFormat("en-AU", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
  timeZone: FARM_TIMEZONE,
});

const utcDay = (day: string) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};
const partsOf = (format: Intl.DateTimeFormat, date: Date) =>
  Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));

/** "2027-01-31" -> "Sun 31 Jan 2027", or "31 Jan 2027" without the weekday. */
export function formatDay(day: string, { weekday = true } = {}): string {
  const p = partsOf(weekday ? withWeekday : withoutWeekday, utcDay(day));
  return weekday ? `${p.weekday} ${p.day} ${p.month} ${p.year}` : `${p.day} ${p.month} ${p.year}`;
}

/** "2026-06" -> "June 2026" */
export function formatMonth(month: string): string {
  const p = partsOf(monthFormat, utcDay(`${month}-01`));
  return `${p.month} ${p.year}`;
}

/** An instant as the farm's clock shows it: "5 Mar 2032, 2:05 pm". */
export function formatFarmDateTime(instant: Date | string): string {
  const p = partsOf(instantFormat, new Date(instant));
  return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod?.toLowerCase()}`;
}
