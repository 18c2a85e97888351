import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, blockedDates, calendarFeeds } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, insertBooking, unitOf } from "#server/testing/factories.ts";
import { assertPresent, present } from "#server/testing/present.ts";
import { type CalendarDay, loadCalendar, PAST_DAY, setDayBlocked } from "./calendar";
import { saveSettings } from "./settings";

const database = setupTestDatabase();
const admin = null; // the audit log's actor may be null (a script); the admin's id in the app
// Midday 10 June 2026 at the farm.
const now = new Date("2026-06-10T02:00:00Z");

let creek: Awaited<ReturnType<typeof createCampsite>>;
let powered: Awaited<ReturnType<typeof createCampsite>>;
let feedId: string;

const dayOf = (weeks: CalendarDay[][], date: string) =>
  present(
    weeks.flat().find((d) => d.date === date),
    `${date} in the calendar`,
  );

beforeAll(async () => {
  const { db } = database();
  creek = await createCampsite(db, { name: "Creekside Camp", quantity: 2 });
  powered = await createCampsite(db, { name: "Powered Caravan Site", quantity: 1 });
  await createCampsite(db, { name: "Closed Camp", isActive: false });
  const unit = (i: number) => ({ ...creek, units: [unitOf(creek, i)] });
  for (const [i, checkIn, checkOut, name] of [
    [0, "2026-06-12", "2026-06-14", "Sarah"],
    [1, "2026-06-13", "2026-06-15", "Tom"],
  ] as const) {
    await insertBooking(db, unit(i), {
      status: "paid",
      checkInDate: checkIn,
      checkOutDate: checkOut,
      guestFirstName: name,
    });
  }
  await insertBooking(db, powered, {
    status: "confirmed",
    checkInDate: "2026-06-13",
    checkOutDate: "2026-06-14",
    guestFirstName: "Priya",
  });
  // Cancelled and expired bookings are not on the calendar.
  await insertBooking(db, powered, {
    status: "cancelled",
    checkInDate: "2026-06-20",
    checkOutDate: "2026-06-22",
  });
  await insertBooking(db, powered, {
    status: "expired",
    checkInDate: "2026-06-20",
    checkOutDate: "2026-06-22",
  });
  // A night imported from the creek campsite's channel calendar.
  const [feed] = await db
    .insert(calendarFeeds)
    .values({ campsiteId: creek.id, name: "Hipcamp", url: "https://example.com/feed.ics" })
    .returning();
  feedId = present(feed, "the inserted feed").id;
  await db.insert(blockedDates).values([
    {
      blockedDate: "2026-06-25",
      campsiteId: creek.id,
      reason: "Hipcamp booking",
      calendarFeedId: feedId,
    },
    { blockedDate: "2026-06-26", campsiteId: null },
  ]);
});

describe("the admin calendar", () => {
  it("shows a Sunday-to-Saturday month with the active campsites to filter by", async () => {
    const month = await loadCalendar(database().db, { month: "2026-06" }, now);
    expect(month.campsites.map((c) => c.name)).toEqual(["Creekside Camp", "Powered Caravan Site"]);
    expect(present(month.weeks[0]?.[0], "the grid's first day").date).toBe("2026-05-31");
    expect(month.today).toBe("2026-06-10");
    expect(dayOf(month.weeks, "2026-06-09").past).toBe(true);
    expect(dayOf(month.weeks, "2026-06-10").past).toBe(false);
  });

  it("marks booked nights (check-out day excluded) with their bookings", async () => {
    const { weeks } = await loadCalendar(database().db, { month: "2026-06" }, now);
    expect(dayOf(weeks, "2026-06-11").state).toBe("available");
    expect(dayOf(weeks, "2026-06-12").bookings.map((b) => b.guestName)).toEqual(["Sarah Camper"]);
    const busy = dayOf(weeks, "2026-06-13");
    expect(busy.state).toBe("booked");
    expect(busy.bookings.map((b) => b.guestName.split(" ")[0])).toEqual(["Sarah", "Tom", "Priya"]);
    expect(dayOf(weeks, "2026-06-15").state).toBe("available");
    expect(dayOf(weeks, "2026-06-20").state).toBe("available");
  });

  it("narrows to one campsite, with blocks for all campsites and imported ones shown as blocked", async () => {
    const { db } = database();
    const creekView = await loadCalendar(db, { month: "2026-06", campsiteId: creek.id }, now);
    expect(dayOf(creekView.weeks, "2026-06-13").bookings).toHaveLength(2);
    const imported = dayOf(creekView.weeks, "2026-06-25");
    expect(imported.state).toBe("blocked");
    expect(imported.blocks).toEqual([
      expect.objectContaining({
        scope: "campsite",
        feedName: "Hipcamp",
        reason: "Hipcamp booking",
      }),
    ]);
    // An imported night is not a manual block: clicking the day would add one, never lift the import.
    expect(imported.manualBlockId).toBeNull();
    expect(dayOf(creekView.weeks, "2026-06-26").state).toBe("blocked");

    const poweredView = await loadCalendar(db, { month: "2026-06", campsiteId: powered.id }, now);
    expect(dayOf(poweredView.weeks, "2026-06-13").bookings.map((b) => b.campsiteName)).toEqual([
      "Powered Caravan Site",
    ]);
    expect(dayOf(poweredView.weeks, "2026-06-25").state).toBe("available");
    expect(dayOf(poweredView.weeks, "2026-06-26").state).toBe("blocked");
  });

  it("counts each day's units booked of units available, blocked units not available", async () => {
    const { db } = database();
    const count = (weeks: CalendarDay[][], date: string) => {
      const { booked, available, full } = dayOf(weeks, date).fullness;
      return { booked, available, full };
    };
    // Three active units: two at the creek, one powered; the closed campsite's unit does not count.
    const all = await loadCalendar(db, { month: "2026-06" }, now);
    expect(count(all.weeks, "2026-06-11")).toEqual({ booked: 0, available: 3, full: false });
    expect(dayOf(all.weeks, "2026-06-12").fullness).toMatchObject({ count: "1/3", step: 1 });
    expect(count(all.weeks, "2026-06-13")).toEqual({ booked: 3, available: 3, full: true });
    // The creek is closed by its imported night: the powered site alone is open.
    expect(count(all.weeks, "2026-06-25")).toEqual({ booked: 0, available: 1, full: false });
    // Blocked for every campsite: nothing left, and nothing to count.
    expect(dayOf(all.weeks, "2026-06-26").fullness).toMatchObject({ full: true, count: null });

    const creekView = await loadCalendar(db, { month: "2026-06", campsiteId: creek.id }, now);
    expect(dayOf(creekView.weeks, "2026-06-12").fullness.count).toBe("1/2");
    expect(count(creekView.weeks, "2026-06-13")).toEqual({ booked: 2, available: 2, full: true });
    expect(count(creekView.weeks, "2026-06-25")).toEqual({ booked: 0, available: 0, full: true });
  });

  it("takes a blocked unit out of the count, even when it is booked", async () => {
    const { db } = database();
    await insertBooking(
      db,
      { ...creek, units: [unitOf(creek, 0)] },
      { status: "paid", checkInDate: "2026-06-28", checkOutDate: "2026-06-29" },
    );
    await db.insert(blockedDates).values({
      blockedDate: "2026-06-28",
      campsiteId: creek.id,
      campsiteUnitId: unitOf(creek, 0).id,
      reason: "Fence repairs",
    });
    const creekView = await loadCalendar(db, { month: "2026-06", campsiteId: creek.id }, now);
    const day = dayOf(creekView.weeks, "2026-06-28");
    expect(day.fullness).toMatchObject({ booked: 0, available: 1, count: "0/1", full: false });
    // The booking is still listed on the day, and the day is not blocked as a whole.
    expect(day.state).toBe("booked");
    const all = await loadCalendar(db, { month: "2026-06" }, now);
    expect(dayOf(all.weeks, "2026-06-28").fullness.count).toBe("0/2");
  });

  it("takes a unit on a changeover night of 'Auto-block after booking' out of the count", async () => {
    const { db } = database();
    await saveSettings(db, { autoBlockAfterBooking: 1 });
    try {
      const powered1 = await loadCalendar(db, { month: "2026-06", campsiteId: powered.id }, now);
      // Priya's one night, 13 June: the nights either side cannot be let on the only unit.
      for (const date of ["2026-06-12", "2026-06-14"])
        expect(dayOf(powered1.weeks, date).fullness).toMatchObject({ available: 0, full: true });
      expect(dayOf(powered1.weeks, "2026-06-15").fullness.count).toBe("0/1");
      // Tom leaves unit 2 on the 15th: it has its changeover, unit 1 is free.
      const creekView = await loadCalendar(db, { month: "2026-06", campsiteId: creek.id }, now);
      expect(dayOf(creekView.weeks, "2026-06-15").fullness).toMatchObject({ count: "0/1" });
      expect(dayOf(creekView.weeks, "2026-06-16").fullness.count).toBe("0/2");
    } finally {
      await saveSettings(db, { autoBlockAfterBooking: 0 });
    }
  });

  it("ignores a filter naming no active campsite", async () => {
    const month = await loadCalendar(
      database().db,
      { month: "2026-06", campsiteId: "00000000-0000-4000-8000-000000000000" },
      now,
    );
    expect(month.campsiteId).toBeNull();
  });
});

describe("blocking and unblocking a day", () => {
  const manualBlocks = (date: string) =>
    database()
      .db.select()
      .from(blockedDates)
      .where(and(eq(blockedDates.blockedDate, date)));

  it("blocks a day for all campsites as 'Manually blocked', then lifts it", async () => {
    const { db } = database();
    expect(
      await setDayBlocked(db, admin, { date: "2026-06-18", campsiteId: null, blocked: true }, now),
    ).toEqual({ changed: true });
    const [row] = await manualBlocks("2026-06-18");
    expect(row).toMatchObject({
      campsiteId: null,
      reason: "Manually blocked",
      calendarFeedId: null,
    });
    assertPresent(row, "the manual block");
    const view = await loadCalendar(db, { month: "2026-06" }, now);
    expect(dayOf(view.weeks, "2026-06-18")).toMatchObject({
      state: "blocked",
      manualBlockId: row.id,
    });

    expect(
      await setDayBlocked(db, admin, { date: "2026-06-18", campsiteId: null, blocked: false }, now),
    ).toEqual({ changed: true });
    expect(await manualBlocks("2026-06-18")).toEqual([]);
    const actions = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, row.id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      "blocked_date.created",
      "blocked_date.deleted",
    ]);
  });

  it("is idempotent: blocking a blocked day or unblocking a free one changes nothing", async () => {
    const { db } = database();
    const day = { date: "2026-06-19", campsiteId: powered.id };
    await setDayBlocked(db, admin, { ...day, blocked: true }, now);
    expect(await setDayBlocked(db, admin, { ...day, blocked: true }, now)).toEqual({
      changed: false,
    });
    expect(await manualBlocks("2026-06-19")).toHaveLength(1);
    await setDayBlocked(db, admin, { ...day, blocked: false }, now);
    expect(await setDayBlocked(db, admin, { ...day, blocked: false }, now)).toEqual({
      changed: false,
    });
  });

  it("blocks one campsite without touching the others", async () => {
    const { db } = database();
    await setDayBlocked(
      db,
      admin,
      { date: "2026-06-22", campsiteId: creek.id, blocked: true },
      now,
    );
    const creekView = await loadCalendar(db, { month: "2026-06", campsiteId: creek.id }, now);
    expect(dayOf(creekView.weeks, "2026-06-22").state).toBe("blocked");
    const poweredView = await loadCalendar(db, { month: "2026-06", campsiteId: powered.id }, now);
    expect(dayOf(poweredView.weeks, "2026-06-22").state).toBe("available");
    // In the all-campsites view the day is open (one campsite is closed), and the block is listed.
    const all = await loadCalendar(db, { month: "2026-06" }, now);
    expect(dayOf(all.weeks, "2026-06-22").state).toBe("available");
    expect(dayOf(all.weeks, "2026-06-22").blocks[0]).toMatchObject({
      campsiteName: "Creekside Camp",
    });
  });

  it("never lifts a night imported from a calendar feed", async () => {
    const { db } = database();
    const result = await setDayBlocked(
      db,
      admin,
      { date: "2026-06-25", campsiteId: creek.id, blocked: false },
      now,
    );
    expect(result).toEqual({ changed: false });
    const rows = await manualBlocks("2026-06-25");
    expect(rows).toEqual([expect.objectContaining({ calendarFeedId: feedId })]);
    // A manual block can sit beside the import, and lifting it leaves the import alone.
    await setDayBlocked(
      db,
      admin,
      { date: "2026-06-25", campsiteId: creek.id, blocked: true },
      now,
    );
    expect(await manualBlocks("2026-06-25")).toHaveLength(2);
    await setDayBlocked(
      db,
      admin,
      { date: "2026-06-25", campsiteId: creek.id, blocked: false },
      now,
    );
    expect(await manualBlocks("2026-06-25")).toEqual([
      expect.objectContaining({ calendarFeedId: feedId }),
    ]);
  });

  it("refuses bad days, past days and unknown campsites, and changes nothing", async () => {
    const { db } = database();
    await expect(
      setDayBlocked(db, admin, { date: "2026-02-30", campsiteId: null, blocked: true }, now),
    ).rejects.toMatchObject({ refusal: "invalid" });
    await expect(
      setDayBlocked(db, admin, { date: "2026-06-09", campsiteId: null, blocked: true }, now),
    ).rejects.toMatchObject({ refusal: "invalid", message: PAST_DAY });
    await expect(
      setDayBlocked(
        db,
        admin,
        { date: "2026-06-29", campsiteId: "00000000-0000-4000-8000-000000000000", blocked: true },
        now,
      ),
    ).rejects.toMatchObject({ refusal: "not_found" });
    expect(await manualBlocks("2026-06-09")).toEqual([]);
    expect(await manualBlocks("2026-06-29")).toEqual([]);
  });
});
