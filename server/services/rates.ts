// A campsite's rates from the database (domain/rules/rates.ts), and the
// calendar they are read against: the farm's minimum stay and Queensland's
// long weekends, from the public holidays `date-holidays` maintains.
import Holidays from "date-holidays";
import { asc, eq } from "drizzle-orm";
import { longWeekendNights } from "#domain/rules/long-weekends.ts";
import type { RateCalendar, Rates } from "#domain/rules/rates.ts";
import type { Executor } from "#server/db/client.ts";
import { campsiteExtras, campsiteSeasons, type campsites } from "#server/db/schema.ts";

type CampsiteRow = typeof campsites.$inferSelect;

export async function loadRates(db: Executor, campsite: CampsiteRow): Promise<Rates> {
  // One after the other: inside a transaction the queries share one connection.
  const seasons = await db
    .select()
    .from(campsiteSeasons)
    .where(eq(campsiteSeasons.campsiteId, campsite.id))
    .orderBy(asc(campsiteSeasons.startDate));
  const extras = await db
    .select()
    .from(campsiteExtras)
    .where(eq(campsiteExtras.campsiteId, campsite.id))
    .orderBy(asc(campsiteExtras.createdAt), asc(campsiteExtras.name));
  return {
    nightPriceCents: campsite.pricePerNightCents,
    weekendPriceCents: campsite.weekendPriceCents,
    baseOccupancy: campsite.baseOccupancy,
    extraGuestFeeCents: campsite.extraGuestFeeCents,
    petFeeCents: campsite.petFeeCents,
    maxDogs: campsite.maxDogs,
    longWeekendMinimumNights: campsite.longWeekendMinimumNights,
    seasons: seasons.map(
      ({ name, startDate, endDate, nightPriceCents, weekendPriceCents, minimumNights }) => ({
        name,
        startDate,
        endDate,
        nightPriceCents,
        weekendPriceCents,
        minimumNights,
      }),
    ),
    extras: extras.map(({ id, name, priceCents, per, maxQuantity, isActive }) => ({
      id,
      name,
      priceCents,
      per,
      maxQuantity,
      isActive,
    })),
  };
}

const queensland = new Holidays("AU", "QLD", { types: ["public"] });
const holidaysOfYear = new Map<number, string[]>();

/** Queensland's public holidays of a year (yyyy-MM-dd), worked out once per process. */
function queenslandHolidays(year: number): string[] {
  let days = holidaysOfYear.get(year);
  if (!days) {
    days = queensland.getHolidays(year).map((h) => h.date.slice(0, 10));
    holidaysOfYear.set(year, days);
  }
  return days;
}

/** The long-weekend nights between two dates, with the year either side for breaks across New Year. */
export function rateCalendar(minimumNightStay: number, from: string, to: string): RateCalendar {
  const first = Number(from.slice(0, 4)) - 1;
  const last = Number(to.slice(0, 4)) + 1;
  const holidays: string[] = [];
  for (let year = first; year <= last; year++) holidays.push(...queenslandHolidays(year));
  return { longWeekendNights: longWeekendNights(holidays), minimumNightStay };
}
