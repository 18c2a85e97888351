// Channel sync rules (calendar feeds in and out), free of I/O: how an
// iCalendar event maps onto the farm's nights, which imported blocks a sync
// adds, changes or removes, how a failing feed is scheduled and flagged, and
// how the exported feed groups nights into events.
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { addDays, FARM_TIMEZONE, nightsOf } from "./dates";

/**
 * A date or date-time as the iCalendar parser returns it: an instant, marked
 * `dateOnly` for a DATE value, with `tz` when it was written with a time zone
 * (UTC included). Without either it was a floating time, which the parser
 * reads in the process's local time, as it does DATE values.
 */
export type FeedTime = Date & { dateOnly?: boolean; tz?: string };

/** The farm day a feed time falls on. Dates and floating times keep their written day. */
export function farmDayOf(value: FeedTime, timeZone = FARM_TIMEZONE): string {
  if (value.dateOnly || !value.tz) return format(value, "yyyy-MM-dd");
  return format(new TZDate(value.getTime(), timeZone), "yyyy-MM-dd");
}

/**
 * The nights an event occupies: from the farm day it starts up to, not
 * including, the farm day it ends (an all-day event's DTEND is exclusive; a
 * stay that checks out at 10:00 frees that night). An event that starts and
 * ends within one farm day, or has no end, still takes that day's night.
 */
export function eventNights(start: FeedTime, end: FeedTime | undefined, timeZone = FARM_TIMEZONE) {
  const first = farmDayOf(start, timeZone);
  const last = end ? farmDayOf(end, timeZone) : first;
  return last > first ? nightsOf(first, last) : [first];
}

/** The nights a sync manages: from the farm's today up to, not including, `until`. */
export type SyncWindow = { from: string; until: string };

/** Imported nights reach two years ahead, beyond any maximum advance booking the farm sets. */
export const IMPORT_HORIZON_DAYS = 731;

export function syncWindow(today: string, horizonDays = IMPORT_HORIZON_DAYS): SyncWindow {
  return { from: today, until: addDays(today, horizonDays) };
}

export const inWindow = (night: string, window: SyncWindow) =>
  night >= window.from && night < window.until;

export type EventNights = { uid: string; nights: string[] };

/**
 * The blocked nights a feed asks for, each named by one of its events. A night
 * several events cover is blocked once; the smallest UID names it, so the
 * answer does not depend on the order of the feed.
 */
export function wantedNights(events: EventNights[], window: SyncWindow): Map<string, string> {
  const wanted = new Map<string, string>();
  for (const { uid, nights } of events) {
    for (const night of nights) {
      if (!inWindow(night, window)) continue;
      const current = wanted.get(night);
      if (current === undefined || uid < current) wanted.set(night, uid);
    }
  }
  return new Map([...wanted].sort(([a], [b]) => (a < b ? -1 : 1)));
}

export type ImportedBlock = {
  id: string;
  blockedDate: string;
  externalUid: string | null;
  reason: string;
};

export type FeedSyncPlan = {
  insert: { blockedDate: string; externalUid: string }[];
  update: { id: string; externalUid: string }[];
  remove: string[];
};

/**
 * What a sync changes among one feed's imported blocks. Nights before the
 * window (the past) are history and stay as they were.
 */
export function planFeedSync(
  existing: ImportedBlock[],
  wanted: Map<string, string>,
  reason: string,
  window: SyncWindow,
): FeedSyncPlan {
  const plan: FeedSyncPlan = { insert: [], update: [], remove: [] };
  const kept = new Set<string>();
  for (const row of existing) {
    if (row.blockedDate < window.from) continue;
    const uid = wanted.get(row.blockedDate);
    if (uid === undefined || kept.has(row.blockedDate)) {
      plan.remove.push(row.id);
      continue;
    }
    kept.add(row.blockedDate);
    if (row.externalUid !== uid || row.reason !== reason) {
      plan.update.push({ id: row.id, externalUid: uid });
    }
  }
  for (const [blockedDate, externalUid] of wanted) {
    if (!kept.has(blockedDate)) plan.insert.push({ blockedDate, externalUid });
  }
  return plan;
}

/** The reason shown on an imported night, naming where it came from. */
export const importedReason = (feedName: string) => `Imported from ${feedName}`;

// ------------------------------------------------------------ scheduling

/** How often a healthy feed is read. */
export const FEED_SYNC_INTERVAL_MS = 15 * 60_000;
/** After this many failures in a row a feed is flagged as failing on the admin screen. */
export const FEED_FAILING_AFTER = 3;
const MAX_BACKOFF_MS = 6 * 60 * 60_000;

export const isFeedFailing = (consecutiveFailures: number) =>
  consecutiveFailures >= FEED_FAILING_AFTER;

/** The wait before the next read: the interval, doubled after each failure in a row, at most 6 hours. */
export function nextSyncDelayMs(consecutiveFailures: number, intervalMs = FEED_SYNC_INTERVAL_MS) {
  if (consecutiveFailures <= 0) return intervalMs;
  return Math.min(intervalMs * 2 ** (consecutiveFailures - 1), MAX_BACKOFF_MS);
}

// ---------------------------------------------------------------- export

export type NightRun = { start: string; end: string };

/** Consecutive nights merged into runs; `end` is the morning after the last night. */
export function nightRuns(nights: Iterable<string>): NightRun[] {
  const sorted = [...new Set(nights)].sort();
  const runs: NightRun[] = [];
  for (const night of sorted) {
    const last = runs.at(-1);
    if (last && last.end === night) last.end = addDays(night, 1);
    else runs.push({ start: night, end: addDays(night, 1) });
  }
  return runs;
}

export type ExportEvent = {
  uid: string;
  start: string;
  end: string;
  summary: "Booked" | "Blocked";
};

/**
 * The events of a unit's feed: one per booking that holds the unit (its UID
 * follows the booking, whatever its dates become), and the unit's blocked
 * nights merged into runs. Nothing names a guest.
 */
export function unitFeedEvents(input: {
  unitId: string;
  bookings: { id: string; checkInDate: string; checkOutDate: string }[];
  blockedNights: Iterable<string>;
}): ExportEvent[] {
  const events: ExportEvent[] = input.bookings.map((b) => ({
    uid: `booking-${b.id}`,
    start: b.checkInDate,
    end: b.checkOutDate,
    summary: "Booked",
  }));
  for (const run of nightRuns(input.blockedNights)) {
    events.push({
      uid: `unit-${input.unitId}-blocked-${run.start}-${run.end}`,
      ...run,
      summary: "Blocked",
    });
  }
  return events.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

/**
 * The events of a campsite's feed: the nights it cannot take another booking,
 * merged into runs. A run is 'Blocked' when the farm closed those nights and
 * 'Booked' when its units are taken.
 */
export function campsiteFeedEvents(input: {
  campsiteId: string;
  unavailableNights: Iterable<string>;
  closedNights: ReadonlySet<string>;
}): ExportEvent[] {
  const booked: string[] = [];
  const blocked: string[] = [];
  for (const night of input.unavailableNights) {
    (input.closedNights.has(night) ? blocked : booked).push(night);
  }
  const events: ExportEvent[] = [
    ...nightRuns(booked).map((r) => ({ ...r, summary: "Booked" as const })),
    ...nightRuns(blocked).map((r) => ({ ...r, summary: "Blocked" as const })),
  ].map((r) => ({
    ...r,
    uid: `campsite-${input.campsiteId}-${r.summary.toLowerCase()}-${r.start}-${r.end}`,
  }));
  return events.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}
