// The reader on its own: what counts as a whole calendar, and which events it
// leaves out rather than guess at.
import { describe, expect, it } from "vitest";
import { syncWindow } from "#domain/rules/channel-sync.ts";
import { addDays } from "#domain/rules/dates.ts";
import { FeedError } from "./fetch-feed";
import { readFeedNights } from "./read-feed";
import { calendar, icsDay, vevent } from "./test-feed-server";

const today = "2026-06-01";
const window = syncWindow(today);
const day = (offset: number) => addDays(today, offset);

const allDay = (uid: string, start: number, end: number, extra: string[] = []) =>
  vevent([
    `UID:${uid}`,
    "DTSTAMP:20260101T000000Z",
    `DTSTART;VALUE=DATE:${icsDay(today, start)}`,
    `DTEND;VALUE=DATE:${icsDay(today, end)}`,
    ...extra,
  ]);

describe("readFeedNights", () => {
  it("reads a calendar with a byte-order mark and LF line ends", async () => {
    const text = `\uFEFF${calendar("-//x//EN", [allDay("a", 1, 3)]).replaceAll("\r\n", "\n")}`;
    expect(await readFeedNights(text, window)).toEqual({
      events: [{ uid: "a", nights: [day(1), day(2)] }],
      skippedEvents: 0,
    });
  });

  it("refuses what is not a whole calendar", async () => {
    await expect(readFeedNights("", window)).rejects.toThrow(FeedError);
    await expect(readFeedNights("<!doctype html><title>Log in</title>", window)).rejects.toThrow(
      "The feed is not an iCalendar (.ics) file.",
    );
    const whole = calendar("-//x//EN", [allDay("a", 1, 3)]);
    await expect(
      readFeedNights(whole.slice(0, whole.indexOf("END:VEVENT")), window),
    ).rejects.toThrow("The feed ended before END:VCALENDAR; it looks cut short.");
  });

  it("reads an empty calendar as no nights (every booking there was cancelled)", async () => {
    expect(await readFeedNights(calendar("-//x//EN", []), window)).toEqual({
      events: [],
      skippedEvents: 0,
    });
  });

  it("skips events it cannot place on nights, and keeps the rest", async () => {
    const text = calendar("-//x//EN", [
      allDay("good", 5, 6),
      vevent(["UID:no-date", "DTSTAMP:20260101T000000Z", "DTSTART:not-a-date", "SUMMARY:?"]),
      vevent([
        "UID:hourly",
        "DTSTAMP:20260101T000000Z",
        `DTSTART:${icsDay(today, 1)}T000000Z`,
        "RRULE:FREQ=HOURLY",
      ]),
    ]);
    expect(await readFeedNights(text, window)).toEqual({
      events: [{ uid: "good", nights: [day(5)] }],
      skippedEvents: 2,
    });
  });

  it("leaves out events entirely before today or beyond the horizon", async () => {
    const text = calendar("-//x//EN", [
      allDay("past", -10, -8),
      allDay("spanning", -1, 2),
      allDay("far", 800, 802),
    ]);
    expect((await readFeedNights(text, window)).events).toEqual([
      { uid: "spanning", nights: [day(0), day(1)] },
    ]);
  });
});
