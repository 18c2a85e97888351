// Import sync against feeds served over loopback, in the shapes the big
// listings produce, and against feeds that fail in the ways real ones do.
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, farmToday, nightsOf } from "#domain/rules/dates.ts";
import { blockedDates, bookings, calendarFeeds, emailOutbox } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createBooking, createCampsite, unitOf } from "#server/testing/factories.ts";
import { present } from "#server/testing/present.ts";
import { addCalendarFeed } from "./admin";
import { syncDueFeeds, syncFeed } from "./import-feed";
import {
  calendar,
  type FeedServer,
  icsDay,
  serveCalendar,
  startFeedServer,
  vevent,
} from "./test-feed-server";

const database = setupTestDatabase();
const db = () => database().db;
let feeds: FeedServer;
const today = farmToday();
const day = (offset: number) => addDays(today, offset);

beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(async () => {
  await feeds?.close();
});

let routeCount = 0;
/** A fresh campsite with an import feed served at a new path. */
async function campsiteWithFeed(
  serve: Parameters<FeedServer["route"]>[1],
  options: { quantity?: number; unit?: number; name?: string } = {},
) {
  const campsite = await createCampsite(db(), { quantity: options.quantity ?? 1 });
  const path = `/feed-${++routeCount}.ics`;
  feeds.route(path, serve);
  const feed = await addCalendarFeed(db(), null, campsite.id, {
    name: options.name ?? "Airbnb",
    url: feeds.url(path),
    campsiteUnitId: options.unit === undefined ? undefined : unitOf(campsite, options.unit).id,
  });
  return { campsite, feed, path };
}

async function importedRows(feedId: string) {
  return db()
    .select()
    .from(blockedDates)
    .where(eq(blockedDates.calendarFeedId, feedId))
    .orderBy(asc(blockedDates.blockedDate));
}
const nightsOfRows = (rows: { blockedDate: string }[]) => rows.map((r) => r.blockedDate);
async function feedRow(feedId: string) {
  const [row] = await db().select().from(calendarFeeds).where(eq(calendarFeeds.id, feedId));
  return present(row, `feed ${feedId}`);
}

// ------------------------------------------------------------ the shapes

const airbnb = (events: { start: number; end: number; uid: string; summary?: string }[]) =>
  calendar(
    "-//Airbnb Inc//Hosting Calendar 0.8.8//EN",
    events.map((e) =>
      vevent([
        `DTEND;VALUE=DATE:${icsDay(today, e.end)}`,
        `DTSTART;VALUE=DATE:${icsDay(today, e.start)}`,
        `UID:${e.uid}@airbnb.com`,
        "DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HM5AB\\nPhone Number (Last 4 Digits): 4321",
        `SUMMARY:${e.summary ?? "Reserved"}`,
      ]),
    ),
  );

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
    const booking = await createBooking(db(), campsite, {
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

describe("conditional requests", () => {
  it("sends the stored ETag and keeps the nights when the feed answers 304", async () => {
    const text = airbnb([{ start: 4, end: 6, uid: "res-304" }]);
    const { feed, path } = await campsiteWithFeed(
      serveCalendar(
        () => text,
        () => '"v1"',
      ),
    );
    await syncFeed(db(), feed.id);
    expect((await feedRow(feed.id)).etag).toBe('"v1"');

    const outcome = await syncFeed(db(), feed.id);
    expect(outcome).toMatchObject({ status: "synced", notModified: true, nightsCount: 2 });
    const sent = feeds.requests.filter((r) => r.path === path);
    expect(sent).toHaveLength(2);
    expect(present(sent[0], "the first request").headers["if-none-match"]).toBeUndefined();
    expect(present(sent[1], "the second request").headers["if-none-match"]).toBe('"v1"');
    expect(nightsOfRows(await importedRows(feed.id))).toEqual([day(4), day(5)]);
  });

  it("asks in full on the first read of a new farm day", async () => {
    const text = airbnb([{ start: 4, end: 5, uid: "res-day" }]);
    const { feed, path } = await campsiteWithFeed(
      serveCalendar(
        () => text,
        () => '"v1"',
      ),
    );
    const tomorrow = new Date(Date.now() + 86_400_000);
    await syncFeed(db(), feed.id);
    await syncFeed(db(), feed.id, { now: tomorrow });
    const sent = feeds.requests.filter((r) => r.path === path);
    expect(present(sent[1], "the next day's request").headers["if-none-match"]).toBeUndefined();
  });
});

describe("feeds that fail", () => {
  it("keeps the nights of a broken feed, counts the failure and flags it after three", async () => {
    let mode: "good" | "html" | "cut" | "error" = "good";
    const good = airbnb([{ start: 2, end: 4, uid: "res-broken" }]);
    const { feed } = await campsiteWithFeed(
      (_req, res) => {
        if (mode === "good") res.writeHead(200).end(good);
        if (mode === "html")
          res.writeHead(200, { "content-type": "text/html" }).end("<html>Sign in</html>");
        if (mode === "cut") res.writeHead(200).end(good.slice(0, good.length - 40));
        if (mode === "error") res.writeHead(503, "Service Unavailable").end();
      },
      { name: "Flaky listing" },
    );
    await syncFeed(db(), feed.id);
    const kept = nightsOfRows(await importedRows(feed.id));
    expect(kept).toEqual([day(2), day(3)]);

    mode = "html";
    expect(await syncFeed(db(), feed.id)).toMatchObject({
      status: "failed",
      error: "The feed is not an iCalendar (.ics) file.",
      consecutiveFailures: 1,
      failing: false,
    });
    mode = "cut";
    expect(await syncFeed(db(), feed.id)).toMatchObject({
      status: "failed",
      error: "The feed ended before END:VCALENDAR; it looks cut short.",
      consecutiveFailures: 2,
    });
    mode = "error";
    expect(await syncFeed(db(), feed.id)).toMatchObject({
      status: "failed",
      error: "The feed answered HTTP 503 Service Unavailable.",
      consecutiveFailures: 3,
      failing: true,
    });
    expect(nightsOfRows(await importedRows(feed.id))).toEqual(kept);
    const stored = await feedRow(feed.id);
    expect(stored.lastError).toBe("The feed answered HTTP 503 Service Unavailable.");
    // Backed off: the next try is an hour away after three failures.
    expect(stored.nextSyncAt.getTime() - Date.now()).toBeGreaterThan(55 * 60_000);

    await syncFeed(db(), feed.id);
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "calendar_feed_failing"));
    expect(mails.filter((m) => m.subject === "Calendar sync failing: Flaky listing")).toHaveLength(
      1,
    );

    mode = "good";
    expect(await syncFeed(db(), feed.id)).toMatchObject({ status: "synced" });
    expect(await feedRow(feed.id)).toMatchObject({ consecutiveFailures: 0, lastError: null });
  });

  it("refuses a huge feed, declared or streamed, without reading it all", async () => {
    const maxBytes = 64 * 1024;
    let bytesSent = 0;
    const { feed: declared } = await campsiteWithFeed((_req, res) => {
      res.writeHead(200, { "content-length": String(50 * 1024 * 1024) });
      res.write("BEGIN:VCALENDAR\r\n");
      // Never finishes the promised 50 MB; the client must give up on the header alone.
    });
    const { feed: streamed } = await campsiteWithFeed((_req, res) => {
      res.writeHead(200, { "content-type": "text/calendar" });
      const chunk = `${vevent(["UID:x", `DTSTART;VALUE=DATE:${icsDay(today, 1)}`])}\r\n`.repeat(
        200,
      );
      const pump = () => {
        while (bytesSent < 100 * 1024 * 1024) {
          bytesSent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      res.write("BEGIN:VCALENDAR\r\n");
      pump();
    });
    const started = performance.now();
    expect(await syncFeed(db(), declared.id, { maxBytes })).toMatchObject({
      status: "failed",
      error: "The feed is larger than 64 KB; it was not imported.",
    });
    expect(await syncFeed(db(), streamed.id, { maxBytes })).toMatchObject({
      status: "failed",
      error: "The feed is larger than 64 KB; it was not imported.",
    });
    expect(performance.now() - started).toBeLessThan(5_000);
    // The server was cut off long before its 100 MB.
    expect(bytesSent).toBeLessThan(20 * 1024 * 1024);
  });

  it("gives up on a slow feed at the deadline", async () => {
    const { feed: silent } = await campsiteWithFeed(() => {
      // Never answers.
    });
    const { feed: dribbling } = await campsiteWithFeed((_req, res) => {
      res.writeHead(200, { "content-type": "text/calendar" });
      res.write("BEGIN:VCALENDAR\r\n");
      const timer = setInterval(() => res.write("X-PAD:1\r\n"), 50);
      res.on("close", () => clearInterval(timer));
    });
    for (const feed of [silent, dribbling]) {
      const started = performance.now();
      const outcome = await syncFeed(db(), feed.id, { timeoutMs: 400 });
      const elapsed = performance.now() - started;
      expect(outcome).toMatchObject({
        status: "failed",
        error: "The feed did not answer within 400 ms.",
      });
      expect(elapsed).toBeGreaterThanOrEqual(380);
      expect(elapsed).toBeLessThan(3_000);
    }
  });

  it("tells an unreachable feed and a missing one apart", async () => {
    // A port that was just free: nothing listens there.
    const closed = await startFeedServer();
    const url = closed.url("/closed.ics");
    await closed.close();
    const campsite = await createCampsite(db());
    const feed = await addCalendarFeed(db(), null, campsite.id, { name: "Gone", url });
    const outcome = await syncFeed(db(), feed.id, { timeoutMs: 2_000 });
    expect(outcome).toMatchObject({
      status: "failed",
      error: "The feed could not be reached (ECONNREFUSED).",
    });
    const { feed: missing } = await campsiteWithFeed((_req, res) => {
      res.writeHead(404, "Not Found").end();
    });
    expect(await syncFeed(db(), missing.id)).toMatchObject({
      error: "The feed answered HTTP 404 Not Found.",
    });
  });
});

describe("conflicts", () => {
  it("reports imported nights that collide with a paid or confirmed booking, and mails the farm", async () => {
    const text = airbnb([{ start: 20, end: 23, uid: "res-clash" }]);
    const campsiteWithBooking = await campsiteWithFeed(
      serveCalendar(() => text),
      {
        name: "Hipcamp",
      },
    );
    const { campsite, feed } = campsiteWithBooking;
    const paid = await createBooking(db(), campsite, {
      checkInDate: day(22),
      checkOutDate: day(24),
      status: "paid",
    });
    await createBooking(db(), campsite, {
      checkInDate: day(18),
      checkOutDate: day(21),
      status: "cancelled",
    });
    const outcome = await syncFeed(db(), feed.id);
    expect(outcome.status).toBe("synced");
    if (outcome.status !== "synced") return;
    expect(outcome.conflicts).toEqual([
      expect.objectContaining({
        feedId: feed.id,
        bookingId: paid.id,
        bookingReference: paid.bookingReference,
        nights: [day(22)],
      }),
    ]);
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, "Calendar sync conflict: Hipcamp"));
    expect(present(mail, "the conflict email").textBody).toContain(paid.bookingReference);
    // Told once: the next sync finds the same clash but adds no night.
    await syncFeed(db(), feed.id);
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, "Calendar sync conflict: Hipcamp"));
    expect(mails).toHaveLength(1);
  });

  it("counts a campsite feed as a clash only when this site's bookings fill every unit", async () => {
    const text = airbnb([{ start: 30, end: 31, uid: "res-multi" }]);
    const { campsite, feed } = await campsiteWithFeed(
      serveCalendar(() => text),
      { quantity: 2 },
    );
    const first = await createBooking(db(), campsite, {
      checkInDate: day(30),
      checkOutDate: day(31),
      status: "confirmed",
    });
    let outcome = await syncFeed(db(), feed.id);
    expect(outcome.status === "synced" && outcome.conflicts).toEqual([]);
    await createBooking(db(), campsite, {
      campsiteUnitId: unitOf(campsite, 1).id,
      checkInDate: day(30),
      checkOutDate: day(31),
      status: "paid",
    });
    outcome = await syncFeed(db(), feed.id);
    expect(outcome.status === "synced" && outcome.conflicts.map((c) => c.bookingId)).toContain(
      first.id,
    );
  });
});

describe("the schedule", () => {
  it("syncs only due feeds, and a feed once however often the worker runs", async () => {
    const text = airbnb([{ start: 1, end: 2, uid: "res-due" }]);
    const { feed, path } = await campsiteWithFeed(serveCalendar(() => text));
    // Everything else in this file is pushed out of the way.
    await db()
      .update(calendarFeeds)
      .set({ nextSyncAt: new Date(Date.now() + 3_600_000) });
    await db()
      .update(calendarFeeds)
      .set({ nextSyncAt: new Date(Date.now() - 1000) })
      .where(eq(calendarFeeds.id, feed.id));
    const before = feeds.requests.length;
    expect(await syncDueFeeds(db())).toEqual({ synced: 1, failed: 0 });
    expect(await syncDueFeeds(db())).toEqual({ synced: 0, failed: 0 });
    expect(feeds.requests.slice(before).map((r) => r.path)).toEqual([path]);
    expect(nightsOfRows(await importedRows(feed.id))).toEqual(nightsOf(day(1), day(2)));
    const next = (await feedRow(feed.id)).nextSyncAt.getTime() - Date.now();
    expect(next).toBeGreaterThan(14 * 60_000);
    expect(next).toBeLessThanOrEqual(15 * 60_000);
  });
});
