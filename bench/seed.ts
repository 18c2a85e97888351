// The benchmark's data: the farm's demo data enlarged to 50 campsites and a
// given number of bookings (20,000 unless told), written straight to the
// database (no two occupying bookings of a unit overlap, as the constraint
// demands). Every unit's calendar is as full over the coming year whatever the
// count: more bookings are more history, as a farm gathers over the years.
import { sql } from "drizzle-orm";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { bookingReference } from "#domain/rules/reference.ts";
import { type Database, type DatabaseOptions, openDatabase } from "#server/db/client.ts";
import { bookings, campsites, campsiteUnits, discountCodes } from "#server/db/schema.ts";
import { seedDemoData } from "#server/db/seed.ts";
import { present } from "#server/testing/present.ts";

// 45 campsites with the stays, and 5 empty ones for the race: 50 in all.
const CAMPSITES = 45;
const BOOKINGS = 20_000;
/** The coming year's stays end by this many days from today (the farm books a year ahead). */
const HORIZON = 360;
export const BENCH_CODE = "BENCH10";
const statuses = ["paid", "paid", "paid", "confirmed", "cancelled", "expired"] as const;

/**
 * The demo's campsites enlarged to CAMPSITES with 1 to 6 units each; returns
 * the added campsites' units (the demo's own stays stay as they are).
 */
export async function addBenchCampsites(db: Database) {
  const existing = await db.select({ id: campsites.id }).from(campsites);
  for (let i = existing.length; i < CAMPSITES; i++) {
    const quantity = 1 + (i % 6);
    const [site] = await db
      .insert(campsites)
      .values({
        name: `Bench Campsite ${i + 1}`,
        pricePerNightCents: 4000 + (i % 5) * 500,
        capacity: 4 + (i % 5),
        quantity,
        amenities: ["parking"],
      })
      .returning();
    const { id: campsiteId } = present(site, "the inserted campsite");
    await db.insert(campsiteUnits).values(
      Array.from({ length: quantity }, (_, u) => ({
        campsiteId,
        name: `Site ${u + 1}`,
      })),
    );
  }
  const demoIds = new Set(existing.map((c) => c.id));
  return (
    await db
      .select({ id: campsiteUnits.id, campsiteId: campsiteUnits.campsiteId })
      .from(campsiteUnits)
  ).filter((u) => !demoIds.has(u.campsiteId));
}

export async function seedBenchData(
  options: DatabaseOptions,
  { bookings: wantedBookings = BOOKINGS }: { bookings?: number } = {},
) {
  const handle = await openDatabase(options);
  const db = handle.db;
  await seedDemoData(db);
  const today = farmToday();
  const units = await addBenchCampsites(db);
  const taken = new Set(
    (await db.select({ ref: bookings.bookingReference }).from(bookings)).map((r) => r.ref),
  );
  let counter = 0;
  const reference = () => {
    let ref: string;
    do ref = bookingReference(1_700_000_000_000, counter++);
    while (taken.has(ref));
    taken.add(ref);
    return ref;
  };
  const [{ n: already } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings);
  const wanted = wantedBookings - Number(already);
  // Spread the stays evenly over the units, back to back with gaps, backwards
  // from a year ahead: a larger count reaches further into the past.
  const perUnit = Math.ceil(wanted / units.length);
  const rows: (typeof bookings.$inferInsert)[] = [];
  let n = 0;
  for (const unit of units) {
    let day = addDays(today, HORIZON - (n % 7));
    for (let k = 0; k < perUnit && rows.length < wanted; k++, n++) {
      const checkOut = addDays(day, -(n % 4)); // a gap of 0-3 nights
      const nights = 1 + (n % 4);
      const checkIn = addDays(checkOut, -nights);
      const total = nights * 5000;
      rows.push({
        bookingReference: reference(),
        guestFirstName: "Bench",
        guestLastName: `Guest ${n}`,
        guestEmail: `guest${n}@example.com`,
        numberOfGuests: 2,
        campsiteId: unit.campsiteId,
        campsiteUnitId: unit.id,
        checkInDate: checkIn,
        checkOutDate: checkOut,
        status: present(statuses[n % statuses.length], "a booking status"),
        totalAmountCents: total,
        finalAmountCents: total,
      });
      day = checkIn;
    }
  }
  // The campsites with a live stay in the coming 12 months: the ones availability is asked for.
  const yearEnd = addDays(today, 365);
  const bookedCampsiteIds = [
    ...new Set(
      rows
        .filter(
          (r) =>
            !["cancelled", "expired"].includes(r.status ?? "") &&
            r.checkOutDate > today &&
            r.checkInDate < yearEnd,
        )
        .map((r) => r.campsiteId),
    ),
  ];
  for (let i = 0; i < rows.length; i += 1000)
    await db.insert(bookings).values(rows.slice(i, i + 1000));
  // Five campsites of one unit with an empty calendar, for the booking race.
  for (let i = 1; i <= 5; i++) {
    const [site] = await db
      .insert(campsites)
      .values({ name: `Race Campsite ${i}`, pricePerNightCents: 5000, capacity: 4, quantity: 1 })
      .returning();
    const { id: campsiteId } = present(site, "the inserted race campsite");
    await db.insert(campsiteUnits).values({ campsiteId, name: "Site 1" });
  }
  // A code with a limit far out of reach: each hold that applies it reserves a use.
  await db.insert(discountCodes).values({
    code: BENCH_CODE,
    description: "Benchmark",
    discountType: "percentage",
    discountValue: 10,
    usageLimit: 1_000_000,
    validFrom: addDays(today, -1),
  });
  // A database at rest, as a farm's is: the bulk load's clean-up (autovacuum of
  // the new rows, a checkpoint of their pages) done now, not during a measurement.
  await db.execute(sql`vacuum analyze`);
  if ("url" in options) await db.execute(sql`checkpoint`);
  const [{ c: campsiteCount } = { c: 0 }] = await db
    .select({ c: sql<number>`count(*)::int` })
    .from(campsites);
  const [{ c: bookingCount } = { c: 0 }] = await db
    .select({ c: sql<number>`count(*)::int` })
    .from(bookings);

  const isPglite = !("url" in options);
  // PGlite allows one process: hand the data folder to the server, reopen afterwards.
  if (isPglite) await handle.close();
  const reopen = async () => (isPglite ? openDatabase(options) : handle);
  return {
    campsites: Number(campsiteCount),
    units: units.length,
    bookings: Number(bookingCount),
    bookedCampsiteIds,
    /**
     * Nights of a unit held by more than one live booking, counted night by
     * night from the stored check-in and check-out dates, apart from the
     * exclusion constraint (whose range operator and status list it does not
     * reuse): a booking is live unless it ended (cancelled, expired, refunded).
     */
    async countDoubleBookings(): Promise<{ nights: number; bookings: number }> {
      const h = await reopen();
      try {
        const result = await h.db.execute(sql`
          with nights as (
            select b.id, b.campsite_unit_id as unit, b.check_in_date + k as night
              from bookings b
              cross join lateral generate_series(0, b.check_out_date - b.check_in_date - 1) as k
             where b.status not in ('cancelled', 'expired', 'refunded')
          ), doubled as (
            select unit, night, array_agg(id) as ids from nights group by unit, night having count(*) > 1
          )
          select (select count(*) from doubled)::int as nights,
                 (select count(distinct id) from doubled, unnest(ids) as id)::int as bookings`);
        const rowsOf = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
          nights: number;
          bookings: number;
        }[];
        const row = rowsOf[0];
        if (!row) throw new Error("the double-booking query returned no row");
        return { nights: Number(row.nights), bookings: Number(row.bookings) };
      } finally {
        if (isPglite) await h.close();
      }
    },
    close: async () => {
      if (!isPglite) await handle.close();
    },
  };
}
