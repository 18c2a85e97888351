// The admin dashboard (spec 2.15, 9; amendment 2.11, 2.12): this month's
// bookings, earnings and occupancy, and the stays starting in the next 7 days,
// all in the farm's calendar.
//
// - Total Bookings: bookings created this month that are live (paid, confirmed,
//   or pending with a live hold); cancelled, expired and refunded ones are not.
// - Total Earnings: the total amount of the paid and confirmed bookings created
//   this month (amendment 2.11; the spec's "sum of total_amount").
// - Occupancy Rate: the nights this month held by paid and confirmed bookings,
//   over (days in month x active units of active campsites).
// - Upcoming: live bookings checking in from today to today + 7 (inclusive).
import { and, asc, count, eq, gt, gte, lt, lte, or, sql } from "drizzle-orm";
import {
  addDays,
  farmMonth,
  farmToday,
  nightsBetween,
  startOfFarmDay,
} from "#domain/rules/dates.ts";
import { monthRange, occupancyRate, upcomingWindow } from "#domain/rules/occupancy.ts";
import { wholeMonth } from "#domain/rules/report-range.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings, campsites, campsiteUnits } from "#server/db/schema.ts";
import { moneyFigures } from "./money-figures";
import { nightsOverlap, pendingStay, soldStay } from "./stay-nights";

/** Paid, confirmed, or pending with a hold that has not run out. */
export const liveBooking = (now: Date) =>
  or(soldStay, and(pendingStay, gt(bookings.holdExpiresAt, now)));

export type UpcomingBooking = {
  id: string;
  bookingReference: string;
  guestName: string;
  campsiteName: string | null;
  checkIn: string;
  checkOut: string;
  nights: number;
  status: string;
};

export type Dashboard = {
  month: string;
  today: string;
  totalBookings: number;
  totalEarningsCents: number;
  upcomingCount: number;
  occupancyRate: number;
  bookedUnitNights: number;
  activeUnits: number;
  upcoming: UpcomingBooking[];
};

export async function loadDashboard(db: Executor, now: Date = new Date()): Promise<Dashboard> {
  const month = farmMonth(now);
  const today = farmToday(now);
  const range = monthRange(month);
  const createdThisMonth = and(
    gte(bookings.createdAt, startOfFarmDay(range.start)),
    lt(bookings.createdAt, startOfFarmDay(range.end)),
  );

  const [made] = await db
    .select({ n: count() })
    .from(bookings)
    .where(and(createdThisMonth, liveBooking(now)));

  // The month's takings, as Payments and Reports define and show them.
  const earned = await moneyFigures(db, wholeMonth(month));

  // Nights inside the month: from the later of check-in and the 1st, to the earlier of check-out and the next 1st.
  const [nights] = await db
    .select({
      n: sql<number>`coalesce(sum(least(${bookings.checkOutDate}, ${range.end}::date) - greatest(${bookings.checkInDate}, ${range.start}::date)), 0)`.mapWith(
        Number,
      ),
    })
    .from(bookings)
    .where(and(soldStay, nightsOverlap(range.start, range.end)));

  const [units] = await db
    .select({ n: count() })
    .from(campsiteUnits)
    .innerJoin(campsites, eq(campsites.id, campsiteUnits.campsiteId))
    .where(and(eq(campsiteUnits.isActive, true), eq(campsites.isActive, true)));

  const upcoming = await loadUpcoming(db, today, now);
  const bookedUnitNights = nights?.n ?? 0;
  const activeUnits = units?.n ?? 0;
  return {
    month,
    today,
    totalBookings: made?.n ?? 0,
    totalEarningsCents: earned.takingsCents,
    upcomingCount: upcoming.length,
    occupancyRate: occupancyRate(bookedUnitNights, range.days, activeUnits),
    bookedUnitNights,
    activeUnits,
    upcoming,
  };
}

async function loadUpcoming(db: Executor, today: string, now: Date): Promise<UpcomingBooking[]> {
  const window = upcomingWindow(today);
  const rows = await db
    .select({
      id: bookings.id,
      bookingReference: bookings.bookingReference,
      firstName: bookings.guestFirstName,
      lastName: bookings.guestLastName,
      campsiteName: campsites.name,
      checkIn: bookings.checkInDate,
      checkOut: bookings.checkOutDate,
      status: bookings.status,
    })
    .from(bookings)
    .leftJoin(campsites, eq(campsites.id, bookings.campsiteId))
    .where(
      and(
        liveBooking(now),
        // The window's stays by the nights index, then those arriving in it.
        nightsOverlap(window.from, addDays(window.to, 1)),
        gte(bookings.checkInDate, window.from),
        lte(bookings.checkInDate, window.to),
      ),
    )
    .orderBy(asc(bookings.checkInDate), asc(bookings.createdAt));
  return rows.map((r) => ({
    id: r.id,
    bookingReference: r.bookingReference,
    guestName: `${r.firstName} ${r.lastName}`.trim(),
    campsiteName: r.campsiteName,
    checkIn: r.checkIn,
    checkOut: r.checkOut,
    nights: nightsBetween(r.checkIn, r.checkOut),
    status: r.status,
  }));
}
