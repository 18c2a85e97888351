// The exported calendars, fetched over HTTP from the real route and read back
// with node-ical, a parser independent of the ical-generator that wrote them.
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { blockedDates, calendarFeeds, campsites, campsiteUnits } from "#server/db/schema.ts";
import { calendarFeedsRouter } from "#server/http/calendar-feeds.ts";
import { errorHandler } from "#server/http/errors.ts";
import { saveSettings } from "#server/services/settings.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, insertBooking, unitOf } from "#server/testing/factories.ts";
import { present } from "#server/testing/present.ts";
import { calendarSyncOverview, regenerateExportUrl } from "./admin";

const database = setupTestDatabase();
const db = () => database().db;
const today = farmToday();
const day = (offset: number) => addDays(today, offset);

let origin = "";
let close: () => Promise<void> = async () => {};
beforeAll(async () => {
  const app = express();
  app.use(
    "/api",
    calendarFeedsRouter(async () => ({ db: db() })),
  );
  app.use(errorHandler);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

type Farm = Awaited<ReturnType<typeof createFarm>>;

/** A campsite of two units with bookings of every status, manual blocks and an imported night. */
async function createFarm() {
  const campsite = await createCampsite(db(), { quantity: 2, name: "Creekside Flat" });
  const unitA = unitOf(campsite, 0);
  const unitB = unitOf(campsite, 1);
  const inAnHour = new Date(Date.now() + 3_600_000);
  const bookings = {
    paid: await insertBooking(db(), campsite, {
      checkInDate: day(10),
      checkOutDate: day(12),
      status: "paid",
      guestFirstName: "Matilda",
      guestLastName: "Wetherby",
      guestEmail: "matilda.wetherby@example.org",
      guestPhone: "0400 111 222",
    }),
    otherUnit: await insertBooking(db(), campsite, {
      campsiteUnitId: unitB.id,
      checkInDate: day(10),
      checkOutDate: day(11),
      status: "confirmed",
    }),
    held: await insertBooking(db(), campsite, {
      checkInDate: day(20),
      checkOutDate: day(21),
      status: "pending",
      holdExpiresAt: inAnHour,
    }),
    lapsed: await insertBooking(db(), campsite, {
      checkInDate: day(25),
      checkOutDate: day(26),
      status: "pending",
      holdExpiresAt: new Date(Date.now() - 60_000),
    }),
    cancelled: await insertBooking(db(), campsite, {
      checkInDate: day(30),
      checkOutDate: day(32),
      status: "cancelled",
    }),
  };
  const [feed] = await db()
    .insert(calendarFeeds)
    .values({
      campsiteId: campsite.id,
      campsiteUnitId: unitA.id,
      name: "Airbnb",
      url: "https://x.example/a.ics",
    })
    .returning();
  await db()
    .insert(blockedDates)
    .values([
      { blockedDate: day(40), campsiteId: campsite.id },
      { blockedDate: day(41), campsiteId: campsite.id },
      { blockedDate: day(45), campsiteId: campsite.id, campsiteUnitId: unitB.id },
      {
        blockedDate: day(60),
        campsiteId: campsite.id,
        campsiteUnitId: unitA.id,
        calendarFeedId: present(feed, "the inserted feed").id,
        reason: "Imported from Airbnb",
        externalUid: "x@airbnb.com",
      },
    ]);
  const overview = await calendarSyncOverview(db(), campsite.id, { origin: `${origin}` });
  const url = (kind: "campsite" | "unit", id: string) =>
    present(
      overview.exports.find((e) => e.kind === kind && e.id === id),
      `the ${kind} export of ${id}`,
    ).url;
  return { campsite, unitA, unitB, bookings, overview, url };
}

/** Fetches a feed and reads it back: its events as [summary, first night, morning after, uid]. */
async function readFeed(url: string) {
  const response = await fetch(url);
  const text = await response.text();
  const parsed = ical.sync.parseICS(text);
  const events = Object.values(parsed)
    .filter((c): c is VEvent => c?.type === "VEVENT")
    .map((e) => {
      expect(e.start.dateOnly).toBe(true);
      expect(e.end?.dateOnly).toBe(true);
      return {
        summary: String(e.summary),
        start: localDay(e.start),
        end: localDay(present(e.end, "the event's end")),
        uid: e.uid,
      };
    })
    .sort((a, b) => (a.start < b.start ? -1 : 1));
  return { response, text, events };
}
/** Export `index` of an overview's URLs: the campsite's first, then one per unit. */
const exportUrl = (overview: { exports: { url: string }[] }, index: number) =>
  present(overview.exports[index], `export ${index}`).url;

// node-ical reads DATE values as local midnight.
const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

let farm: Farm;
beforeAll(async () => {
  farm = await createFarm();
});

describe("a unit's feed", () => {
  it("lists the unit's held bookings and its closed nights as all-day events", async () => {
    const { response, events } = await readFeed(farm.url("unit", farm.unitA.id));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(events.map(({ summary, start, end }) => [summary, start, end])).toEqual([
      ["Booked", day(10), day(12)],
      ["Booked", day(20), day(21)],
      ["Blocked", day(40), day(42)],
    ]);
    expect(present(events[0], "the first event").uid).toContain(farm.bookings.paid.id);
  });

  it("carries nothing about the guest", async () => {
    const { text } = await readFeed(farm.url("unit", farm.unitA.id));
    for (const secret of [
      "Matilda",
      "Wetherby",
      "example.org",
      // The phone, not its first digits: "0400" is also in a DTSTAMP written at 04:00 UTC.
      "0400 111 222",
      "111 222",
      farm.bookings.paid.bookingReference,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("keeps its UIDs and bytes from one fetch to the next, and answers 304 to a matching ETag", async () => {
    const url = farm.url("unit", farm.unitA.id);
    const first = await readFeed(url);
    const second = await readFeed(url);
    expect(second.text).toBe(first.text);
    expect(second.events.map((e) => e.uid)).toEqual(first.events.map((e) => e.uid));
    const etag = first.response.headers.get("etag");
    expect(etag).toBeTruthy();
    const revalidated = await fetch(url, {
      headers: { "if-none-match": present(etag, "the ETag"), "cache-control": "max-age=0" },
    });
    expect(revalidated.status).toBe(304);
  });
});

describe("a campsite's feed", () => {
  it("lists the nights it cannot take another booking, full or closed", async () => {
    const { events } = await readFeed(farm.url("campsite", farm.campsite.id));
    // Night 10: both units booked. Night 11, 20, 45: one unit still free. 60: imported, left out.
    expect(events.map(({ summary, start, end }) => [summary, start, end])).toEqual([
      ["Booked", day(10), day(11)],
      ["Blocked", day(40), day(42)],
    ]);
  });

  it("closes with a night blocked for every campsite", async () => {
    const [everywhere] = await db()
      .insert(blockedDates)
      .values({ blockedDate: day(70), campsiteId: null })
      .returning();
    const { events } = await readFeed(farm.url("campsite", farm.campsite.id));
    expect(events.at(-1)).toMatchObject({ summary: "Blocked", start: day(70), end: day(71) });
    await db()
      .delete(blockedDates)
      .where(eq(blockedDates.id, present(everywhere, "the inserted block").id));
  });
});

describe("changeover nights ('Auto-block after booking')", () => {
  const summaries = async (url: string) =>
    (await readFeed(url)).events.map(({ summary, start, end }) => [summary, start, end]);

  it("close the nights either side of a unit's stays, so no other listing sells them", async () => {
    await saveSettings(db(), { autoBlockAfterBooking: 1 });
    try {
      expect(await summaries(farm.url("unit", farm.unitA.id))).toEqual([
        ["Blocked", day(9), day(10)],
        ["Booked", day(10), day(12)],
        ["Blocked", day(12), day(13)],
        ["Blocked", day(19), day(20)],
        ["Booked", day(20), day(21)],
        ["Blocked", day(21), day(22)],
        ["Blocked", day(40), day(42)],
      ]);
      // Night 9: both units wait for the stays of the 10th; night 11: unit B's changeover.
      expect(await summaries(farm.url("campsite", farm.campsite.id))).toEqual([
        ["Blocked", day(9), day(10)],
        ["Booked", day(10), day(12)],
        ["Blocked", day(40), day(42)],
      ]);
    } finally {
      await saveSettings(db(), { autoBlockAfterBooking: 0 });
    }
  });
});

describe("tokens", () => {
  it("answers 404 for an unknown, malformed or revoked token", async () => {
    const base = `${origin}/api/calendar`;
    expect((await fetch(`${base}/${"A".repeat(32)}.ics`)).status).toBe(404);
    expect((await fetch(`${base}/short.ics`)).status).toBe(404);
    expect((await fetch(`${base}/${"A".repeat(32)}.txt`)).status).toBe(404);
    expect((await fetch(`${base}/%27%20or%201%3D1.ics`)).status).toBe(404);

    const campsite = await createCampsite(db(), { quantity: 1 });
    const before = await calendarSyncOverview(db(), campsite.id, { origin });
    const oldUrl = exportUrl(before, 1);
    expect((await fetch(oldUrl)).status).toBe(200);
    await regenerateExportUrl(db(), null, campsite.id, {
      kind: "unit",
      id: unitOf(campsite, 0).id,
    });
    const after = await calendarSyncOverview(db(), campsite.id, { origin });
    expect(exportUrl(after, 1)).not.toBe(oldUrl);
    expect((await fetch(oldUrl)).status).toBe(404);
    expect((await fetch(exportUrl(after, 1))).status).toBe(200);
    // The campsite's own URL is untouched by a unit's regeneration.
    expect(exportUrl(after, 0)).toBe(exportUrl(before, 0));
  });

  it("gives every campsite and unit its own long random token, kept across views", async () => {
    const [row] = await db().select().from(campsites).where(eq(campsites.id, farm.campsite.id));
    const units = await db()
      .select()
      .from(campsiteUnits)
      .where(eq(campsiteUnits.campsiteId, farm.campsite.id));
    const tokens = [present(row, "the campsite").feedToken, ...units.map((u) => u.feedToken)];
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const again = await calendarSyncOverview(db(), farm.campsite.id, { origin });
    expect(again.exports.map((e) => e.url)).toEqual(farm.overview.exports.map((e) => e.url));
  });
});
