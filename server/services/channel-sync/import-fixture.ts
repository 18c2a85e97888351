// What the import-sync tests share: a database, a feed server on loopback,
// a campsite with a feed served at a fresh path, and the Airbnb feed shape.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { blockedDates, calendarFeeds } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, unitOf } from "#server/testing/factories.ts";
import { present } from "#server/testing/present.ts";
import { addCalendarFeed } from "./admin";
import { calendar, type FeedServer, icsDay, startFeedServer, vevent } from "./test-feed-server";

export const today = farmToday();
export const day = (offset: number) => addDays(today, offset);
export const nightsOfRows = (rows: { blockedDate: string }[]) => rows.map((r) => r.blockedDate);

/** The database and the feed server of one test file, opened before its tests. */
export function importFixture() {
  const database = setupTestDatabase();
  const db = () => database().db;
  let server: FeedServer | undefined;
  beforeAll(async () => {
    server = await startFeedServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  const feeds = () => present(server, "the feed server");

  let routeCount = 0;
  /** A fresh campsite with an import feed served at a new path. */
  async function campsiteWithFeed(
    serve: Parameters<FeedServer["route"]>[1],
    options: { quantity?: number; unit?: number; name?: string } = {},
  ) {
    const campsite = await createCampsite(db(), { quantity: options.quantity ?? 1 });
    const path = `/feed-${++routeCount}.ics`;
    feeds().route(path, serve);
    const feed = await addCalendarFeed(db(), null, campsite.id, {
      name: options.name ?? "Airbnb",
      url: feeds().url(path),
      campsiteUnitId: options.unit === undefined ? undefined : unitOf(campsite, options.unit).id,
    });
    return { campsite, feed, path };
  }

  const importedRows = (feedId: string) =>
    db()
      .select()
      .from(blockedDates)
      .where(eq(blockedDates.calendarFeedId, feedId))
      .orderBy(asc(blockedDates.blockedDate));

  async function feedRow(feedId: string) {
    const [row] = await db().select().from(calendarFeeds).where(eq(calendarFeeds.id, feedId));
    return present(row, `feed ${feedId}`);
  }

  return { db, feeds, campsiteWithFeed, importedRows, feedRow };
}

/** An Airbnb export: all-day events with a reservation link and the guest's phone digits. */
export const airbnb = (events: { start: number; end: number; uid: string; summary?: string }[]) =>
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
