// The owner's Today screen and run sheet: one day's paid and confirmed stays
// (arriving, leaving, or with that night) in one query with their campsite,
// unit and succeeded payments; and the check-in and check-out marks, each in
// one transaction with its audit entry, idempotent, with an undo.
import { and, eq, sql } from "drizzle-orm";
import type { TodayBooking, TodaySheet } from "#domain/api/admin-today.ts";
import { stayNotes } from "#domain/rules/booking-questions.ts";
import { addDays, farmToday, isIsoDay } from "#domain/rules/dates.ts";
import { balanceOf, extrasOf, groupDay } from "#domain/rules/today.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings, campsites, campsiteUnits, payments } from "#server/db/schema.ts";
import { invalid } from "#server/errors.ts";
import { nightsOverlap, soldStay } from "./stay-nights";

export type { TodayArrival, TodayBooking, TodaySheet } from "#domain/api/admin-today.ts";

export async function loadDay(
  db: Executor,
  day: string,
  now: Date = new Date(),
): Promise<TodaySheet> {
  if (!isIsoDay(day)) throw invalid("Choose a day as yyyy-MM-dd.", { field: "day" });
  const stays = (await readStays(db, day)).map(toTodayBooking);
  return { day, today: farmToday(now), ...groupDay(day, stays, now) };
}

/**
 * The stays touching the day: arriving, staying or leaving, i.e. holding the
 * night before it or the night of it. Asked as an overlap of their nights, so
 * the nights index answers for any day of the history; each stay's payments
 * are summed by its own index, never the whole table's.
 */
function readStays(db: Executor, day: string) {
  // What was refunded, or is owed back after a camper's change, is not paid.
  const paidCents = sql<number>`(select coalesce(sum(p.amount_cents - p.refunded_amount_cents), 0)::int
    from ${payments} p
    where p.booking_id = ${bookings.id} and p.status = 'succeeded' and p.refund_owed_at is null)`;
  return db
    .select({
      booking: bookings,
      campsiteName: campsites.name,
      unitName: campsiteUnits.name,
      paidCents,
    })
    .from(bookings)
    .innerJoin(campsites, eq(campsites.id, bookings.campsiteId))
    .innerJoin(campsiteUnits, eq(campsiteUnits.id, bookings.campsiteUnitId))
    .where(and(soldStay, nightsOverlap(addDays(day, -1), addDays(day, 1))));
}

type StayRow = Awaited<ReturnType<typeof readStays>>[number];

function toTodayBooking({ booking: b, campsiteName, unitName, paidCents }: StayRow): TodayBooking {
  return {
    id: b.id,
    bookingReference: b.bookingReference,
    guestName: `${b.guestFirstName} ${b.guestLastName}`.trim(),
    phone: b.guestPhone,
    campsiteName,
    unitName,
    guests: b.numberOfGuests,
    dogs: b.numberOfDogs,
    extras: extrasOf(b.priceLines),
    checkIn: b.checkInDate,
    checkOut: b.checkOutDate,
    status: b.status === "paid" ? "paid" : "confirmed",
    checkedInAt: b.checkedInAt?.toISOString() ?? null,
    checkedOutAt: b.checkedOutAt?.toISOString() ?? null,
    balance: balanceOf(b.finalAmountCents, paidCents ?? 0),
    notes: stayNotes(b.farmNote, b.guestAnswers),
  };
}
