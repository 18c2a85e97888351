// The owner's day (the Today screen and its run sheet): who arrives, who
// leaves and who sleeps on the farm on one day, whether an arrival is late,
// what is left to pay, and which check-in and check-out marks a day allows.
// Spec: check-in 12 to 5pm, all arrivals by 6:00pm, checkout by 10am.
import { TZDate } from "@date-fns/tz";
import type { ArrivalState, Balance } from "#domain/api/admin-today.ts";
import { formatDay } from "#domain/format/dates.ts";
import { FARM_TIMEZONE } from "./dates";
import type { PriceLine } from "./rates";

/** All arrivals are due by 6:00pm at the farm. */
export const ARRIVAL_DEADLINE_HOUR = 18;

export const arrivalLabels: Record<ArrivalState, string> = {
  "checked-in": "Checked in",
  expected: "Expected",
  late: "Still expected after 6pm",
};

/** The instant a day's arrivals are due by: 6:00pm at the farm. */
export function arrivalDeadline(day: string, timeZone = FARM_TIMEZONE): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, ARRIVAL_DEADLINE_HOUR, 0, 0, timeZone).getTime());
}

export function arrivalState(
  stay: { checkedInAt: string | null },
  day: string,
  now: Date,
): ArrivalState {
  if (stay.checkedInAt) return "checked-in";
  return now.getTime() >= arrivalDeadline(day).getTime() ? "late" : "expected";
}

/** The final amount against the succeeded payments; a stay costing nothing has nothing to pay. */
export function balanceOf(finalCents: number, paidCents: number): Balance {
  if (finalCents === 0) return { kind: "nothing" };
  const due = finalCents - paidCents;
  return due > 0 ? { kind: "due", cents: due } : { kind: "paid" };
}

/** The extras of a stay's price lines, without their price: 'Firewood × 2'. */
export function extrasOf(lines: readonly PriceLine[]): string[] {
  return lines
    .filter((l) => l.kind === "extra")
    .map((l) => l.description.replace(/ at \$[\d,]+(\.\d+)?$/, ""));
}

type DayStay = {
  checkIn: string;
  checkOut: string;
  checkedInAt: string | null;
  campsiteName: string;
  unitName: string;
  guestName: string;
};

const byPlace = (a: DayStay, b: DayStay) =>
  a.campsiteName.localeCompare(b.campsiteName) ||
  a.unitName.localeCompare(b.unitName, undefined, { numeric: true }) ||
  a.guestName.localeCompare(b.guestName);

/**
 * One day's groups, each in campsite and unit order: arrivals check in that
 * day, departures check out that day, and on site tonight are the stays with
 * that night (check-in on or before, check-out after), arrivals included.
 */
export function groupDay<T extends DayStay>(day: string, stays: readonly T[], now: Date) {
  const sorted = [...stays].sort(byPlace);
  return {
    arrivals: sorted
      .filter((s) => s.checkIn === day)
      .map((s) => ({ ...s, arrival: arrivalState(s, day, now) })),
    departures: sorted.filter((s) => s.checkOut === day),
    onSite: sorted.filter((s) => s.checkIn <= day && day < s.checkOut),
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The line at the top: '3 arrivals · 2 departures · 9 on site tonight'. */
export function countsLine(groups: {
  arrivals: readonly unknown[];
  departures: readonly unknown[];
  onSite: readonly unknown[];
}): string {
  return [
    plural(groups.arrivals.length, "arrival", "arrivals"),
    plural(groups.departures.length, "departure", "departures"),
    `${groups.onSite.length} on site tonight`,
  ].join(" · ");
}

export type StayMark = "check-in" | "check-out";

/**
 * Why a booking cannot be marked on a day, or null when it can: only a day
 * that has come, only paid and confirmed stays; a check-in on a night of the stay (a late arrival
 * still counts), a check-out from check-in day up to check-out day.
 */
export function markProblem(
  mark: StayMark,
  stay: { status: string; checkIn: string; checkOut: string },
  day: string,
  /** The farm's today: a mark is never set on a day that has not come. */
  today: string,
): string | null {
  if (day > today)
    return `${formatDay(day)} has not come yet: the ${mark} can be marked on the day.`;
  if (stay.status !== "paid" && stay.status !== "confirmed") {
    return `Only paid and confirmed bookings can be checked ${mark === "check-in" ? "in" : "out"}; this one is ${stay.status}.`;
  }
  const onTheDay =
    mark === "check-in"
      ? stay.checkIn <= day && day < stay.checkOut
      : stay.checkIn <= day && day <= stay.checkOut;
  if (onTheDay) return null;
  return `This stay is not on ${formatDay(day)}: it runs from ${formatDay(stay.checkIn)} to ${formatDay(stay.checkOut)}.`;
}
