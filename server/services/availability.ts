// Availability of a campsite from the database: its active units, the blocks
// and the bookings that occupy a unit (paid, confirmed, or pending with a
// live hold). The same reading serves the public calendar and the booking's
// unit allocation, so both keep the changeover nights of 'Auto-block after
// booking' (decision 0020).
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Availability, CampsiteSummary } from "#domain/api/booking.ts";
import { lastCheckOutDate } from "#domain/forms/booking-request.ts";
import { type AvailabilityInput, unavailableNights } from "#domain/rules/availability.ts";
import { farmToday, isIsoDay, nightsBetween } from "#domain/rules/dates.ts";
import type { Executor } from "#server/db/client.ts";
import { theRow } from "#server/db/rows.ts";
import { blockedDates, bookings, campsites, campsiteUnits } from "#server/db/schema.ts";
import { invalid, notFound } from "#server/errors.ts";
import { loadRates, rateCalendar } from "./rates";
import { getSettings } from "./settings";

export const CAMPSITE_NOT_FOUND = "Campsite not found. Please try again.";
/** The longest range one availability answer covers. */
export const MAX_AVAILABILITY_DAYS = 400;

/** The active campsite, or a 404 with the spec's text. */
export async function requireActiveCampsite(db: Executor, campsiteId: string) {
  const [campsite] = await db
    .select()
    .from(campsites)
    .where(and(eq(campsites.id, campsiteId), eq(campsites.isActive, true)));
  if (!campsite) throw notFound(CAMPSITE_NOT_FOUND);
  return campsite;
}

type AvailabilityRow = {
  units: [string, boolean][];
  blocks: [string, string | null, string | null][];
  occupancies: [string, string, string][];
};

/**
 * Units, blocks and occupying bookings of a campsite over the nights
 * from..to (inclusive), read in one statement: the calendar asks for a year
 * at a time, and one round trip keeps it quick on PGlite as on PostgreSQL.
 */
export async function loadAvailabilityInput(
  db: Executor,
  campsiteId: string,
  from: string,
  to: string,
  now: Date = new Date(),
  /** A booking being moved: its own nights are not in its way. */
  exceptBookingId?: string,
): Promise<AvailabilityInput> {
  const changeoverNights = (await getSettings(db)).autoBlockAfterBooking;
  // A stay this many nights either side of the range still reaches into it.
  const reach = sql`${changeoverNights}::int`;
  const result = await db.execute(sql`
    select
      coalesce((
        select json_agg(json_build_array(u.id, u.is_active) order by u.created_at, u.name)
        from ${campsiteUnits} u where u.campsite_id = ${campsiteId}
      ), '[]') as units,
      coalesce((
        select json_agg(json_build_array(b.blocked_date, b.campsite_id, b.campsite_unit_id))
        from ${blockedDates} b
        where b.blocked_date between ${from}::date and ${to}::date
          and (b.campsite_id = ${campsiteId} or b.campsite_id is null)
      ), '[]') as blocks,
      coalesce((
        select json_agg(json_build_array(k.campsite_unit_id, k.check_in_date, k.check_out_date))
        from ${bookings} k
        where k.campsite_id = ${campsiteId}
          and k.check_in_date - ${reach} <= ${to}::date
          and k.check_out_date + ${reach} > ${from}::date
          and ${exceptBookingId ? sql`k.id <> ${exceptBookingId}` : sql`true`}
          and (k.status in ('paid', 'confirmed')
               or (k.status = 'pending' and k.hold_expires_at > ${now.toISOString()}::timestamptz))
      ), '[]') as occupancies`);
  const row = theRow(rowsOf<AvailabilityRow>(result), "the availability row");
  const units = parseJson(row.units);
  return {
    campsiteId,
    from,
    to,
    activeUnitIds: units.filter(([, active]) => active).map(([id]) => id),
    hasAnyUnits: units.length > 0,
    changeoverNights,
    blocks: parseJson(row.blocks).map(([blockedDate, blockCampsiteId, campsiteUnitId]) => ({
      blockedDate,
      campsiteId: blockCampsiteId,
      campsiteUnitId,
    })),
    occupancies: parseJson(row.occupancies).map(([campsiteUnitId, checkInDate, checkOutDate]) => ({
      campsiteUnitId,
      checkInDate,
      checkOutDate,
    })),
  };
}

/** node-postgres answers { rows }; PGlite the same shape. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** json columns arrive parsed from both drivers; a string is parsed here just in case. */
function parseJson<T>(value: T | string): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

/** GET /api/campsites/:id/availability: the nights that cannot be booked, and the stay limits. */
export async function campsiteAvailability(
  db: Executor,
  campsiteId: string,
  range: { from?: string; to?: string },
  now: Date = new Date(),
): Promise<Availability> {
  const [campsite, settings] = await Promise.all([
    requireActiveCampsite(db, campsiteId),
    getSettings(db),
  ]);
  const today = farmToday(now);
  const limits = { today, maxAdvanceBookingDays: settings.maxAdvanceBooking };
  const from = range.from ?? today;
  const to = range.to ?? lastCheckOutDate(limits);
  for (const [field, value] of [
    ["from", from],
    ["to", to],
  ] as const) {
    if (!isIsoDay(value))
      throw invalid(`${field} must be a date written yyyy-MM-dd.`, {
        fieldErrors: { [field]: "Use the format yyyy-MM-dd." },
      });
  }
  const days = nightsBetween(from, to);
  if (days < 0 || days > MAX_AVAILABILITY_DAYS)
    throw invalid(`Ask for at most ${MAX_AVAILABILITY_DAYS} days, with 'to' on or after 'from'.`, {
      fieldErrors: { to: "The range is too long or reversed." },
    });
  const [input, rates] = await Promise.all([
    loadAvailabilityInput(db, campsiteId, from, to, now),
    loadRates(db, campsite),
  ]);
  const calendar = rateCalendar(settings.minimumNightStay, from, to);
  return {
    campsiteId,
    from,
    to,
    unavailableDates: unavailableNights(input),
    today,
    minimumNightStay: settings.minimumNightStay,
    maxAdvanceBookingDays: settings.maxAdvanceBooking,
    lastCheckOutDate: lastCheckOutDate(limits),
    capacity: campsite.capacity,
    rates: { ...rates, extras: rates.extras.filter((e) => e.isActive) },
    longWeekendNights: [...calendar.longWeekendNights].filter((d) => d >= from && d <= to).sort(),
  };
}

/** The campsites on sale, newest first, with their active units: GET /api/campsites and /bookings. */
export function listActiveCampsites(db: Executor): Promise<CampsiteSummary[]> {
  return db
    .select({
      id: campsites.id,
      name: campsites.name,
      location: campsites.location,
      description: campsites.description,
      pricePerNightCents: campsites.pricePerNightCents,
      capacity: campsites.capacity,
      amenities: campsites.amenities,
      images: campsites.images,
      unitCount: count(campsiteUnits.id),
    })
    .from(campsites)
    .leftJoin(
      campsiteUnits,
      and(eq(campsiteUnits.campsiteId, campsites.id), eq(campsiteUnits.isActive, true)),
    )
    .where(eq(campsites.isActive, true))
    .groupBy(campsites.id)
    .orderBy(desc(campsites.createdAt), asc(campsites.name));
}
