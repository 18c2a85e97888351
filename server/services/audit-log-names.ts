// The names of what a page of audit entries points at, found when the log is
// read (the log keeps ids, and a campsite renamed since should read by its
// name of today). One query per kind of row on the page, never one per entry;
// a row deleted since is simply not found, and the words say so.
import { inArray, sql } from "drizzle-orm";
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

/** Each kind of row an entry may name, and how to read its name; uuids but for users. */
const FINDERS: Record<string, Finder> = {
  booking: (db, ids) =>
    db
      .select({
        id: bookings.id,
        name: bookings.bookingReference,
        more: sql<string>`${bookings.guestFirstName} || ' ' || ${bookings.guestLastName}`,
      })
      .from(bookings)
      .where(inArray(bookings.id, ids)),
  campsite: (db, ids) =>
    db
      .select({ id: campsites.id, name: campsites.name })
      .from(campsites)
      .where(inArray(campsites.id, ids)),
  campsite_season: (db, ids) =>
    db
      .select({ id: campsiteSeasons.id, name: campsiteSeasons.name })
      .from(campsiteSeasons)
      .where(inArray(campsiteSeasons.id, ids)),
  campsite_extra: (db, ids) =>
    db
      .select({ id: campsiteExtras.id, name: campsiteExtras.name })
      .from(campsiteExtras)
      .where(inArray(campsiteExtras.id, ids)),
  calendar_feed: (db, ids) =>
    db
      .select({ id: calendarFeeds.id, name: calendarFeeds.name })
      .from(calendarFeeds)
      .where(inArray(calendarFeeds.id, ids)),
  unit: (db, ids) =>
    db
      .select({ id: campsiteUnits.id, name: campsiteUnits.name })
      .from(campsiteUnits)
      .where(inArray(campsiteUnits.id, ids)),
  discount_code: (db, ids) =>
    db
      .select({ id: discountCodes.id, name: discountCodes.code })
      .from(discountCodes)
      .where(inArray(discountCodes.id, ids)),
  prepaid_card: (db, ids) =>
    db
      .select({ id: prepaidCards.id, name: prepaidCards.cardNumber })
      .from(prepaidCards)
      .where(inArray(prepaidCards.id, ids)),
  contact_message: (db, ids) =>
    db
      .select({ id: contactMessages.id, name: contactMessages.name, more: contactMessages.email })
      .from(contactMessages)
      .where(inArray(contactMessages.id, ids)),
  email: (db, ids) =>
    db
      .select({ id: emailOutbox.id, name: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, ids)),
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
