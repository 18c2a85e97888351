// Turns an iCalendar text into the nights each of its events occupies, with
// the maintained `node-ical` parser: recurring rules expanded within the sync
// window (exceptions and moved or cancelled occurrences applied), cancelled
// and free-time events left out, times mapped onto the farm's days.
import ical, { type VEvent } from "node-ical";
import {
  type EventNights,
  eventNights,
  type FeedTime,
  inWindow,
  type SyncWindow,
} from "#domain/rules/channel-sync.ts";
import { FARM_TIMEZONE, startOfFarmDay } from "#domain/rules/dates.ts";
import { log } from "#server/log.ts";
import { FeedError } from "./fetch-feed";

export type ReadFeed = { events: EventNights[]; skippedEvents: number };

/** Rules repeating more often than daily cannot mean anything for nights, and cost much to expand. */
const SUB_DAILY = new Set(["HOURLY", "MINUTELY", "SECONDLY"]);
/** Expanding recurring rules is CPU work; a feed that needs more than this is refused. */
const EXPANSION_BUDGET_MS = 5_000;
const DAY_MS = 86_400_000;

export async function readFeedNights(
  text: string,
  window: SyncWindow,
  timeZone = FARM_TIMEZONE,
): Promise<ReadFeed> {
  assertWholeCalendar(text);
  let parsed: ical.CalendarResponse;
  try {
    parsed = await ical.async.parseICS(anchorFloatingTimes(text, timeZone));
  } catch (error) {
    throw new FeedError(`The feed could not be read as a calendar (${reasonOf(error)}).`);
  }
  // A margin of two days each side covers every time zone; nights are clipped to the window after.
  const from = new Date(startOfFarmDay(window.from, timeZone).getTime() - 2 * DAY_MS);
  const to = new Date(startOfFarmDay(window.until, timeZone).getTime() + 2 * DAY_MS);
  const started = performance.now();
  const events: EventNights[] = [];
  let skippedEvents = 0;
  for (const component of Object.values(parsed)) {
    if (component?.type !== "VEVENT") continue;
    const event = component as VEvent;
    if (isCancelled(event) || isFree(event)) continue;
    if (!isDate(event.start) || (event.end !== undefined && !isDate(event.end))) {
      skippedEvents++;
      continue;
    }
    if (event.rrule && SUB_DAILY.has(String(event.rrule.options.freq))) {
      skippedEvents++;
      continue;
    }
    const nights = nightsOfEvent(event, from, to, timeZone).filter((n) => inWindow(n, window));
    if (nights.length > 0) events.push({ uid: String(event.uid), nights });
    if (performance.now() - started > EXPANSION_BUDGET_MS) {
      throw new FeedError("The feed's repeating events are too many to expand.");
    }
  }
  if (skippedEvents > 0) log.warn({ skippedEvents }, "calendar feed events without usable dates");
  return { events, skippedEvents };
}

/** Every night of every occurrence of an event between `from` and `to`. */
function nightsOfEvent(event: VEvent, from: Date, to: Date, timeZone: string): string[] {
  const nights = new Set<string>();
  let instances: ical.EventInstance[];
  try {
    instances = ical.expandRecurringEvent(event, { from, to, expandOngoing: true });
  } catch (error) {
    throw new FeedError(`An event of the feed could not be read (${reasonOf(error)}).`);
  }
  for (const instance of instances) {
    if (isCancelled(instance.event) || isFree(instance.event)) continue;
    for (const night of eventNights(
      instance.start as FeedTime,
      instance.end as FeedTime,
      timeZone,
    )) {
      nights.add(night);
    }
  }
  return [...nights];
}

/** A date-time property without TZID and without Z: a floating time (RFC 5545 3.3.5). */
const FLOATING_TIME =
  /^(DTSTART|DTEND|RECURRENCE-ID|EXDATE|RDATE)((?:;(?!TZID=)[^:;\r\n]*)*):(\d{8}T\d{6}(?:,\d{8}T\d{6})*)(?=\r?$)/gim;

/**
 * A floating time means the same wall-clock time wherever the reader is, so
 * its day is the day written (decision 0005). node-ical instead reads it in
 * the feed's own VTIMEZONE when the feed carries one, which can move it to
 * another day; naming the farm's zone on it keeps the written day.
 */
export function anchorFloatingTimes(text: string, timeZone: string): string {
  const unfolded = text.replace(/\r?\n[ \t]/g, "");
  return unfolded.replace(
    FLOATING_TIME,
    (_line, name: string, params: string, value: string) =>
      `${name}${params};TZID=${timeZone}:${value}`,
  );
}

/**
 * A download cut short must never read as "the bookings were cancelled":
 * the text has to be a calendar from BEGIN:VCALENDAR to END:VCALENDAR.
 */
function assertWholeCalendar(text: string) {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (!/^BEGIN:VCALENDAR/i.test(trimmed)) {
    throw new FeedError("The feed is not an iCalendar (.ics) file.");
  }
  if (!/END:VCALENDAR$/i.test(trimmed)) {
    throw new FeedError("The feed ended before END:VCALENDAR; it looks cut short.");
  }
}

const isCancelled = (event: { status?: string }) =>
  String(event.status ?? "").toUpperCase() === "CANCELLED";
/** TRANSP:TRANSPARENT marks time that stays free (RFC 5545 3.8.2.7). */
const isFree = (event: { transparency?: string }) =>
  String(event.transparency ?? "").toUpperCase() === "TRANSPARENT";
const isDate = (value: unknown): value is Date =>
  value instanceof Date && !Number.isNaN(value.getTime());

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 160);
}
