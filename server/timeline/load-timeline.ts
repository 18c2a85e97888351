// The timeline of every unit over a window of days: the units grouped by
// campsite, the stays that hold a unit on a night of the window, and the
// nights closed by the farm or by an imported calendar. Three queries, each
// answered from an index: the stays through the GiST index of the
// double-booking constraint (migration 0001: the same statuses, the same
// range), so years of history cost nothing; the closures through
// blocked_dates' index by date.
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Timeline, TimelineCampsite } from "#domain/api/admin-timeline.ts";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { occupyingStatuses } from "#domain/rules/statuses.ts";
import { timelineWindow } from "#domain/rules/timeline.ts";
import type { Executor } from "#server/db/client.ts";
import {
  blockedDates,
  bookings,
  calendarFeeds,
  campsites,
  campsiteUnits,
} from "#server/db/schema.ts";

type Window = { from: string; to: string };

/** The timeline the `from` and `range` query parameters ask for (bad ones fall back). */
export async function loadTimeline(
  db: Executor,
  query: { from?: string | null; range?: string | null },
  now: Date = new Date(),
): Promise<Timeline> {
  const today = farmToday(now);
  const { from, range, days } = timelineWindow(query, today);
  // Nights run up to, not including, `to`: the day after the last column.
  const window = { from, to: addDays(from, days) };
  const [units, stays, closures] = await Promise.all([
    loadUnits(db),
    loadStays(db, window),
    loadClosures(db, window),
  ]);
  const staysOf = new Map<string, StayRow[]>();
  for (const stay of stays) {
    const list = staysOf.get(stay.unitId);
    if (list) list.push(stay);
    else staysOf.set(stay.unitId, [stay]);
  }
  // A stay on a unit or campsite taken out of use still shows, on its own row.
  const shown = units.filter((u) => (u.isActive && u.campsiteActive) || staysOf.has(u.id));
  return { today, from, range, days, campsites: byCampsite(shown, staysOf), closures };
}

function loadUnits(db: Executor) {
  return db
    .select({
      id: campsiteUnits.id,
      name: campsiteUnits.name,
      isActive: campsiteUnits.isActive,
      campsiteId: campsites.id,
      campsiteName: campsites.name,
      campsiteActive: campsites.isActive,
    })
    .from(campsiteUnits)
    .innerJoin(campsites, eq(campsites.id, campsiteUnits.campsiteId))
    .orderBy(asc(campsites.id), asc(campsiteUnits.id));
}

type UnitRow = Awaited<ReturnType<typeof loadUnits>>[number];
const collator = new Intl.Collator("en", { numeric: true });

type StayRow = Awaited<ReturnType<typeof loadStays>>[number];

/** Campsites by name, each with its units by name, as people count ("Site 2" before "Site 10"). */
function byCampsite(units: UnitRow[], staysOf: Map<string, StayRow[]>): TimelineCampsite[] {
  const byId = new Map<string, TimelineCampsite>();
  for (const u of units) {
    const campsite = byId.get(u.campsiteId) ?? {
      id: u.campsiteId,
      name: u.campsiteName,
      isActive: u.campsiteActive,
      units: [],
    };
    byId.set(u.campsiteId, campsite);
    const stays = (staysOf.get(u.id) ?? []).map(({ unitId: _, ...stay }) => stay);
    campsite.units.push({ id: u.id, name: u.name, isActive: u.isActive, stays });
  }
  const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);
  for (const c of byId.values()) c.units.sort(byName);
  return [...byId.values()].sort(byName);
}

/** The stays that hold a unit on a night of the window, as the exclusion constraint sees them. */
async function loadStays(db: Executor, window: Window) {
  const rows = await db
    .select({
      id: bookings.id,
      bookingReference: bookings.bookingReference,
      firstName: bookings.guestFirstName,
      lastName: bookings.guestLastName,
      unitId: bookings.campsiteUnitId,
      checkIn: bookings.checkInDate,
      checkOut: bookings.checkOutDate,
      status: bookings.status,
      checkedInAt: bookings.checkedInAt,
      checkedOutAt: bookings.checkedOutAt,
    })
    .from(bookings)
    .where(
      and(
        inArray(bookings.status, [...occupyingStatuses]),
        // Written as the exclusion constraint's own expression, so that its GiST index answers.
        sql`daterange(${bookings.checkInDate}, ${bookings.checkOutDate}, '[)') && daterange(${window.from}::date, ${window.to}::date, '[)')`,
      ),
    )
    .orderBy(asc(bookings.checkInDate));
  return rows.map(({ firstName, lastName, checkedInAt, checkedOutAt, ...stay }) => ({
    ...stay,
    guestName: `${firstName} ${lastName}`.trim(),
    checkedIn: checkedInAt !== null,
    checkedOut: checkedOutAt !== null,
  }));
}

/** The window's closed nights: manual blocks, and nights imported from calendar feeds. */
function loadClosures(db: Executor, window: Window) {
  return db
    .select({
      date: blockedDates.blockedDate,
      campsiteId: blockedDates.campsiteId,
      unitId: blockedDates.campsiteUnitId,
      feedName: calendarFeeds.name,
    })
    .from(blockedDates)
    .leftJoin(calendarFeeds, eq(calendarFeeds.id, blockedDates.calendarFeedId))
    .where(and(gte(blockedDates.blockedDate, window.from), lt(blockedDates.blockedDate, window.to)))
    .orderBy(asc(blockedDates.blockedDate));
}
