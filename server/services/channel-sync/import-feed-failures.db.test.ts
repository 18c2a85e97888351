// Import sync against feeds that answer conditionally, fail in the ways real
// ones do, clash with this site's bookings, and come due on a schedule.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { nightsOf } from "#domain/rules/dates.ts";
import { calendarFeeds, emailOutbox } from "#server/db/schema.ts";
import { createCampsite, insertBooking, unitOf } from "#server/testing/factories.ts";
import { present } from "#server/testing/present.ts";
import { addCalendarFeed } from "./admin";
import { syncDueFeeds, syncFeed } from "./import-feed";
import { airbnb, day, importFixture, nightsOfRows, today } from "./import-fixture";
import { icsDay, serveCalendar, startFeedServer, vevent } from "./test-feed-server";

const { db, feeds, campsiteWithFeed, importedRows, feedRow } = importFixture();

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
    const sent = feeds().requests.filter((r) => r.path === path);
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
    const sent = feeds().requests.filter((r) => r.path === path);
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
    const paid = await insertBooking(db(), campsite, {
      checkInDate: day(22),
      checkOutDate: day(24),
      status: "paid",
    });
    await insertBooking(db(), campsite, {
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
    const first = await insertBooking(db(), campsite, {
      checkInDate: day(30),
      checkOutDate: day(31),
      status: "confirmed",
    });
    let outcome = await syncFeed(db(), feed.id);
    expect(outcome.status === "synced" && outcome.conflicts).toEqual([]);
    await insertBooking(db(), campsite, {
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
    const before = feeds().requests.length;
    expect(await syncDueFeeds(db())).toEqual({ synced: 1, failed: 0 });
    expect(await syncDueFeeds(db())).toEqual({ synced: 0, failed: 0 });
    expect(
      feeds()
        .requests.slice(before)
        .map((r) => r.path),
    ).toEqual([path]);
    expect(nightsOfRows(await importedRows(feed.id))).toEqual(nightsOf(day(1), day(2)));
    const next = (await feedRow(feed.id)).nextSyncAt.getTime() - Date.now();
    expect(next).toBeGreaterThan(14 * 60_000);
    expect(next).toBeLessThanOrEqual(15 * 60_000);
  });
});
