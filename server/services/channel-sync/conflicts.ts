// Conflicts: imported nights that collide with a paid or confirmed booking of
// this site, i.e. nights that may have been sold twice. A unit's feed collides
// with any such booking of that unit. A campsite's feed says only that the
// listing sold the campsite that night, so it collides when this site's
// bookings already fill every active unit.
import {
  and,
  asc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Conflict } from "#domain/api/calendar-sync.ts";
import type { Executor } from "#server/db/client.ts";
import {
  blockedDates,
  bookings,
  calendarFeeds,
  campsites,
  campsiteUnits,
} from "#server/db/schema.ts";

const CONFLICTING_STATUSES = ["paid", "confirmed"] as const;

export async function findConflicts(
  db: Executor,
  scope: { feedId?: string; campsiteId?: string; from: string },
): Promise<Conflict[]> {
  const filters: SQL[] = [
    isNotNull(blockedDates.calendarFeedId),
    gte(blockedDates.blockedDate, scope.from),
  ];
  if (scope.feedId) filters.push(eq(blockedDates.calendarFeedId, scope.feedId));
  if (scope.campsiteId) filters.push(eq(blockedDates.campsiteId, scope.campsiteId));
  const rows = await db
    .select({
      feedId: calendarFeeds.id,
      feedName: calendarFeeds.name,
      feedUnitId: calendarFeeds.campsiteUnitId,
      campsiteId: bookings.campsiteId,
      night: blockedDates.blockedDate,
      bookingId: bookings.id,
      bookingReference: bookings.bookingReference,
      status: bookings.status,
      checkInDate: bookings.checkInDate,
      checkOutDate: bookings.checkOutDate,
      campsiteName: campsites.name,
      unitName: campsiteUnits.name,
    })
    .from(blockedDates)
    .innerJoin(calendarFeeds, eq(calendarFeeds.id, blockedDates.calendarFeedId))
    .innerJoin(
      bookings,
      and(
        eq(bookings.campsiteId, blockedDates.campsiteId),
        or(
          isNull(blockedDates.campsiteUnitId),
          eq(bookings.campsiteUnitId, blockedDates.campsiteUnitId),
        ),
        lte(bookings.checkInDate, blockedDates.blockedDate),
        gt(bookings.checkOutDate, blockedDates.blockedDate),
        inArray(bookings.status, [...CONFLICTING_STATUSES]),
      ),
    )
    .innerJoin(campsites, eq(campsites.id, bookings.campsiteId))
    .leftJoin(campsiteUnits, eq(campsiteUnits.id, bookings.campsiteUnitId))
    .where(and(...filters))
    .orderBy(asc(bookings.checkInDate), asc(blockedDates.blockedDate));
  if (rows.length === 0) return [];

  const unitCounts = await activeUnitCounts(db, [...new Set(rows.map((r) => r.campsiteId))]);
  // Campsite feeds: a night collides only when this site's bookings fill every active unit.
  const bookedPerNight = new Map<string, number>();
  for (const r of rows) {
    if (r.feedUnitId) continue;
    const key = `${r.feedId}|${r.night}`;
    bookedPerNight.set(key, (bookedPerNight.get(key) ?? 0) + 1);
  }
  const conflicts = new Map<string, Conflict>();
  for (const r of rows) {
    if (!r.feedUnitId) {
      const full = Math.max(1, unitCounts.get(r.campsiteId) ?? 0);
      if ((bookedPerNight.get(`${r.feedId}|${r.night}`) ?? 0) < full) continue;
    }
    const key = `${r.feedId}|${r.bookingId}`;
    const conflict = conflicts.get(key) ?? {
      feedId: r.feedId,
      feedName: r.feedName,
      bookingId: r.bookingId,
      bookingReference: r.bookingReference,
      status: r.status,
      checkInDate: r.checkInDate,
      checkOutDate: r.checkOutDate,
      campsiteName: r.campsiteName,
      unitName: r.unitName,
      nights: [],
    };
    conflict.nights.push(r.night);
    conflicts.set(key, conflict);
  }
  return [...conflicts.values()];
}

async function activeUnitCounts(db: Executor, campsiteIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ campsiteId: campsiteUnits.campsiteId, n: sql<number>`count(*)::int` })
    .from(campsiteUnits)
    .where(and(inArray(campsiteUnits.campsiteId, campsiteIds), eq(campsiteUnits.isActive, true)))
    .groupBy(campsiteUnits.campsiteId);
  return new Map(rows.map((r) => [r.campsiteId, Number(r.n)]));
}
