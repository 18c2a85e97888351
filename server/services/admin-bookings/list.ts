// The Bookings screen's list (spec 2.15): search and filter, newest first.
import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { AdminBookingRow, BookingFilter } from "#domain/api/admin-bookings.ts";
import { nightsBetween } from "#domain/rules/dates.ts";
import type { Executor } from "#server/db/client.ts";
import {
  bookings,
  campsites,
  campsiteUnits,
  discountCodes,
  prepaidCards,
} from "#server/db/schema.ts";

export const BOOKING_LIST_LIMIT = 200;

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likeTerm = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchCondition(search: string): SQL | undefined {
  const text = search.trim().slice(0, 100);
  if (!text) return undefined;
  const term = likeTerm(text);
  return or(
    ilike(bookings.guestFirstName, term),
    ilike(bookings.guestLastName, term),
    ilike(sql`${bookings.guestFirstName} || ' ' || ${bookings.guestLastName}`, term),
    ilike(bookings.bookingReference, term),
    ilike(campsites.name, term),
  );
}

const rowColumns = {
  booking: bookings,
  campsiteName: campsites.name,
  unitName: campsiteUnits.name,
  discountCode: discountCodes.code,
  discountDescription: discountCodes.description,
  prepaidCardNumber: prepaidCards.cardNumber,
  prepaidCardActive: prepaidCards.isActive,
};

export type BookingRow = typeof bookings.$inferSelect;

export type JoinedRow = {
  booking: BookingRow;
  campsiteName: string | null;
  unitName: string | null;
  discountCode: string | null;
  discountDescription: string | null;
  prepaidCardNumber: string | null;
  prepaidCardActive: boolean | null;
};

export function toRow(r: JoinedRow): AdminBookingRow {
  const b = r.booking;
  return {
    id: b.id,
    bookingReference: b.bookingReference,
    guestName: `${b.guestFirstName} ${b.guestLastName}`.trim(),
    guestEmail: b.guestEmail,
    guestPhone: b.guestPhone,
    numberOfGuests: b.numberOfGuests,
    campsiteName: r.campsiteName,
    unitName: r.unitName,
    checkIn: b.checkInDate,
    checkOut: b.checkOutDate,
    nights: nightsBetween(b.checkInDate, b.checkOutDate),
    status: b.status,
    disputeStatus: b.disputeStatus,
    totalAmountCents: b.totalAmountCents,
    discountAmountCents: b.discountAmountCents,
    discountCode: r.discountCode
      ? { code: r.discountCode, description: r.discountDescription ?? "" }
      : null,
    prepaidAmountUsedCents: b.prepaidAmountUsedCents,
    prepaidCardNumber: r.prepaidCardNumber,
    finalAmountCents: b.finalAmountCents,
    holdExpiresAt: b.holdExpiresAt?.toISOString() ?? null,
    createdAt: b.createdAt.toISOString(),
  };
}

export function joinedBookings(db: Executor) {
  return db
    .select(rowColumns)
    .from(bookings)
    .leftJoin(campsites, eq(campsites.id, bookings.campsiteId))
    .leftJoin(campsiteUnits, eq(campsiteUnits.id, bookings.campsiteUnitId))
    .leftJoin(discountCodes, eq(discountCodes.id, bookings.discountCodeId))
    .leftJoin(prepaidCards, eq(prepaidCards.id, bookings.prepaidCardId));
}

/** Newest first; at most BOOKING_LIST_LIMIT rows, with whether more matched. */
export async function listBookings(
  db: Executor,
  query: { search?: string; status?: BookingFilter } = {},
): Promise<{ bookings: AdminBookingRow[]; truncated: boolean }> {
  const status = query.status && query.status !== "all" ? query.status : undefined;
  const rows = await joinedBookings(db)
    .where(
      and(status ? eq(bookings.status, status) : undefined, searchCondition(query.search ?? "")),
    )
    .orderBy(desc(bookings.createdAt), desc(bookings.bookingReference))
    .limit(BOOKING_LIST_LIMIT + 1);
  return {
    bookings: rows.slice(0, BOOKING_LIST_LIMIT).map(toRow),
    truncated: rows.length > BOOKING_LIST_LIMIT,
  };
}
