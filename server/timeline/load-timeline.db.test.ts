import { beforeAll, describe, expect, it } from "vitest";
import type { Timeline } from "#domain/api/admin-timeline.ts";
import { addDays } from "#domain/rules/dates.ts";
import type { BookingStatus } from "#domain/rules/statuses.ts";
import { blockedDates, calendarFeeds, campsiteUnits } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, insertBooking, unitOf } from "#server/testing/factories.ts";
import { present } from "#server/testing/present.ts";
import { loadTimeline } from "./index";

const database = setupTestDatabase();
// Midday 10 June 2026 at the farm: the timeline opens on 2026-06-10.
const now = new Date("2026-06-10T02:00:00Z");
const today = "2026-06-10";

let creek: Awaited<ReturnType<typeof createCampsite>>;
let powered: Awaited<ReturnType<typeof createCampsite>>;
let retiredUnitId: string;

beforeAll(async () => {
  const { db } = database();
  creek = await createCampsite(db, { name: "Creekside Camp", quantity: 2 });
  powered = await createCampsite(db, { name: "Powered Caravan Site", quantity: 1 });
  await createCampsite(db, { name: "Closed Camp", isActive: false });
  await db.insert(campsiteUnits).values({ campsiteId: creek.id, name: "Site 10" });
  const [retired] = await db
    .insert(campsiteUnits)
    .values({ campsiteId: powered.id, name: "Site 9", isActive: false })
    .returning();
  retiredUnitId = present(retired, "the retired unit").id;
  const on = (campsite: typeof creek, unitId: string) => ({
    ...campsite,
    units: [{ id: unitId }],
  });
  const stays: [typeof creek, string, string, BookingStatus, string, string][] = [
    // [campsite, unit, first name, status, check-in, check-out]
    [creek, unitOf(creek, 0).id, "Sarah", "paid", "2026-06-08", "2026-06-12"],
    [creek, unitOf(creek, 0).id, "Tom", "pending", "2026-06-12", "2026-06-13"],
    [creek, unitOf(creek, 1).id, "Priya", "confirmed", "2026-06-23", "2026-06-26"],
    [creek, unitOf(creek, 1).id, "Gone", "cancelled", "2026-06-14", "2026-06-16"],
    [creek, unitOf(creek, 1).id, "Lapsed", "expired", "2026-06-16", "2026-06-18"],
    [creek, unitOf(creek, 1).id, "Refunded", "refunded", "2026-06-18", "2026-06-19"],
    // Ends the day the window opens: no night in it.
    [powered, unitOf(powered, 0).id, "Left", "paid", "2026-06-07", "2026-06-10"],
    // Begins the day after the two weeks' last night.
    [powered, unitOf(powered, 0).id, "Later", "paid", "2026-06-24", "2026-06-25"],
    [powered, retiredUnitId, "Stranded", "paid", "2026-06-11", "2026-06-12"],
  ];
  for (const [campsite, unitId, name, status, checkIn, checkOut] of stays) {
    await insertBooking(db, on(campsite, unitId), {
      guestFirstName: name,
      guestLastName: "Camper",
      status,
      checkInDate: checkIn,
      checkOutDate: checkOut,
    });
  }
  const [feed] = await db
    .insert(calendarFeeds)
    .values({ campsiteId: creek.id, name: "Hipcamp", url: "https://example.com/feed.ics" })
    .returning();
  await db.insert(blockedDates).values([
    {
      blockedDate: "2026-06-15",
      campsiteId: creek.id,
      campsiteUnitId: unitOf(creek, 1).id,
      reason: "Hipcamp booking",
      calendarFeedId: present(feed, "the feed").id,
    },
    { blockedDate: "2026-06-20", campsiteId: null },
    // Outside two weeks from today.
    { blockedDate: "2026-06-24", campsiteId: powered.id },
  ]);
});

/** Every stay of the timeline, row by row, with its row's campsite and unit. */
const staysIn = (timeline: Timeline) =>
  timeline.campsites.flatMap((c) =>
    c.units.flatMap((u) => u.stays.map((s) => ({ unit: `${c.name} ${u.name}`, ...s }))),
  );

describe("the timeline's query", () => {
  it("shows every unit of the active campsites as a row, grouped by campsite, in counting order", async () => {
    const timeline = await loadTimeline(database().db, {}, now);
    expect(timeline.campsites.map((c) => [c.name, c.units.map((u) => u.name)])).toEqual([
      ["Creekside Camp", ["Site 1", "Site 2", "Site 10"]],
      // A unit out of use shows while it still holds a stay.
      ["Powered Caravan Site", ["Site 1", "Site 9"]],
    ]);
    expect(timeline.campsites[1]?.units[1]).toMatchObject({ id: retiredUnitId, isActive: false });
  });

  it("opens on the farm's today for two weeks, with the stays holding a unit in them", async () => {
    const timeline = await loadTimeline(database().db, {}, now);
    expect(timeline).toMatchObject({ today, from: today, range: "2w", days: 14 });
    expect(
      staysIn(timeline).map((s) => [s.unit, s.guestName, s.status, s.checkIn, s.checkOut]),
    ).toEqual([
      ["Creekside Camp Site 1", "Sarah Camper", "paid", "2026-06-08", "2026-06-12"],
      ["Creekside Camp Site 1", "Tom Camper", "pending", "2026-06-12", "2026-06-13"],
      ["Creekside Camp Site 2", "Priya Camper", "confirmed", "2026-06-23", "2026-06-26"],
      ["Powered Caravan Site Site 9", "Stranded Camper", "paid", "2026-06-11", "2026-06-12"],
    ]);
    expect(staysIn(timeline)[0]).toMatchObject({ checkedIn: false, checkedOut: false });
  });

  it("gives the check-in and check-out marks the farm set", async () => {
    const { db } = database();
    await insertBooking(
      db,
      { ...creek, units: [unitOf(creek, 1)] },
      {
        guestFirstName: "Marked",
        checkInDate: "2026-06-10",
        checkOutDate: "2026-06-11",
        checkedInAt: new Date("2026-06-10T04:00:00Z"),
        checkedOutAt: new Date("2026-06-11T00:00:00Z"),
      },
    );
    const timeline = await loadTimeline(db, {}, now);
    expect(staysIn(timeline).find((s) => s.guestName.startsWith("Marked"))).toMatchObject({
      checkedIn: true,
      checkedOut: true,
    });
  });

  it("sends the window's closed nights, naming the imported calendar's", async () => {
    const timeline = await loadTimeline(database().db, {}, now);
    expect(timeline.closures).toEqual([
      {
        date: "2026-06-15",
        campsiteId: creek.id,
        unitId: unitOf(creek, 1).id,
        feedName: "Hipcamp",
      },
      {
        date: "2026-06-20",
        campsiteId: null,
        unitId: null,
        feedName: null,
      },
    ]);
  });

  it("moves the window with `from` and widens it to three months", async () => {
    const timeline = await loadTimeline(database().db, { from: "2026-06-20", range: "3m" }, now);
    expect(timeline).toMatchObject({ from: "2026-06-20", range: "3m", days: 92 });
    expect(staysIn(timeline).map((s) => s.guestName)).toEqual(["Priya Camper", "Later Camper"]);
    expect(timeline.closures.map((c) => c.date)).toEqual(["2026-06-20", "2026-06-24"]);
  });

  it("falls back to today and two weeks on a bad `from` or range", async () => {
    for (const query of [
      { from: "2026-02-30", range: "1y" },
      { from: "yesterday", range: "" },
      { from: addDays(today, 366 * 6), range: null },
      { from: "0001-01-01", range: "3M" },
    ]) {
      const timeline = await loadTimeline(database().db, query, now);
      expect(timeline, JSON.stringify(query)).toMatchObject({ from: today, range: "2w", days: 14 });
    }
  });
});
