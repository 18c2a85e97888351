import { describe, expect, it } from "vitest";
import {
  campsiteFeedEvents,
  eventNights,
  type FeedTime,
  farmDayOf,
  isFeedFailing,
  nextSyncDelayMs,
  nightRuns,
  planFeedSync,
  syncWindow,
  unitFeedEvents,
  wantedNights,
} from "./channel-sync";

// The parser's shapes: DATE values and floating times are local wall clocks;
// UTC and TZID times are instants carrying `tz`.
const date = (y: number, m: number, d: number): FeedTime =>
  Object.assign(new Date(y, m - 1, d), { dateOnly: true });
const floating = (y: number, m: number, d: number, h: number): FeedTime => new Date(y, m - 1, d, h);
const instant = (iso: string, tz = "Etc/UTC"): FeedTime => Object.assign(new Date(iso), { tz });

describe("farmDayOf", () => {
  it("keeps the written day of a DATE value", () => {
    expect(farmDayOf(date(2026, 3, 10))).toBe("2026-03-10");
  });

  it("keeps the written day of a floating time, late at night too", () => {
    expect(farmDayOf(floating(2026, 3, 10, 23))).toBe("2026-03-10");
  });

  it("reads an instant on the farm's clock (Brisbane is UTC+10, no daylight saving)", () => {
    expect(farmDayOf(instant("2026-03-10T13:59:00Z"))).toBe("2026-03-10");
    expect(farmDayOf(instant("2026-03-10T14:00:00Z"))).toBe("2026-03-11");
    // 15:00 in New York on 10 April is 05:00 on 11 April at the farm.
    expect(farmDayOf(instant("2026-04-10T19:00:00Z", "America/New_York"))).toBe("2026-04-11");
  });
});

describe("eventNights", () => {
  it("takes an all-day event's nights up to, not including, DTEND", () => {
    expect(eventNights(date(2026, 3, 10), date(2026, 3, 13))).toEqual([
      "2026-03-10",
      "2026-03-11",
      "2026-03-12",
    ]);
  });

  it("gives a one-day event without an end its one night", () => {
    expect(eventNights(date(2026, 3, 20), undefined)).toEqual(["2026-03-20"]);
  });

  it("maps a timed stay (14:00 in, 10:00 out, farm time) to the nights slept", () => {
    const start = instant("2026-04-01T04:00:00Z"); // 14:00 at the farm
    const end = instant("2026-04-03T00:00:00Z"); // 10:00 at the farm
    expect(eventNights(start, end)).toEqual(["2026-04-01", "2026-04-02"]);
  });

  it("frees the morning of check-out even when the stay ends after midnight", () => {
    expect(eventNights(floating(2026, 4, 5, 22), floating(2026, 4, 6, 2))).toEqual(["2026-04-05"]);
  });

  it("blocks the night of a timed event inside one day, and of a reversed one", () => {
    expect(eventNights(floating(2026, 4, 5, 9), floating(2026, 4, 5, 17))).toEqual(["2026-04-05"]);
    expect(eventNights(date(2026, 4, 5), date(2026, 4, 3))).toEqual(["2026-04-05"]);
  });

  it("converts a time-zoned stay to the farm's days", () => {
    // 15:00 10 April to 11:00 12 April in New York = 05:00 11 April to 01:00 13 April at the farm.
    const start = instant("2026-04-10T19:00:00Z", "America/New_York");
    const end = instant("2026-04-12T15:00:00Z", "America/New_York");
    expect(eventNights(start, end)).toEqual(["2026-04-11", "2026-04-12"]);
  });
});

describe("wantedNights", () => {
  const window = syncWindow("2026-03-01", 30);

  it("keeps only nights inside the window", () => {
    const wanted = wantedNights(
      [{ uid: "a", nights: ["2026-02-28", "2026-03-01", "2026-03-30", "2026-03-31"] }],
      window,
    );
    expect([...wanted.keys()]).toEqual(["2026-03-01", "2026-03-30"]);
  });

  it("blocks a night covered twice once, named by the smallest UID whatever the order", () => {
    const events = [
      { uid: "b", nights: ["2026-03-05", "2026-03-06"] },
      { uid: "a", nights: ["2026-03-06"] },
    ];
    const wanted = wantedNights(events, window);
    expect(Object.fromEntries(wanted)).toEqual({ "2026-03-05": "b", "2026-03-06": "a" });
    expect(Object.fromEntries(wantedNights(events.reverse(), window))).toEqual(
      Object.fromEntries(wanted),
    );
  });
});

describe("planFeedSync", () => {
  const window = syncWindow("2026-03-01", 30);
  const reason = "Imported from Airbnb";
  const row = (id: string, blockedDate: string, externalUid = "a", r = reason) => ({
    id,
    blockedDate,
    externalUid,
    reason: r,
  });

  it("adds new nights, removes dropped ones and keeps unchanged ones", () => {
    const plan = planFeedSync(
      [row("1", "2026-03-05"), row("2", "2026-03-06")],
      new Map([
        ["2026-03-06", "a"],
        ["2026-03-07", "a"],
      ]),
      reason,
      window,
    );
    expect(plan).toEqual({
      insert: [{ blockedDate: "2026-03-07", externalUid: "a" }],
      update: [],
      remove: ["1"],
    });
  });

  it("renames a night whose event or reason changed", () => {
    const plan = planFeedSync(
      [row("1", "2026-03-05", "old"), row("2", "2026-03-06", "a", "Imported from Old name")],
      new Map([
        ["2026-03-05", "new"],
        ["2026-03-06", "a"],
      ]),
      reason,
      window,
    );
    expect(plan.update).toEqual([
      { id: "1", externalUid: "new" },
      { id: "2", externalUid: "a" },
    ]);
    expect(plan.insert).toEqual([]);
    expect(plan.remove).toEqual([]);
  });

  it("leaves past nights alone and removes duplicates of a night", () => {
    const plan = planFeedSync(
      [row("past", "2026-02-20"), row("1", "2026-03-05"), row("dup", "2026-03-05")],
      new Map([["2026-03-05", "a"]]),
      reason,
      window,
    );
    expect(plan).toEqual({ insert: [], update: [], remove: ["dup"] });
  });

  it("removes every future night when the feed empties", () => {
    const plan = planFeedSync([row("1", "2026-03-05")], new Map(), reason, window);
    expect(plan.remove).toEqual(["1"]);
  });
});

describe("failing feeds", () => {
  it("flags a feed after three failures in a row", () => {
    expect(isFeedFailing(2)).toBe(false);
    expect(isFeedFailing(3)).toBe(true);
  });

  it("backs off after failures, doubling up to six hours", () => {
    const minute = 60_000;
    expect(nextSyncDelayMs(0)).toBe(15 * minute);
    expect(nextSyncDelayMs(1)).toBe(15 * minute);
    expect(nextSyncDelayMs(2)).toBe(30 * minute);
    expect(nextSyncDelayMs(4)).toBe(120 * minute);
    expect(nextSyncDelayMs(20)).toBe(360 * minute);
  });
});

describe("export events", () => {
  it("merges consecutive nights into runs ending the morning after", () => {
    expect(nightRuns(["2026-03-07", "2026-03-05", "2026-03-06", "2026-03-09"])).toEqual([
      { start: "2026-03-05", end: "2026-03-08" },
      { start: "2026-03-09", end: "2026-03-10" },
    ]);
  });

  it("lists a unit's bookings by booking and its blocked nights as runs", () => {
    const events = unitFeedEvents({
      unitId: "u1",
      bookings: [{ id: "b1", checkInDate: "2026-03-10", checkOutDate: "2026-03-12" }],
      blockedNights: ["2026-03-01", "2026-03-02"],
    });
    expect(events).toEqual([
      {
        uid: "unit-u1-blocked-2026-03-01-2026-03-03",
        start: "2026-03-01",
        end: "2026-03-03",
        summary: "Blocked",
      },
      { uid: "booking-b1", start: "2026-03-10", end: "2026-03-12", summary: "Booked" },
    ]);
  });

  it("tells a campsite's closed nights from its full ones", () => {
    const events = campsiteFeedEvents({
      campsiteId: "c1",
      unavailableNights: ["2026-03-01", "2026-03-02", "2026-03-03"],
      closedNights: new Set(["2026-03-03"]),
    });
    expect(events.map((e) => [e.summary, e.start, e.end])).toEqual([
      ["Booked", "2026-03-01", "2026-03-03"],
      ["Blocked", "2026-03-03", "2026-03-04"],
    ]);
    expect(new Set(events.map((e) => e.uid)).size).toBe(2);
  });
});
