// Import sync against feeds served over loopback, in the shapes the big
// listings produce: all-day and timed events, time zones, cancellations,
// recurring rules, and what a sync never touches.
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blockedDates, bookings } from "#server/db/schema.ts";
import { insertBooking, unitOf } from "#server/testing/factories.ts";
import { present } from "#server/testing/present.ts";
import { syncFeed } from "./import-feed";
import { airbnb, day, importFixture, nightsOfRows, today } from "./import-fixture";
import { calendar, icsDay, serveCalendar, vevent } from "./test-feed-server";

const { db, campsiteWithFeed, importedRows, feedRow } = importFixture();

describe("all-day events (the shape Airbnb and Booking.com export)", () => {
  it("blocks each night up to DTEND, naming the source and the event", async () => {
    let text = airbnb([
      { start: 10, end: 13, uid: "res-1" },
      { start: 20, end: 21, uid: "closed-1", summary: "Airbnb (Not available)" },
    ]);
    const { campsite, feed } = await campsiteWithFeed(serveCalendar(() => text));
    const outcome = await syncFeed(db(), feed.id);
    expect(outcome).toMatchObject({ status: "synced", nightsCount: 4, added: 4, removed: 0 });

    const rows = await importedRows(feed.id);
    expect(nightsOfRows(rows)).toEqual([day(10), day(11), day(12), day(20)]);
    expect(rows[0]).toMatchObject({
      campsiteId: campsite.id,
      campsiteUnitId: null,
      reason: "Imported from Airbnb",
      externalUid: "res-1@airbnb.com",
    });
    const stored = await feedRow(feed.id);
    expect(stored).toMatchObject({ nightsCount: 4, lastError: null, consecutiveFailures: 0 });
    expect(stored.lastSyncedAt).toBeInstanceOf(Date);

    // The guest shortens the stay and the closed night goes: both follow, nothing else moves.
    text = airbnb([{ start: 10, end: 12, uid: "res-1" }]);
    const second = await syncFeed(db(), feed.id);
    expect(second).toMatchObject({ status: "synced", nightsCount: 2, added: 0, removed: 2 });
    const after = await importedRows(feed.id);
    expect(nightsOfRows(after)).toEqual([day(10), day(11)]);
    expect(after.map((r) => r.id)).toEqual(rows.slice(0, 2).map((r) => r.id));
  });

  it("puts a unit's feed on that unit only", async () => {
    const text = calendar("-//admin.booking.com//EN", [
      vevent([
        "UID:6b3e2f1a@booking.com",
        "DTSTAMP:20260101T000000Z",
        `DTSTART;VALUE=DATE:${icsDay(today, 5)}`,
        `DTEND;VALUE=DATE:${icsDay(today, 7)}`,
        "SUMMARY:CLOSED - Not available",
      ]),
    ]);
    const { campsite, feed } = await campsiteWithFeed(
      serveCalendar(() => text),
      { quantity: 3, unit: 1, name: "Booking.com" },
    );
    await syncFeed(db(), feed.id);
    const rows = await importedRows(feed.id);
    expect(rows.map((r) => [r.blockedDate, r.campsiteId, r.campsiteUnitId, r.reason])).toEqual([
      [day(5), campsite.id, unitOf(campsite, 1).id, "Imported from Booking.com"],
      [day(6), campsite.id, unitOf(campsite, 1).id, "Imported from Booking.com"],
    ]);
  });
});

describe("timed events and time zones", () => {
  it("maps UTC, zoned (with VTIMEZONE or a Windows zone name) and floating times to the farm's nights", async () => {
    const tokyo = [
      "BEGIN:VTIMEZONE",
      "TZID:Asia/Tokyo",
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      "TZOFFSETFROM:+0900",
      "TZOFFSETTO:+0900",
      "TZNAME:JST",
      "END:STANDARD",
      "END:VTIMEZONE",
    ].join("\r\n");
    const text = calendar("-//Google Inc//Google Calendar 70.9054//EN", [
      tokyo,
      // 04:00Z is 14:00 at the farm; 00:00Z two days later is 10:00: two nights.
      vevent([
        "UID:utc@google.com",
        "DTSTAMP:20260101T000000Z",
        `DTSTART:${icsDay(today, 30)}T040000Z`,
        `DTEND:${icsDay(today, 32)}T000000Z`,
        "SUMMARY:Stay",
      ]),
      // 23:30 in Tokyo is 00:30 the next day at the farm; out at 10:00 Tokyo two days on.
      vevent([
        "UID:tokyo@google.com",
        "DTSTAMP:20260101T000000Z",
        `DTSTART;TZID=Asia/Tokyo:${icsDay(today, 40)}T233000`,
        `DTEND;TZID=Asia/Tokyo:${icsDay(today, 42)}T100000`,
        "SUMMARY:Late arrival",
      ]),
      // Outlook writes Windows zone names: 15:00 Brisbane time, out at 10:00 three days on.
      vevent([
        "UID:outlook@example.com",
        "DTSTAMP:20260101T000000Z",
        `DTSTART;TZID="E. Australia Standard Time":${icsDay(today, 50)}T150000`,
        `DTEND;TZID="E. Australia Standard Time":${icsDay(today, 53)}T100000`,
        "SUMMARY:Group",
      ]),
      // A floating time is read on the farm's clock: a day visit takes that day's night.
      vevent([
        "UID:floating@example.com",
        "DTSTAMP:20260101T000000Z",
        `DTSTART:${icsDay(today, 60)}T090000`,
        `DTEND:${icsDay(today, 60)}T170000`,
        "SUMMARY:Maintenance",
      ]),
    ]);
    const { feed } = await campsiteWithFeed(serveCalendar(() => text));
    await syncFeed(db(), feed.id);
    expect(nightsOfRows(await importedRows(feed.id))).toEqual([
      day(30),
      day(31),
      day(41),
      day(50),
      day(51),
      day(52),
      day(60),
    ]);
  });
});

describe("cancelled events", () => {
  it("imports no nights for a cancelled event, and frees them when an event is cancelled later", async () => {
    let cancelled = false;
    const text = () =>
      calendar("-//Example Listing//EN", [
        vevent([
          "UID:always-cancelled@example.com",
          "DTSTAMP:20260101T000000Z",
          `DTSTART;VALUE=DATE:${icsDay(today, 3)}`,
          `DTEND;VALUE=DATE:${icsDay(today, 5)}`,
          "STATUS:CANCELLED",
        ]),
        vevent([
          "UID:later-cancelled@example.com",
          "DTSTAMP:20260101T000000Z",
          `DTSTART;VALUE=DATE:${icsDay(today, 8)}`,
          `DTEND;VALUE=DATE:${icsDay(today, 10)}`,
          ...(cancelled ? ["STATUS:CANCELLED", "SEQUENCE:1"] : ["STATUS:CONFIRMED"]),
        ]),
        // Time marked free (TRANSP:TRANSPARENT) does not close the campsite.
        vevent([
          "UID:free@example.com",
          "DTSTAMP:20260101T000000Z",
          `DTSTART;VALUE=DATE:${icsDay(today, 12)}`,
          "TRANSP:TRANSPARENT",
        ]),
      ]);
    const { feed } = await campsiteWithFeed(serveCalendar(text));
    await syncFeed(db(), feed.id);
    expect(nightsOfRows(await importedRows(feed.id))).toEqual([day(8), day(9)]);
    cancelled = true;
    expect(await syncFeed(db(), feed.id)).toMatchObject({ status: "synced", removed: 2 });
    expect(await importedRows(feed.id)).toEqual([]);
    expect((await feedRow(feed.id)).nightsCount).toBe(0);
  });
});

describe("recurring rules", () => {
  it("expands a rule with exceptions, a moved and a cancelled occurrence", async () => {
    const start = 14;
    const text = calendar("-//Example Listing//EN", [
      // Weekly, two nights each, six times; the second is an EXDATE.
      vevent([
        "UID:weekly@example.com",
        "DTSTAMP:20260101T000000Z",
        `DTSTART;VALUE=DATE:${icsDay(today, start)}`,
        `DTEND;VALUE=DATE:${icsDay(today, start + 2)}`,
        "RRULE:FREQ=WEEKLY;COUNT=6",
        `EXDATE;VALUE=DATE:${icsDay(today, start + 7)}`,
        "SUMMARY:Weekly group",
      ]),
      // The third occurrence is cancelled ...
      vevent([
        "UID:weekly@example.com",
        "DTSTAMP:20260101T000000Z",
        `RECURRENCE-ID;VALUE=DATE:${icsDay(today, start + 14)}`,
        `DTSTART;VALUE=DATE:${icsDay(today, start + 14)}`,
        `DTEND;VALUE=DATE:${icsDay(today, start + 16)}`,
        "STATUS:CANCELLED",
      ]),
      // ... and the fourth moves a day later.
      vevent([
        "UID:weekly@example.com",
        "DTSTAMP:20260101T000000Z",
        `RECURRENCE-ID;VALUE=DATE:${icsDay(today, start + 21)}`,
        `DTSTART;VALUE=DATE:${icsDay(today, start + 22)}`,
        `DTEND;VALUE=DATE:${icsDay(today, start + 24)}`,
      ]),
    ]);
    const { feed } = await campsiteWithFeed(serveCalendar(() => text));
    await syncFeed(db(), feed.id);
    const expected = [0, 22, 28, 35].flatMap((o) => [day(start + o), day(start + o + 1)]);
    expect(nightsOfRows(await importedRows(feed.id))).toEqual(expected);
  });

  it("stops an endless rule at the two-year horizon, and ignores what went before today", async () => {
    const text = calendar("-//Example Listing//EN", [
      vevent([
        "UID:daily@example.com",
        "DTSTAMP:20260101T000000Z",
        `DTSTART;VALUE=DATE:${icsDay(today, -30)}`,
        `DTEND;VALUE=DATE:${icsDay(today, -29)}`,
        "RRULE:FREQ=DAILY",
      ]),
    ]);
    const { feed } = await campsiteWithFeed(serveCalendar(() => text));
    const outcome = await syncFeed(db(), feed.id);
    expect(outcome).toMatchObject({ status: "synced", nightsCount: 731 });
    const rows = await importedRows(feed.id);
    expect(rows).toHaveLength(731);
    expect(present(rows[0], "the first imported night").blockedDate).toBe(today);
    expect(present(rows.at(-1), "the last imported night").blockedDate).toBe(day(730));
  });
});

describe("what a sync never touches", () => {
  it("leaves manual blocks and this site's bookings alone, on the same nights too", async () => {
    let text = airbnb([{ start: 10, end: 12, uid: "res-9" }]);
    const { campsite, feed } = await campsiteWithFeed(serveCalendar(() => text));
    const [manual] = await db()
      .insert(blockedDates)
      .values({ blockedDate: day(10), campsiteId: campsite.id })
      .returning();
    const booking = await insertBooking(db(), campsite, {
      checkInDate: day(40),
      checkOutDate: day(42),
      status: "paid",
    });
    await syncFeed(db(), feed.id);
    text = airbnb([]);
    await syncFeed(db(), feed.id);
    expect(await importedRows(feed.id)).toEqual([]);
    const manualLeft = await db()
      .select()
      .from(blockedDates)
      .where(and(eq(blockedDates.campsiteId, campsite.id), isNull(blockedDates.calendarFeedId)));
    expect(manualLeft.map((r) => r.id)).toEqual([present(manual, "the manual block").id]);
    const [still] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(still).toMatchObject({ status: "paid", checkInDate: day(40) });
  });
});
