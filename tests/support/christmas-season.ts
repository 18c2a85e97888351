// Test-only: puts the demo's Christmas school holidays (server/db/seed.ts: the
// demo's Christmas prices, 3 nights at least) back on every demo campsite of
// DATA_DIR's database, which flat-rates.ts took away for the other tests; and,
// given an id, an inactive extra on the Unpowered Bush Camp, which no booking
// may buy. Usage: christmas-season.ts [inactive-extra-id]
import { farmToday } from "#domain/rules/dates.ts";
import { closeDatabase, getDatabase } from "#server/db/index.ts";
import { campsiteExtras, campsiteSeasons, campsites } from "#server/db/schema.ts";
import { christmasHolidays, demoCampsites } from "#server/db/seed.ts";

const [inactiveExtraId] = process.argv.slice(2);
const database = await getDatabase();
const { db } = database;
const holidays = christmasHolidays(farmToday());

for (const site of await db.select().from(campsites)) {
  const demo = demoCampsites.find((d) => d.name === site.name);
  if (!demo) continue;
  await db.insert(campsiteSeasons).values(
    holidays.map((dates) => ({
      ...dates,
      campsiteId: site.id,
      name: "Christmas school holidays",
      nightPriceCents: demo.christmasPriceCents,
      weekendPriceCents: null,
      minimumNights: 3,
    })),
  );
  if (inactiveExtraId && demo.name === "Unpowered Bush Camp")
    await db.insert(campsiteExtras).values({
      id: inactiveExtraId,
      campsiteId: site.id,
      name: "Firewood bundle",
      priceCents: 1500,
      per: "stay",
      maxQuantity: 1,
      isActive: false,
    });
}
await closeDatabase();
