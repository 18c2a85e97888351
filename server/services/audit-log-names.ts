// The names of what a page of audit entries points at, found when the log is
// read (the log keeps ids, and a campsite renamed since should read by its
// name of today). One query per kind of row on the page, never one per entry;
// a row deleted since is simply not found, and the words say so.
import { inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { type AuditNames, auditNameKey } from "#domain/format/audit-entry.ts";
import { isRowId } from "#domain/forms/row-id.ts";
import type { Executor } from "#server/db/client.ts";
import {
  bookings,
  calendarFeeds,
  campsiteExtras,
  campsiteSeasons,
  campsites,
  campsiteUnits,
  contactMessages,
  discountCodes,
  emailOutbox,
  prepaidCards,
  user,
} from "#server/db/schema.ts";

type Named = { id: string; name: string; more?: string | null };
type Finder = (db: Executor, ids: string[]) => Promise<Named[]>;

/** A finder reading each row's name (and a second word) from its own columns. */
const namedBy =
  (id: AnyPgColumn, name: AnyPgColumn, more?: AnyPgColumn | SQL<string>): Finder =>
  (db, ids) =>
    db
      .select({ id, name, ...(more ? { more } : {}) })
      .from(id.table)
      .where(inArray(id, ids)) as Promise<Named[]>;

/** Each kind of row an entry may name, and how to read its name; uuids but for users. */
const FINDERS: Record<string, Finder> = {
  booking: namedBy(
    bookings.id,
    bookings.bookingReference,
    sql<string>`${bookings.guestFirstName} || ' ' || ${bookings.guestLastName}`,
  ),
  campsite: namedBy(campsites.id, campsites.name),
  campsite_season: namedBy(campsiteSeasons.id, campsiteSeasons.name),
  campsite_extra: namedBy(campsiteExtras.id, campsiteExtras.name),
  calendar_feed: namedBy(calendarFeeds.id, calendarFeeds.name),
  unit: namedBy(campsiteUnits.id, campsiteUnits.name),
  discount_code: namedBy(discountCodes.id, discountCodes.code),
  prepaid_card: namedBy(prepaidCards.id, prepaidCards.cardNumber),
  contact_message: namedBy(contactMessages.id, contactMessages.name, contactMessages.email),
  email: namedBy(emailOutbox.id, emailOutbox.toAddress),
};

/** Users' ids are Better Auth's text ids, not uuids; a nameless person reads by email. */
async function findUsers(db: Executor, ids: string[]): Promise<Named[]> {
  const rows = await db
    .select({ id: user.id, name: user.name, more: user.email })
    .from(user)
    .where(inArray(user.id, ids));
  return rows.map((r) => ({ ...r, name: r.name || r.more }));
}

type Pointer = { entityType: string; entityId: string | null; details: Record<string, unknown> };

/** Every (kind, id) the entries point at: their record, and a campsite or unit in their details. */
function idsByKind(entries: Pointer[]): Map<string, Set<string>> {
  const wanted = new Map<string, Set<string>>();
  const want = (kind: string, id: unknown) => {
    if (typeof id !== "string") return;
    if (kind !== "user" && !isRowId(id)) return;
    if (kind !== "user" && !FINDERS[kind]) return;
    wanted.set(kind, (wanted.get(kind) ?? new Set()).add(id));
  };
  for (const e of entries) {
    want(e.entityType, e.entityId);
    want("campsite", e.details.campsiteId);
    want("unit", e.details.campsiteUnitId);
  }
  return wanted;
}

export async function auditNamesOf(db: Executor, entries: Pointer[]): Promise<AuditNames> {
  const found = await Promise.all(
    [...idsByKind(entries)].map(async ([kind, ids]) => {
      const finder = kind === "user" ? findUsers : FINDERS[kind];
      const rows = finder ? await finder(db, [...ids]) : [];
      return rows.map((r) => [auditNameKey(kind, r.id), namedWords(r)] as const);
    }),
  );
  return Object.fromEntries(found.flat());
}

function namedWords(row: Named): { name: string; more?: string } {
  return row.more ? { name: row.name, more: row.more } : { name: row.name };
}
