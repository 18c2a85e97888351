// The benchmark's data: the farm's demo data enlarged to 50 campsites and
// 20,000 bookings over the past and coming year, written straight to the
// database (no two occupying bookings of a unit overlap, as the constraint demands).
import { sql } from "drizzle-orm";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { bookingReference } from "#domain/rules/reference.ts";
import { type DatabaseOptions, openDatabase } from "#server/db/client.ts";
import { bookings, campsites, campsiteUnits, discountCodes } from "#server/db/schema.ts";
import { seedDemoData } from "#server/db/seed.ts";
import { present } from "#server/testing/present.ts";

// 45 campsites with the stays, and 5 empty ones for the race: 50 in all.
const CAMPSITES = 45;
const BOOKINGS = 20_000;
export const BENCH_CODE = "BENCH10";
const statuses = ["paid", "paid", "paid", "confirmed", "cancelled", "expired"] as const;

export async function seedBenchData(options: DatabaseOptions) {
  const handle = await openDatabase(options);
  const db = handle.db;
  await seedDemoData(db);
  const today = farmToday();
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
  // Only the added campsites' units: the demo's own stays stay as they are.
  const demoIds = new Set(existing.map((c) => c.id));
  const units = (
    await db
      .select({ id: campsiteUnits.id, campsiteId: campsiteUnits.campsiteId })
      .from(campsiteUnits)
  ).filter((u) => !demoIds.has(u.campsiteId));
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
  const wanted = BOOKINGS - Number(already);
  // Spread the stays evenly over the units, back to back with gaps, from six months ago.
  const perUnit = Math.ceil(wanted / units.length);
  const rows: (typeof bookings.$inferInsert)[] = [];
  let n = 0;
  for (const unit of units) {
    let day = addDays(today, -180 + (n % 7));
    for (let k = 0; k < perUnit && rows.length < wanted; k++, n++) {
      day = addDays(day, n % 4); // a gap of 0-3 nights
      const nights = 1 + (n % 4);
      const checkOut = addDays(day, nights);
      const total = nights * 5000;
      rows.push({
        bookingReference: reference(),
        guestFirstName: "Bench",
        guestLastName: `Guest ${n}`,
        guestEmail: `guest${n}@example.com`,
        numberOfGuests: 2,
        campsiteId: unit.campsiteId,
        campsiteUnitId: unit.id,
        checkInDate: day,
        checkOutDate: checkOut,
        status: present(statuses[n % statuses.length], "a booking status"),
        totalAmountCents: total,
        finalAmountCents: total,
      });
      day = checkOut;
    }
  }
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
  await db.execute(sql`analyze`);
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
    /** Pairs of bookings holding one unit on a shared night; the constraint should make it 0. */
    async countDoubleBookings(): Promise<number> {
      const h = await reopen();
      const result = await h.db.execute(sql`
        select count(*)::int as n from bookings a join bookings b
          on a.campsite_unit_id = b.campsite_unit_id and a.id < b.id
         and daterange(a.check_in_date, a.check_out_date) && daterange(b.check_in_date, b.check_out_date)
        where a.status in ('pending', 'paid', 'confirmed') and b.status in ('pending', 'paid', 'confirmed')`);
      const rowsOf = (
        Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows
      ) as { n: number }[];
      if (isPglite) await h.close();
      return Number(rowsOf[0]?.n ?? -1);
    },
    close: async () => {
      if (!isPglite) await handle.close();
    },
  };
}
