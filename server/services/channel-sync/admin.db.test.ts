// The Calendar sync screen's service: adding, removing and syncing feeds,
// regenerating URLs, and the overview the page shows.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { auditLog, blockedDates, calendarFeeds, user } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, insertBooking, unitOf } from "#server/testing/factories.ts";
import { present } from "#server/testing/present.ts";
import {
  addCalendarFeed,
  calendarSyncOverview,
  MAX_FEEDS_PER_CAMPSITE,
  regenerateExportUrl,
  removeCalendarFeed,
  syncCalendarFeedNow,
} from "./admin";
import { syncFeed } from "./import-feed";
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
const today = farmToday();
const day = (offset: number) => addDays(today, offset);
let feeds: FeedServer;
const admin = { id: "admin-user-1" };

const listing = calendar("-//Airbnb Inc//Hosting Calendar 0.8.8//EN", [
  vevent([
    `DTSTART;VALUE=DATE:${icsDay(today, 3)}`,
    `DTEND;VALUE=DATE:${icsDay(today, 5)}`,
    "UID:r1@airbnb.com",
    "SUMMARY:Reserved",
  ]),
]);

beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.route(
    "/listing.ics",
    serveCalendar(
      () => listing,
      () => '"same"',
    ),
  );
  await db().insert(user).values({ id: admin.id, name: "Owner", email: "owner@example.com" });
});
afterAll(async () => {
  await feeds?.close();
});

const input = (url: string, extra: Partial<{ name: string; campsiteUnitId: string }> = {}) => ({
  name: "Airbnb",
  url,
  ...extra,
});
const auditFor = (entityId: string) =>
  db().select().from(auditLog).where(eq(auditLog.entityId, entityId));

describe("adding a feed", () => {
  it("adds it for the campsite or one of its own units, and audits it without the secret URL", async () => {
    const campsite = await createCampsite(db(), { quantity: 2 });
    const url = feeds.url("/listing.ics?s=secret-token");
    const feed = await addCalendarFeed(db(), admin, campsite.id, input(url));
    expect(feed).toMatchObject({ campsiteId: campsite.id, campsiteUnitId: null, url });
    const unitFeed = await addCalendarFeed(
      db(),
      admin,
      campsite.id,
      input(feeds.url("/other.ics"), { campsiteUnitId: unitOf(campsite, 1).id }),
    );
    expect(unitFeed.campsiteUnitId).toBe(unitOf(campsite, 1).id);
    const [entry] = await auditFor(feed.id);
    expect(entry).toMatchObject({ action: "calendar_feed.add", actorUserId: admin.id });
    expect(JSON.stringify(present(entry, "the audit entry").details)).not.toContain("secret-token");
  });

  it("refuses a unit of another campsite, the same URL twice, and more than the limit", async () => {
    const campsite = await createCampsite(db());
    const other = await createCampsite(db());
    await expect(
      addCalendarFeed(
        db(),
        admin,
        campsite.id,
        input(feeds.url("/a.ics"), { campsiteUnitId: unitOf(other, 0).id }),
      ),
    ).rejects.toMatchObject({
      refusal: "invalid",
      fieldErrors: { campsiteUnitId: "Choose the campsite or one of its units." },
    });
    await addCalendarFeed(db(), admin, campsite.id, input(feeds.url("/a.ics")));
    await expect(
      addCalendarFeed(db(), admin, campsite.id, input(feeds.url("/a.ics"), { name: "Again" })),
    ).rejects.toMatchObject({
      refusal: "invalid",
      message: "This feed is already imported for this campsite.",
    });
    for (let i = 1; i < MAX_FEEDS_PER_CAMPSITE; i++) {
      await addCalendarFeed(db(), admin, campsite.id, input(feeds.url(`/f${i}.ics`)));
    }
    await expect(
      addCalendarFeed(db(), admin, campsite.id, input(feeds.url("/one-too-many.ics"))),
    ).rejects.toMatchObject({
      refusal: "invalid",
      message: "A campsite can import at most 20 feeds.",
    });
    const rows = await db()
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.campsiteId, campsite.id));
    expect(rows).toHaveLength(MAX_FEEDS_PER_CAMPSITE);
  });

  it("answers 404 for a campsite that does not exist", async () => {
    await expect(
      addCalendarFeed(db(), admin, "00000000-0000-4000-8000-000000000000", input(feeds.url("/x"))),
    ).rejects.toMatchObject({ refusal: "not_found" });
  });
});

describe("removing a feed", () => {
  it("opens its nights again and leaves the farm's own block on the same night", async () => {
    const campsite = await createCampsite(db());
    const feed = await addCalendarFeed(db(), admin, campsite.id, input(feeds.url("/listing.ics")));
    await syncFeed(db(), feed.id);
    await db()
      .insert(blockedDates)
      .values({ blockedDate: day(3), campsiteId: campsite.id });
    await removeCalendarFeed(db(), admin, campsite.id, feed.id);
    const left = await db()
      .select()
      .from(blockedDates)
      .where(eq(blockedDates.campsiteId, campsite.id));
    expect(left).toEqual([
      expect.objectContaining({
        blockedDate: day(3),
        calendarFeedId: null,
        reason: "Manually blocked",
      }),
    ]);
    expect((await auditFor(feed.id)).map((a) => a.action)).toContain("calendar_feed.remove");
  });

  it("does not remove another campsite's feed", async () => {
    const campsite = await createCampsite(db());
    const other = await createCampsite(db());
    const feed = await addCalendarFeed(db(), admin, campsite.id, input(feeds.url("/listing.ics")));
    await expect(removeCalendarFeed(db(), admin, other.id, feed.id)).rejects.toMatchObject({
      refusal: "not_found",
    });
    const [still] = await db().select().from(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
    expect(still).toBeDefined();
  });
});

describe("sync now", () => {
  it("reads the feed in full even when it has not changed", async () => {
    const campsite = await createCampsite(db());
    const feed = await addCalendarFeed(db(), admin, campsite.id, input(feeds.url("/listing.ics")));
    await syncFeed(db(), feed.id);
    const before = feeds.requests.length;
    const outcome = await syncCalendarFeedNow(db(), admin, campsite.id, feed.id);
    expect(outcome).toMatchObject({ status: "synced", notModified: false, nightsCount: 2 });
    expect(
      present(feeds.requests[before], "the sync's request").headers["if-none-match"],
    ).toBeUndefined();
    expect((await auditFor(feed.id)).map((a) => a.action)).toContain("calendar_feed.sync");
  });
});

describe("the overview", () => {
  it("shows every export URL, each feed's health and the conflicts", async () => {
    const campsite = await createCampsite(db(), { quantity: 2, name: "River Bend" });
    const healthy = await addCalendarFeed(
      db(),
      admin,
      campsite.id,
      input(feeds.url("/listing.ics")),
    );
    const broken = await addCalendarFeed(
      db(),
      admin,
      campsite.id,
      input(feeds.url("/missing.ics"), {
        name: "Old listing",
        campsiteUnitId: unitOf(campsite, 0).id,
      }),
    );
    const booking = await insertBooking(db(), campsite, {
      checkInDate: day(4),
      checkOutDate: day(6),
      status: "paid",
      campsiteUnitId: unitOf(campsite, 0).id,
    });
    await insertBooking(db(), campsite, {
      checkInDate: day(4),
      checkOutDate: day(5),
      status: "confirmed",
      campsiteUnitId: unitOf(campsite, 1).id,
    });
    await syncFeed(db(), healthy.id);
    for (let i = 0; i < 3; i++) await syncFeed(db(), broken.id);

    const overview = await calendarSyncOverview(db(), campsite.id, {
      origin: "https://farm.example",
    });
    expect(overview.campsite).toMatchObject({ id: campsite.id, name: "River Bend" });
    expect(overview.exports.map((e) => [e.kind, e.name])).toEqual([
      ["campsite", "River Bend"],
      ["unit", "Site 1"],
      ["unit", "Site 2"],
    ]);
    for (const e of overview.exports) {
      expect(e.url).toMatch(/^https:\/\/farm\.example\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    }
    expect(overview.feeds).toEqual([
      expect.objectContaining({
        id: healthy.id,
        nightsCount: 2,
        failing: false,
        lastError: null,
        unitName: null,
      }),
      expect.objectContaining({
        id: broken.id,
        nightsCount: 0,
        failing: true,
        consecutiveFailures: 3,
        lastError: "The feed answered HTTP 404 Not Found.",
        unitName: "Site 1",
      }),
    ]);
    // Night 4: both units booked here and the campsite closed by the import.
    expect(overview.conflicts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ bookingId: booking.id, feedName: "Airbnb", nights: [day(4)] }),
      ]),
    );
  });

  it("regenerates one URL and audits it", async () => {
    const campsite = await createCampsite(db());
    const before = await calendarSyncOverview(db(), campsite.id);
    await regenerateExportUrl(db(), admin, campsite.id, { kind: "campsite", id: campsite.id });
    const after = await calendarSyncOverview(db(), campsite.id);
    const urlOf = (overview: typeof before, i: number) =>
      present(overview.exports[i], `export ${i}`).url;
    expect(urlOf(after, 0)).not.toBe(urlOf(before, 0));
    expect(urlOf(after, 1)).toBe(urlOf(before, 1));
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, campsite.id), eq(auditLog.action, "calendar_export.regenerate")),
      );
    expect(entry).toBeDefined();
    // A unit of another campsite cannot be regenerated through this one.
    const other = await createCampsite(db());
    await expect(
      regenerateExportUrl(db(), admin, campsite.id, { kind: "unit", id: unitOf(other, 0).id }),
    ).rejects.toMatchObject({ refusal: "not_found" });
  });
});
