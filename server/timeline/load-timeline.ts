// The timeline of every unit over a window of days: the units grouped by
// campsite, the stays that hold a unit on a night of the window, and the
// nights closed by the farm or by an imported calendar. Three queries, each
// answered from an index: the stays through the nights index (decision 0025,
// server/services/stay-nights.ts), so years of history cost nothing; the
// closures through blocked_dates' index by date.
import { and, asc, eq, gte, lt } from "drizzle-orm";
import type { Timeline, TimelineCampsite, TimelineStay } from "#domain/api/admin-timeline.ts";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { timelineWindow } from "#domain/rules/timeline.ts";
import type { Executor } from "#server/db/client.ts";
import {
  blockedDates,
  bookings,
  calendarFeeds,
  campsites,
  campsiteUnits,
} from "#server/db/schema.ts";
import { nightsOverlap, occupyingStay } from "#server/services/stay-nights.ts";

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
  const staysOf = new Map<string, TimelineStay[]>();
  for (const { unitId, stay } of stays) {
    const list = staysOf.get(unitId);
    if (list) list.push(stay);
    else staysOf.set(unitId, [stay]);
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

/** Campsites by name, each with its units by name, as people count ("Site 2" before "Site 10"). */
function byCampsite(units: UnitRow[], staysOf: Map<string, TimelineStay[]>): TimelineCampsite[] {
  const byId = new Map<string, TimelineCampsite>();
  for (const u of units) {
    const campsite = byId.get(u.campsiteId) ?? {
      id: u.campsiteId,
      name: u.campsiteName,
      isActive: u.campsiteActive,
      units: [],
    };
    byId.set(u.campsiteId, campsite);
    campsite.units.push({
      id: u.id,
      name: u.name,
      isActive: u.isActive,
      stays: staysOf.get(u.id) ?? [],
    });
  }
  const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);
  for (const c of byId.values()) c.units.sort(byName);
  return [...byId.values()].sort(byName);
}

/** The stays that hold a unit on a night of the window, each with its unit. */
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
    // The exclusion constraint's GiST index could answer too, but it leads with
    // the unit: asked for every unit, it reads about ten times the index pages.
    .where(and(occupyingStay, nightsOverlap(window.from, window.to)))
    .orderBy(asc(bookings.checkInDate));
  // Each stay written out, not copied by spreading the row: three months of
  // every unit is thousands of stays, and copying each by a spread cost 6 ms a request.
  return rows.map((r) => {
    const stay: TimelineStay = {
      id: r.id,
      bookingReference: r.bookingReference,
      guestName: `${r.firstName} ${r.lastName}`.trim(),
      checkIn: r.checkIn,
      checkOut: r.checkOut,
      status: r.status,
      checkedIn: r.checkedInAt !== null,
      checkedOut: r.checkedOutAt !== null,
    };
    return { unitId: r.unitId, stay };
  });
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
