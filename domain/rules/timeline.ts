// The front desk's timeline (issue 28, item 3): which days it shows, and how
// one unit's row is laid out: each stay a bar across its nights, the closed
// nights (blocks, imported calendars) as runs of their own, and the other
// nights as runs of empty ones (one cell each, not one per night: three
// months of every unit would be ten thousand). Stays win a night they share
// with a closure (a conflict channel sync reports elsewhere); the bar says it
// is closed too.
import { dayNumber, dayOfNumber, isIsoDay } from "./dates";

export const timelineRanges = {
  "2w": { days: 14, label: "2 weeks" },
  "1m": { days: 31, label: "1 month" },
  "3m": { days: 92, label: "3 months" },
} as const;
export type TimelineRange = keyof typeof timelineRanges;
export const DEFAULT_TIMELINE_RANGE: TimelineRange = "2w";

/** How far from today the timeline may start: further is a typo, not a request. */
const MAX_YEARS_AWAY = 5;

export const isTimelineRange = (value: string): value is TimelineRange =>
  Object.hasOwn(timelineRanges, value);

/**
 * The days the `from` and `range` query parameters ask for. A missing or bad
 * value falls back to today and two weeks: a screen, not an error.
 */
export function timelineWindow(
  params: { from?: string | null; range?: string | null },
  today: string,
): { from: string; range: TimelineRange; days: number } {
  const range =
    params.range && isTimelineRange(params.range) ? params.range : DEFAULT_TIMELINE_RANGE;
  const reach = MAX_YEARS_AWAY * 366;
  const wanted = params.from ?? "";
  const from =
    isIsoDay(wanted) && Math.abs(dayNumber(wanted) - dayNumber(today)) <= reach ? wanted : today;
  return { from, range, days: timelineRanges[range].days };
}

/** The day `n` days after `day` (before, for a negative n): day arithmetic without a date library. */
export const shiftDay = (day: string, n: number): string => dayOfNumber(dayNumber(day) + n);

/** The days of the window, first to last. */
export function windowDays(from: string, days: number): string[] {
  const first = dayNumber(from);
  return Array.from({ length: days }, (_, i) => dayOfNumber(first + i));
}

/** The stay as the row needs it: its unit's nights. */
export type RowStay = { checkIn: string; checkOut: string };

/** A closed night, as the row shows it: who closed it, and why. */
export type RowClosure = {
  /** What closed it, in words ("Blocked", "Closed by Hipcamp"). */
  label: string;
  /** The short word drawn on it ("Blocked", "Hipcamp"). */
  badge: string;
  imported: boolean;
};

export type RowSegment<Stay extends RowStay> =
  /** Empty nights in a row, all before today (`past`, no longer bookable) or none. */
  | { kind: "free"; first: string; span: number; past: boolean }
  | {
      kind: "stay";
      stay: Stay;
      /** Columns the bar spans inside the window. */
      span: number;
      startsBefore: boolean;
      endsAfter: boolean;
      /** Closures under the stay's nights in the window (a conflict to resolve). */
      alsoClosed: string[];
    }
  | { kind: "closed"; closure: RowClosure; first: string; span: number };

/**
 * One unit's row over `days`: a segment per stay, per run of nights closed
 * alike, and per run of empty nights (broken at `today`: the past ones cannot
 * be booked). `stays` are the unit's, not overlapping (the exclusion
 * constraint); `closed` maps a night to its closure.
 */
export function rowSegments<Stay extends RowStay>(
  days: readonly string[],
  stays: readonly Stay[],
  closed: ReadonlyMap<string, RowClosure>,
  today: string,
): RowSegment<Stay>[] {
  const sorted = [...stays].sort((a, b) => (a.checkIn < b.checkIn ? -1 : 1));
  const segments: RowSegment<Stay>[] = [];
  let next = 0;
  for (let i = 0; i < days.length; ) {
    const day = days[i] as string;
    while (next < sorted.length && (sorted[next] as Stay).checkOut <= day) next++;
    const stay = sorted[next];
    if (stay && stay.checkIn <= day) {
      const span = Math.min(dayNumber(stay.checkOut) - dayNumber(day), days.length - i);
      const covered = days.slice(i, i + span);
      const alsoClosed = [...new Set(covered.flatMap((d) => closed.get(d)?.label ?? []))];
      segments.push({
        kind: "stay",
        stay,
        span,
        startsBefore: stay.checkIn < day,
        endsAfter: dayNumber(stay.checkOut) - dayNumber(day) > span,
        alsoClosed,
      });
      i += span;
      continue;
    }
    // No stay on this night: the run of nights like it goes on until the next stay's check-in.
    const until = sorted[next]?.checkIn;
    const closure = closed.get(day);
    if (closure) {
      const span = runLength(days, i, until, (d) => sameClosure(closed.get(d), closure));
      segments.push({ kind: "closed", closure, first: day, span });
      i += span;
      continue;
    }
    const isPast = (d: string) => d < today;
    const past = isPast(day);
    const span = runLength(days, i, until, (d) => !closed.has(d) && isPast(d) === past);
    segments.push({ kind: "free", first: day, span, past });
    i += span;
  }
  return segments;
}

/** How many days from `days[i]` on are alike, stopping at `until` (the next stay's check-in). */
function runLength(
  days: readonly string[],
  i: number,
  until: string | undefined,
  alike: (day: string) => boolean,
): number {
  let span = 1;
  while (i + span < days.length) {
    const day = days[i + span] as string;
    if ((until !== undefined && day >= until) || !alike(day)) break;
    span++;
  }
  return span;
}

const sameClosure = (a: RowClosure | undefined, b: RowClosure) =>
  a !== undefined && a.label === b.label && a.imported === b.imported;

/** A closed night as the timeline receives it (see domain/api/admin-timeline.ts). */
export type ClosedNight = {
  date: string;
  campsiteId: string | null;
  unitId: string | null;
  feedName: string | null;
};

export const closureOf = (night: ClosedNight): RowClosure =>
  night.feedName === null
    ? { label: "Blocked", badge: "Blocked", imported: false }
    : { label: `Closed by ${night.feedName}`, badge: night.feedName, imported: true };

/**
 * The closed nights of each unit, from closures for every campsite, for a
 * campsite, or for one unit: the narrowest wins a night they share.
 */
export function closedNightsOf(
  closures: readonly ClosedNight[],
): (unit: { id: string; campsiteId: string }) => Map<string, RowClosure> {
  const byScope = new Map<string, Map<string, RowClosure>>();
  for (const night of closures) {
    const scope = night.unitId ?? night.campsiteId ?? "all";
    const nights = byScope.get(scope) ?? new Map<string, RowClosure>();
    byScope.set(scope, nights);
    nights.set(night.date, closureOf(night));
  }
  const none = new Map<string, RowClosure>();
  return (unit) =>
    new Map([
      ...(byScope.get("all") ?? none),
      ...(byScope.get(unit.campsiteId) ?? none),
      ...(byScope.get(unit.id) ?? none),
    ]);
}

/**
 * Where a stay dragged `dayShift` columns lands: the same number of nights,
 * its dates shifted.
 */
export function shiftedStay(stay: RowStay, dayShift: number): RowStay {
  return { checkIn: shiftDay(stay.checkIn, dayShift), checkOut: shiftDay(stay.checkOut, dayShift) };
}
