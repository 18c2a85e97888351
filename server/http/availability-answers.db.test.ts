// The availability answer kept in memory (decision 0021) changes after every
// kind of write that changes availability, whichever connection or process
// writes, and never outlives a hold it counts.
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Availability } from "#domain/api/booking.ts";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { HOLD_MINUTES } from "#domain/rules/hold.ts";
import type { Executor } from "#server/db/client.ts";
import { openDatabase } from "#server/db/client.ts";
import {
  blockedDates,
  calendarFeeds,
  campsiteSeasons,
  campsites,
  campsiteUnits,
} from "#server/db/schema.ts";
import {
  availabilityKey,
  cachedCampsiteAvailability,
  campsiteAvailability,
} from "#server/services/availability.ts";
import { createBooking, expireStaleHolds } from "#server/services/bookings.ts";
import { setDayBlocked } from "#server/services/calendar.ts";
import { cancelBooking } from "#server/services/payments/cancel.ts";
import { saveSettings } from "#server/services/settings.ts";
import { setupTestDatabase, testingPostgres } from "#server/testing/database.ts";
import { createCampsite, insertBooking, unitOf } from "#server/testing/factories.ts";
import { availabilityCacheOf, closeAvailabilityCaches, pageCacheOf } from "./availability-answers";

const database = setupTestDatabase();
const db = () => database().db;
const cache = () => availabilityCacheOf(database());
afterAll(closeAvailabilityCaches);

const today = farmToday();
const d = (n: number) => addDays(today, n);
const guest = { firstName: "Alex", lastName: "Camper", email: "alex@example.com", guests: 2 };

type Site = Awaited<ReturnType<typeof createCampsite>>;
let site: Site;

const answer = (now?: Date) =>
  cachedCampsiteAvailability(cache(), db(), site.id, { from: d(0), to: d(60) }, now);

/** The answer after a write: announced on another connection, so heard a moment later. */
async function answerAfterWrite(changed: (a: Availability) => boolean): Promise<Availability> {
  let latest = await answer();
  await vi.waitFor(
    async () => {
      latest = await answer();
      expect(changed(latest)).toBe(true);
    },
    { timeout: 5_000, interval: 20 },
  );
  return latest;
}

const taken = (a: Availability, day: string) => a.unavailableDates.includes(day);

beforeAll(async () => {
  site = await createCampsite(db(), { quantity: 1 });
  await vi.waitFor(() => expect(cache().hearing).toBe(true), { timeout: 5_000 });
});

describe("the availability answer in memory", () => {
  it("is answered from memory while nothing changes", async () => {
    const first = await answer();
    expect(await answer()).toBe(first);
  });

  it("changes after a hold, its cancellation and the sweeper's expiry", async () => {
    const before = await answer();
    expect(taken(before, d(3))).toBe(false);
    const hold = await createBooking(db(), {
      campsiteId: site.id,
      checkIn: d(3),
      checkOut: d(5),
      ...guest,
    });
    const held = await answerAfterWrite((a) => taken(a, d(3)));
    expect(taken(held, d(4))).toBe(true);

    const stay = await insertBooking(db(), site, { checkInDate: d(10), checkOutDate: d(12) });
    await answerAfterWrite((a) => taken(a, d(10)));
    await cancelBooking(db(), null, stay.id, { notifyGuest: false });
    await answerAfterWrite((a) => !taken(a, d(10)));

    // The sweeper ends the hold an hour on: the nights come free.
    await expireStaleHolds(db(), new Date(Date.now() + 60 * 60_000));
    await answerAfterWrite((a) => !taken(a, d(3)));
    expect(hold.id).toBeTruthy();
  });

  it("changes after a manual block and an imported calendar event", async () => {
    await setDayBlocked(db(), null, { date: d(20), campsiteId: site.id, blocked: true });
    await answerAfterWrite((a) => taken(a, d(20)));

    const [feed] = await db()
      .insert(calendarFeeds)
      .values({ campsiteId: site.id, name: "Other listing", url: "https://example.com/a.ics" })
      .returning();
    await db()
      .insert(blockedDates)
      .values({
        blockedDate: d(22),
        campsiteId: site.id,
        campsiteUnitId: unitOf(site, 0).id,
        reason: "Imported",
        calendarFeedId: feed?.id,
        externalUid: "event-1",
      });
    await answerAfterWrite((a) => taken(a, d(22)));
  });

  it("changes after the campsite, its units, its rates and the settings change", async () => {
    await db().update(campsites).set({ capacity: 3 }).where(eq(campsites.id, site.id));
    await answerAfterWrite((a) => a.capacity === 3);

    await db()
      .insert(campsiteSeasons)
      .values({
        campsiteId: site.id,
        name: "Summer",
        startDate: d(30),
        endDate: d(40),
        nightPriceCents: 9000,
      });
    await answerAfterWrite((a) => a.rates.seasons.length === 1);

    // 'Auto-block after booking': the night after a stay closes too.
    await insertBooking(db(), site, { checkInDate: d(45), checkOutDate: d(47) });
    await answerAfterWrite((a) => taken(a, d(46)));
    await saveSettings(db(), { autoBlockAfterBooking: 1 });
    await answerAfterWrite((a) => taken(a, d(47)));
    await saveSettings(db(), { autoBlockAfterBooking: 0 });
    await answerAfterWrite((a) => !taken(a, d(47)));

    // No active unit left: every night closes.
    await db()
      .update(campsiteUnits)
      .set({ isActive: false })
      .where(eq(campsiteUnits.campsiteId, site.id));
    await answerAfterWrite((a) => taken(a, d(55)));
    await db()
      .update(campsiteUnits)
      .set({ isActive: true })
      .where(eq(campsiteUnits.campsiteId, site.id));
    await answerAfterWrite((a) => !taken(a, d(55)));
  });

  it("never shows a night held after its hold has ended", async () => {
    const now = new Date();
    await createBooking(
      db(),
      { campsiteId: site.id, checkIn: d(25), checkOut: d(27), ...guest },
      now,
    );
    const held = await answerAfterWrite((a) => taken(a, d(25)));
    const holdEnds = now.getTime() + HOLD_MINUTES * 60_000;
    expect(await answer(new Date(holdEnds - 1_000))).toBe(held);
    // No write in between: the hold's end alone frees the nights.
    const after = await answer(new Date(holdEnds + 1));
    expect(taken(after, d(25))).toBe(false);
  });
});

describe.runIf(testingPostgres())("across processes (PostgreSQL)", () => {
  const connectionString = () =>
    (database().db as unknown as { $client: pg.Pool }).$client.options.connectionString ?? "";

  it("hears a write made through another pool", async () => {
    const other = await openDatabase({ url: connectionString() }, { migrate: false });
    try {
      await answer();
      await other.db.insert(blockedDates).values({ blockedDate: d(33), campsiteId: site.id });
      await answerAfterWrite((a) => taken(a, d(33)));
    } finally {
      await other.close();
    }
  });

  it("keeps nothing while its LISTEN connection is down, and listens again", async () => {
    await answer();
    expect(cache().size).toBeGreaterThan(0);
    const admin = new pg.Client({ connectionString: connectionString() });
    await admin.connect();
    try {
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'",
      );
    } finally {
      await admin.end();
    }
    await vi.waitFor(() => expect(cache().hearing).toBe(false), { timeout: 5_000 });
    expect(cache().size).toBe(0);
    // Deaf: every answer is read afresh, so a write is seen at once.
    const first = await answer();
    expect(await answer()).not.toBe(first);
    await vi.waitFor(() => expect(cache().hearing).toBe(true), { timeout: 5_000 });
    const kept = await answer();
    expect(await answer()).toBe(kept);
  });
});

describe("a change of one campsite's availability", () => {
  it("forgets that campsite's answers only", async () => {
    const other = await createCampsite(db(), { quantity: 1 });
    // Heard in the order written: once this booking is, the new campsite's own changes are too.
    await insertBooking(db(), site, { checkInDate: d(50), checkOutDate: d(51) });
    await answerAfterWrite((a) => taken(a, d(50)));
    const range = { from: d(0), to: d(60) };
    const otherKey = () => availabilityKey(other.id, range, new Date());
    await cachedCampsiteAvailability(cache(), db(), other.id, range);
    expect(cache().peek(otherKey(), Date.now())).toBeDefined();

    await insertBooking(db(), site, { checkInDate: d(57), checkOutDate: d(59) });
    await answerAfterWrite((a) => taken(a, d(57)));
    expect(cache().peek(otherKey(), Date.now())).toBeDefined();

    await insertBooking(db(), other, { checkInDate: d(57), checkOutDate: d(59) });
    await vi.waitFor(() => expect(cache().peek(otherKey(), Date.now())).toBeUndefined(), {
      timeout: 5_000,
      interval: 20,
    });
  });
});

describe("a range nobody asked before", () => {
  /** A database that must not be read: the answer comes from memory. */
  const unreadable = new Proxy({} as Executor, {
    get() {
      throw new Error("the database was read");
    },
  });

  it("is cut from the campsite's kept window: the same nights as the database's, without reading it", async () => {
    const busy = await createCampsite(db(), { quantity: 1 });
    await insertBooking(db(), busy, { checkInDate: d(40), checkOutDate: d(43) });
    await db()
      .insert(blockedDates)
      .values({ campsiteId: busy.id, blockedDate: d(44) });
    const window = () => cachedCampsiteAvailability(cache(), db(), busy.id, {});
    const ranges = [
      { from: d(38), to: d(46) },
      { from: d(41), to: d(41) },
      { from: d(43), to: d(43) },
      { from: d(100) },
      { to: d(42) },
    ];
    // Until both writes are heard, one may still clear the window kept before it.
    await vi.waitFor(
      async () => {
        expect(taken(await window(), d(44))).toBe(true);
        for (const range of ranges)
          await cachedCampsiteAvailability(cache(), unreadable, busy.id, range);
      },
      { timeout: 5_000, interval: 20 },
    );
    for (const range of ranges) {
      const cut = await cachedCampsiteAvailability(cache(), unreadable, busy.id, range);
      expect(cut).toEqual(await campsiteAvailability(db(), busy.id, range));
    }
    expect(taken(await window(), d(41))).toBe(true);
  });

  it("is answered when the bookable window is longer than a range may be, and refused past that length", async () => {
    await saveSettings(db(), { maxAdvanceBooking: 730 });
    try {
      const whole = await vi.waitFor(
        async () => {
          const answer = await cachedCampsiteAvailability(cache(), db(), site.id, {});
          expect(answer.lastCheckOutDate).toBe(d(730));
          return answer;
        },
        { timeout: 5_000, interval: 20 },
      );
      expect(whole.to).toBe(d(730));
      const late = { from: d(600), to: d(650) };
      expect(await cachedCampsiteAvailability(cache(), db(), site.id, late)).toEqual(
        await campsiteAvailability(db(), site.id, late),
      );
      await expect(
        cachedCampsiteAvailability(cache(), db(), site.id, { from: d(0), to: d(401) }),
      ).rejects.toThrow("Ask for at most 400 days");
    } finally {
      await saveSettings(db(), { maxAdvanceBooking: 365 });
    }
  });

  it("is read from the database when it reaches outside the window", async () => {
    const range = { from: d(-5), to: d(5) };
    await expect(cachedCampsiteAvailability(cache(), unreadable, site.id, range)).rejects.toThrow(
      "the database was read",
    );
    const answered = await cachedCampsiteAvailability(cache(), db(), site.id, range);
    expect(answered).toEqual(await campsiteAvailability(db(), site.id, range));
  });
});

describe("the kept booking pages", () => {
  const listPage = { headers: {}, body: { identity: Buffer.from("the list") } };
  const render = vi.fn(async () => ({ value: listPage, expiresAt: Date.now() + 60_000 }));
  const read = () => pageCacheOf(database()).get("/bookings", Date.now(), render);

  it("stay kept while bookings come and go, and render again when a campsite changes", async () => {
    await vi.waitFor(() => expect(pageCacheOf(database()).hearing).toBe(true), { timeout: 5_000 });
    await read();
    expect(render).toHaveBeenCalledTimes(1);
    await insertBooking(db(), site, { checkInDate: d(20), checkOutDate: d(22) });
    // Heard once the availability answer has it: the page was not rendered again.
    await answerAfterWrite((a) => taken(a, d(20)));
    await read();
    expect(render).toHaveBeenCalledTimes(1);

    await db().update(campsites).set({ name: "Creek Flat" }).where(eq(campsites.id, site.id));
    await vi.waitFor(
      async () => {
        await read();
        expect(render).toHaveBeenCalledTimes(2);
      },
      { timeout: 5_000, interval: 20 },
    );
  });
});
