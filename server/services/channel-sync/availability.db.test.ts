// End to end through the booking engine: nights imported from an outside
// calendar are unavailable like any blocked night. A unit's feed takes that
// one unit out; a campsite's feed closes the campsite.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { bookings } from "#server/db/schema.ts";
import { campsiteAvailability } from "#server/services/availability.ts";
import { createBooking } from "#server/services/bookings.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, unitOf } from "#server/testing/factories.ts";
import { present } from "#server/testing/present.ts";
import { addCalendarFeed } from "./admin";
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

beforeAll(async () => {
  feeds = await startFeedServer();
  // Nights 15 and 16 are taken on the other listing.
  const text = calendar("-//Airbnb Inc//Hosting Calendar 0.8.8//EN", [
    vevent([
      `DTSTART;VALUE=DATE:${icsDay(today, 15)}`,
      `DTEND;VALUE=DATE:${icsDay(today, 17)}`,
      "UID:stay@airbnb.com",
      "SUMMARY:Reserved",
    ]),
  ]);
  feeds.route(
    "/listing.ics",
    serveCalendar(() => text),
  );
});
afterAll(async () => {
  await feeds?.close();
});

const stay = (campsiteId: string, n: number) => ({
  campsiteId,
  checkIn: day(15),
  checkOut: day(17),
  guests: 2,
  firstName: "Sam",
  lastName: `Guest ${n}`,
  email: `sam${n}@example.com`,
});

const unavailable = async (campsiteId: string) =>
  (await campsiteAvailability(db(), campsiteId, { from: day(14), to: day(18) })).unavailableDates;

describe("imported nights in the booking flow", () => {
  it("takes one unit out for a unit's feed: the other unit still sells, then the nights close", async () => {
    const campsite = await createCampsite(db(), { quantity: 2 });
    const [unitA, unitB] = [unitOf(campsite, 0), unitOf(campsite, 1)];
    const feed = await addCalendarFeed(db(), null, campsite.id, {
      name: "Airbnb",
      url: feeds.url("/listing.ics"),
      campsiteUnitId: unitA.id,
    });
    expect(await syncFeed(db(), feed.id)).toMatchObject({ status: "synced", nightsCount: 2 });

    expect(await unavailable(campsite.id)).toEqual([]);
    const booking = await createBooking(db(), stay(campsite.id, 1));
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(present(row, "the booking row").campsiteUnitId).toBe(unitB.id);

    expect(await unavailable(campsite.id)).toEqual([day(15), day(16)]);
    await expect(createBooking(db(), stay(campsite.id, 2))).rejects.toMatchObject({
      refusal: "conflict",
    });
  });

  it("closes the whole campsite for a campsite's feed", async () => {
    const campsite = await createCampsite(db(), { quantity: 3 });
    const feed = await addCalendarFeed(db(), null, campsite.id, {
      name: "Hipcamp",
      url: feeds.url("/listing.ics"),
    });
    await syncFeed(db(), feed.id);
    expect(await unavailable(campsite.id)).toEqual([day(15), day(16)]);
    await expect(createBooking(db(), stay(campsite.id, 3))).rejects.toMatchObject({
      refusal: "conflict",
    });
  });
});
