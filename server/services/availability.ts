// Availability of a campsite from the database: its active units, the blocks
// and the bookings that occupy a unit (paid, confirmed, or pending with a
// live hold). The same reading serves the public calendar and the booking's
// unit allocation, so both keep the changeover nights of 'Auto-block after
// booking' (decision 0020).
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Availability, CampsiteSummary } from "#domain/api/booking.ts";
import { lastCheckOutDate } from "#domain/forms/booking-request.ts";
import { type AvailabilityInput, unavailableNights } from "#domain/rules/availability.ts";
import { policyOfSettings } from "#domain/rules/cancellation-policy.ts";
import {
  addDays,
  farmToday,
  isIsoDay,
  nightsBetween,
  startOfFarmDay,
} from "#domain/rules/dates.ts";
import type { Executor } from "#server/db/client.ts";
import { rowsOf, theRow } from "#server/db/rows.ts";
import { blockedDates, bookings, campsites, campsiteUnits } from "#server/db/schema.ts";
import { invalid, notFound } from "#server/errors.ts";
import { termsVersion } from "./accepted-policy";
import type { ChangeCache, Computed } from "./availability-cache";
import { keptRateCalendar } from "./rate-calendars";
import { loadRates } from "./rates";
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
  /** Unit, check-in, check-out, and for a pending booking when its hold ends (epoch ms). */
  occupancies: [string, string, string, number | null][];
};

export type AvailabilityReading = AvailabilityInput & {
  /** When the first hold counted here ends (epoch ms): from then on the reading is out of date. */
  firstHoldEnd?: number;
};

type ReadingOptions = {
  /** The saved 'Auto-block after booking', when the caller has read the settings already. */
  changeoverNights?: number;
  /**
   * Also marks expired, in the same statement, the pending bookings whose hold
   * ran out and that overlap from..to: they hold nothing, yet stand in the
   * exclusion constraint's way. The reading leaves them out either way.
   */
  expireStaleHolds?: boolean;
};

const expireStaleHoldsFirst = (campsiteId: string, from: string, to: string, now: Date) => sql`
  with expired as (
    update ${bookings} set status = 'expired', updated_at = now()
    where campsite_id = ${campsiteId} and status = 'pending'
      and hold_expires_at <= ${now.toISOString()}::timestamptz
      and check_in_date < ${to}::date and check_out_date > ${from}::date
    returning id)`;

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
  options: ReadingOptions = {},
): Promise<AvailabilityReading> {
  const changeoverNights =
    options.changeoverNights ?? (await getSettings(db)).autoBlockAfterBooking;
  // A stay this many nights either side of the range still reaches into it.
  const reach = sql`${changeoverNights}::int`;
  const result = await db.execute(sql`
    ${options.expireStaleHolds ? expireStaleHoldsFirst(campsiteId, from, to, now) : sql``}
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
        select json_agg(json_build_array(k.campsite_unit_id, k.check_in_date, k.check_out_date,
          case when k.status = 'pending' then floor(extract(epoch from k.hold_expires_at) * 1000) end))
        from ${bookings} k
        where k.campsite_id = ${campsiteId}
          and k.check_out_date > ${from}::date - ${reach}
          and k.check_in_date <= ${to}::date + ${reach}
          and ${exceptBookingId ? sql`k.id <> ${exceptBookingId}` : sql`true`}
          and (k.status in ('paid', 'confirmed')
               or (k.status = 'pending' and k.hold_expires_at > ${now.toISOString()}::timestamptz))
      ), '[]') as occupancies`);
  const row = theRow(rowsOf<AvailabilityRow>(result), "the availability row");
  const units = parseJson(row.units);
  const occupancies = parseJson(row.occupancies);
  const holdEnds = occupancies.flatMap(([, , , end]) => (end === null ? [] : [Number(end)]));
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
    occupancies: occupancies.map(([campsiteUnitId, checkInDate, checkOutDate]) => ({
      campsiteUnitId,
      checkInDate,
      checkOutDate,
    })),
    ...(holdEnds.length > 0 && { firstHoldEnd: Math.min(...holdEnds) }),
  };
}

/** json columns arrive parsed from both drivers; a string is parsed here just in case. */
function parseJson<T>(value: T | string): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

export type AvailabilityRange = { from?: string; to?: string };

/** GET /api/campsites/:id/availability: the nights that cannot be booked, and the stay limits. */
export async function campsiteAvailability(
  db: Executor,
  campsiteId: string,
  range: AvailabilityRange,
  now: Date = new Date(),
): Promise<Availability> {
  return (await computeAvailability(db, campsiteId, range, now)).value;
}

/**
 * The same answer through `cache` (decision 0021): worked out once per change
 * of the data behind it, and again on the farm's next day or when a hold it
 * counts ends, whichever comes first. A range inside the bookable window (today
 * to the last check-out) is cut from the campsite's kept answer for the whole
 * window, so a question never asked before costs no reading (issue 32).
 */
export async function cachedCampsiteAvailability(
  cache: ChangeCache<Availability>,
  db: Executor,
  campsiteId: string,
  range: AvailabilityRange,
  now: Date = new Date(),
): Promise<Availability> {
  if (!cache.hearing) return campsiteAvailability(db, campsiteId, range, now);
  const windowAnswer = () =>
    cache.entry(availabilityKey(campsiteId, {}, now), now.getTime(), () =>
      computeAvailability(db, campsiteId, {}, now),
    );
  const window = await windowAnswer();
  if (range.from === undefined && range.to === undefined) return window.value;
  const from = range.from ?? window.value.today;
  const to = range.to ?? window.value.lastCheckOutDate;
  checkRange(from, to);
  const inWindow = from >= window.value.from && to <= window.value.to;
  return cache.get(availabilityKey(campsiteId, range, now), now.getTime(), async () => {
    if (!inWindow) return computeAvailability(db, campsiteId, range, now);
    // Read again: the window may have been worked out anew since.
    const { value, expiresAt } = await windowAnswer();
    return { value: answerWithin(value, from, to), expiresAt };
  });
}

/**
 * The answer for from..to out of one for a range around it: a night's
 * availability and long weekend do not depend on the range asked.
 */
function answerWithin(answer: Availability, from: string, to: string): Availability {
  const inRange = (day: string) => day >= from && day <= to;
  return {
    ...answer,
    from,
    to,
    unavailableDates: answer.unavailableDates.filter(inRange),
    longWeekendNights: answer.longWeekendNights.filter(inRange),
  };
}

/** The range as asked: a missing end is resolved from the day and the settings, both in the key. */
export const availabilityKey = (campsiteId: string, range: AvailabilityRange, now: Date) =>
  [campsiteId, range.from ?? "", range.to ?? "", farmToday(now)].join("|");

/** How every key of a campsite's answers begins. */
export const availabilityKeyPrefix = (campsiteId: string) => `${campsiteId}|`;

async function computeAvailability(
  db: Executor,
  campsiteId: string,
  range: AvailabilityRange,
  now: Date,
): Promise<Computed<Availability>> {
  const [campsite, settings] = await Promise.all([
    requireActiveCampsite(db, campsiteId),
    getSettings(db),
  ]);
  const today = farmToday(now);
  const limits = { today, maxAdvanceBookingDays: settings.maxAdvanceBooking };
  const from = range.from ?? today;
  const to = range.to ?? lastCheckOutDate(limits);
  // The bookable window itself may be longer than a range a client may ask (up to 3 years).
  checkRange(from, to, range.from === undefined && range.to === undefined);
  const [input, rates] = await Promise.all([
    loadAvailabilityInput(db, campsiteId, from, to, now, undefined, {
      changeoverNights: settings.autoBlockAfterBooking,
    }),
    loadRates(db, campsite),
  ]);
  const calendar = keptRateCalendar(settings.minimumNightStay, from, to);
  const value: Availability = {
    campsiteId,
    from,
    to,
    unavailableDates: unavailableNights(input),
    today,
    minimumNightStay: settings.minimumNightStay,
    maximumNightStay: settings.maximumNightStay,
    maxAdvanceBookingDays: settings.maxAdvanceBooking,
    lastCheckOutDate: lastCheckOutDate(limits),
    capacity: campsite.capacity,
    rates: { ...rates, extras: rates.extras.filter((e) => e.isActive) },
    longWeekendNights: [...calendar.longWeekendNights].filter((d) => d >= from && d <= to).sort(),
    questions: settings.bookingQuestions,
    cancellationPolicy: policyOfSettings(settings),
    termsVersion: termsVersion(),
  };
  const tomorrow = startOfFarmDay(addDays(today, 1)).getTime();
  return { value, expiresAt: Math.min(tomorrow, input.firstHoldEnd ?? tomorrow) };
}

/** Refuses a malformed or reversed range, and one over MAX_AVAILABILITY_DAYS unless `anyLength`. */
function checkRange(from: string, to: string, anyLength = false) {
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
  if (days < 0 || (days > MAX_AVAILABILITY_DAYS && !anyLength))
    throw invalid(`Ask for at most ${MAX_AVAILABILITY_DAYS} days, with 'to' on or after 'from'.`, {
      fieldErrors: { to: "The range is too long or reversed." },
    });
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
