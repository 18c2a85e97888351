// The desk's search for bookings (decision 0025), shared by the Bookings and
// Payments screens: each way of matching goes through an index made for it,
// so a search answers as fast among a million bookings as among a hundred.
// - a whole reference (BK123456): its unique index;
// - a piece of the guest's names, email or reference: the trigram index on
//   bookingSearchText;
// - a piece of a campsite's name: its bookings, by campsite (a campsite is one
//   of a few dozen, looked up first).
// A piece of 1 or 2 characters matches the start of a word only ("Le" finds
// Tom Le and Lee Smith, not Charlene): trigrams need 3 to match anywhere.
import { eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { BOOKING_REFERENCE_PATTERN } from "#domain/rules/reference.ts";
import type { Executor } from "#server/db/client.ts";
import { bookingSearchText, bookings, campsites } from "#server/db/schema.ts";

/** The longest search read; the rest is ignored. */
export const SEARCH_MAX_LENGTH = 100;

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const searchText = bookingSearchText(bookings);

/** The piece of text in `column`: anywhere from 3 characters, at a word's start below that. */
function holds(column: SQL | AnyPgColumn, text: string): SQL | undefined {
  const escaped = likeLiteral(text);
  if (text.length >= 3) return sql`${column} ilike ${`%${escaped}%`}`;
  return or(sql`${column} ilike ${`${escaped}%`}`, sql`${column} ilike ${`% ${escaped}%`}`);
}

/**
 * The bookings a search matches, as a condition on `bookings`; undefined for
 * an empty search (every booking).
 */
export async function bookingSearch(db: Executor, search: string): Promise<SQL | undefined> {
  const text = search.trim().slice(0, SEARCH_MAX_LENGTH);
  if (!text) return undefined;
  if (BOOKING_REFERENCE_PATTERN.test(text.toUpperCase()))
    return eq(bookings.bookingReference, text.toUpperCase());
  const sites = await db
    .select({ id: campsites.id })
    .from(campsites)
    .where(holds(campsites.name, text));
  return or(
    holds(searchText, text),
    sites.length
      ? inArray(
          bookings.campsiteId,
          sites.map((s) => s.id),
        )
      : undefined,
  );
}
