// The Bookings screen's list (spec 2.15): search and filter, newest first, a
// page at a time. Pages are keyset pages (decision 0025): a page starts after
// (or ends before) a booking named by its reference, so the thousandth page
// reads as few rows as the first, and a booking made meanwhile shifts nothing.
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AdminBookingRow, BookingFilter } from "#domain/api/admin-bookings.ts";
import { nightsBetween } from "#domain/rules/dates.ts";
import { BOOKING_REFERENCE_PATTERN } from "#domain/rules/reference.ts";
import type { Executor } from "#server/db/client.ts";
import {
  bookings,
  campsites,
  campsiteUnits,
  discountCodes,
  prepaidCards,
} from "#server/db/schema.ts";
import { bookingSearch } from "#server/services/booking-search.ts";

/** Rows a page shows. */
export const BOOKING_PAGE_SIZE = 50;

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

export type BookingListQuery = {
  search?: string;
  status?: BookingFilter;
  /** The page of bookings older than this one (a reference), or newer than `before`. */
  after?: string;
  before?: string;
};

/** A page of the list, with the references its Previous and Next pages start from. */
export type BookingListPage = {
  bookings: AdminBookingRow[];
  /** The first booking here, when newer ones match: `before` of the previous page. */
  previous: string | null;
  /** The last booking here, when older ones match: `after` of the next page. */
  next: string | null;
};

/** A cursor worth reading: a reference; anything else is no cursor (the first page). */
const cursorOf = (value: string | undefined) =>
  value && BOOKING_REFERENCE_PATTERN.test(value) ? value : undefined;

/** (created_at, reference) of the cursor's booking, compared as the index orders them. */
const beyond = (op: "<" | ">", reference: string) =>
  sql`(${bookings.createdAt}, ${bookings.bookingReference}) ${sql.raw(op)} (
    (select c.created_at from bookings c where c.booking_reference = ${reference}),
    ${reference})`;

/**
 * Newest first, BOOKING_PAGE_SIZE at a time. A cursor that names no booking,
 * or leads to an empty page, gives the first page; so does `before` near the
 * top, so that Previous always shows a full page.
 */
export async function listBookings(
  db: Executor,
  query: BookingListQuery = {},
): Promise<BookingListPage> {
  const status = query.status && query.status !== "all" ? query.status : undefined;
  const matching = and(
    status ? eq(bookings.status, status) : undefined,
    await bookingSearch(db, query.search ?? ""),
  );
  const after = cursorOf(query.after);
  const before = after ? undefined : cursorOf(query.before);
  const read = (where: SQL | undefined, newestFirst: boolean) =>
    joinedBookings(db)
      .where(and(matching, where))
      .orderBy(
        ...(newestFirst
          ? [desc(bookings.createdAt), desc(bookings.bookingReference)]
          : [asc(bookings.createdAt), asc(bookings.bookingReference)]),
      )
      .limit(BOOKING_PAGE_SIZE + 1);
  if (after) {
    const rows = await read(beyond("<", after), true);
    if (rows.length > 0) return pageOf(rows, { previous: true });
  } else if (before) {
    const rows = await read(beyond(">", before), false);
    if (rows.length > BOOKING_PAGE_SIZE)
      return pageOf(rows.slice(0, BOOKING_PAGE_SIZE).reverse(), { previous: true, next: true });
  }
  return pageOf(await read(undefined, true), { previous: false });
}

/** Up to a page of rows in order (one more, read to know that more match), and its links. */
function pageOf(rows: JoinedRow[], known: { previous: boolean; next?: boolean }): BookingListPage {
  const shown = rows.slice(0, BOOKING_PAGE_SIZE).map(toRow);
  const more = known.next ?? rows.length > BOOKING_PAGE_SIZE;
  return {
    bookings: shown,
    previous: known.previous ? (shown[0]?.bookingReference ?? null) : null,
    next: more ? (shown.at(-1)?.bookingReference ?? null) : null,
  };
}
