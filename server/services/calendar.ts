// The admin Calendar (spec 2.15, 4): a month of days, each available, booked
// or blocked (blocked wins) and counted as units booked of units available
// (domain/rules/day-occupancy.ts), for all campsites or one; and the manual
// blocks an administrator sets and lifts. A unit on a changeover night of
// 'Auto-block after booking' is not available, as the booking engine sees it.
// Nights imported from calendar feeds show as blocked too, but only their feed
// changes them: this module never writes them.
import { and, asc, eq, gte, isNull, lte, or } from "drizzle-orm";
import type { CalendarBlock, CalendarDay, CalendarMonth } from "#domain/api/admin-calendar.ts";
import { isChangeoverNight } from "#domain/rules/availability.ts";
import { type GridDay, monthGrid } from "#domain/rules/calendar-month.ts";
import { addDays, farmToday, isIsoDay } from "#domain/rules/dates.ts";
import { countNight, fullness, type ViewUnit } from "#domain/rules/day-occupancy.ts";
import type { Executor } from "#server/db/client.ts";
import {
  blockedDates,
  bookings,
  calendarFeeds,
  campsites,
  campsiteUnits,
} from "#server/db/schema.ts";
import { invalid, notFound } from "#server/errors.ts";
import { type AuditActor, recordAudit } from "./audit-log";
import { liveBooking } from "./dashboard";
import { getSettings } from "./settings";
import { nightsOverlap } from "./stay-nights";

export const MANUAL_BLOCK_REASON = "Manually blocked";

export type {
  CalendarBlock,
  CalendarBooking,
  CalendarDay,
  CalendarMonth,
} from "#domain/api/admin-calendar.ts";

export async function loadCalendar(
  db: Executor,
  query: { month: string; campsiteId?: string | null },
  now: Date = new Date(),
): Promise<CalendarMonth> {
  const today = farmToday(now);
  const active = await db
    .select({ id: campsites.id, name: campsites.name })
    .from(campsites)
    .where(eq(campsites.isActive, true))
    .orderBy(asc(campsites.name));
  const campsiteId = active.find((c) => c.id === query.campsiteId)?.id ?? null;

  const grid = monthGrid(query.month);
  const days = grid.flat();
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) throw new Error(`the grid of ${query.month} has no days`);
  const range = { from: first.date, to: last.date, campsiteId };
  const changeoverNights = (await getSettings(db)).autoBlockAfterBooking;

  const [units, stays, blocks] = await Promise.all([
    loadUnits(db, campsiteId),
    // Stays just outside the grid still close their units on its changeover nights.
    loadStays(
      db,
      {
        ...range,
        from: addDays(first.date, -changeoverNights),
        to: addDays(last.date, changeoverNights),
      },
      now,
    ),
    loadBlocks(db, range),
  ]);
  const view = { today, campsiteId, units, stays, blocks, changeoverNights };
  const weeks = grid.map((week) => week.map((day) => calendarDay(day, view)));
  return { month: query.month, today, campsiteId, campsites: active, weeks };
}

type Range = { from: string; to: string; campsiteId: string | null };

/** The active units of active campsites in the view: what a day's fullness counts. */
function loadUnits(db: Executor, campsiteId: string | null): Promise<ViewUnit[]> {
  return db
    .select({ id: campsiteUnits.id, campsiteId: campsiteUnits.campsiteId })
    .from(campsiteUnits)
    .innerJoin(campsites, eq(campsites.id, campsiteUnits.campsiteId))
    .where(
      and(
        eq(campsiteUnits.isActive, true),
        eq(campsites.isActive, true),
        campsiteId ? eq(campsiteUnits.campsiteId, campsiteId) : undefined,
      ),
    );
}

/** Live stays (paid, confirmed, pending with a live hold) with a night in the grid. */
function loadStays(db: Executor, range: Range, now: Date) {
  return db
    .select({
      id: bookings.id,
      bookingReference: bookings.bookingReference,
      firstName: bookings.guestFirstName,
      lastName: bookings.guestLastName,
      campsiteName: campsites.name,
      unitId: bookings.campsiteUnitId,
      checkIn: bookings.checkInDate,
      checkOut: bookings.checkOutDate,
      status: bookings.status,
      checkedInAt: bookings.checkedInAt,
      checkedOutAt: bookings.checkedOutAt,
    })
    .from(bookings)
    .innerJoin(campsites, eq(campsites.id, bookings.campsiteId))
    .where(
      and(
        liveBooking(now),
        nightsOverlap(range.from, addDays(range.to, 1)),
        range.campsiteId ? eq(bookings.campsiteId, range.campsiteId) : undefined,
      ),
    )
    .orderBy(asc(bookings.checkInDate), asc(bookings.createdAt));
}

/** Blocks in the grid: for every campsite, and for the filtered campsite or its units. */
function loadBlocks(db: Executor, range: Range) {
  return db
    .select({
      id: blockedDates.id,
      date: blockedDates.blockedDate,
      campsiteId: blockedDates.campsiteId,
      campsiteName: campsites.name,
      campsiteUnitId: blockedDates.campsiteUnitId,
      unitName: campsiteUnits.name,
      reason: blockedDates.reason,
      feedId: blockedDates.calendarFeedId,
      feedName: calendarFeeds.name,
    })
    .from(blockedDates)
    .leftJoin(campsites, eq(campsites.id, blockedDates.campsiteId))
    .leftJoin(campsiteUnits, eq(campsiteUnits.id, blockedDates.campsiteUnitId))
    .leftJoin(calendarFeeds, eq(calendarFeeds.id, blockedDates.calendarFeedId))
    .where(
      and(
        gte(blockedDates.blockedDate, range.from),
        lte(blockedDates.blockedDate, range.to),
        range.campsiteId
          ? or(isNull(blockedDates.campsiteId), eq(blockedDates.campsiteId, range.campsiteId))
          : undefined,
      ),
    );
}

type Stay = Awaited<ReturnType<typeof loadStays>>[number];
type BlockRow = Awaited<ReturnType<typeof loadBlocks>>[number];

const scopeOf = (b: BlockRow): CalendarBlock["scope"] =>
  b.campsiteUnitId ? "unit" : b.campsiteId ? "campsite" : "all";

function calendarDay(
  day: GridDay,
  view: {
    today: string;
    campsiteId: string | null;
    units: ViewUnit[];
    stays: Stay[];
    blocks: BlockRow[];
    changeoverNights: number;
  },
): CalendarDay {
  const stays = view.stays.filter((s) => s.checkIn <= day.date && day.date < s.checkOut);
  const blocks = view.blocks.filter((b) => b.date === day.date);
  // A block covers the view when it is for every campsite, or for the filtered campsite as a whole.
  const covers = blocks.some(
    (b) => scopeOf(b) === "all" || (view.campsiteId !== null && scopeOf(b) === "campsite"),
  );
  const manual = blocks.find(
    (b) => b.feedId === null && b.campsiteUnitId === null && b.campsiteId === view.campsiteId,
  );
  const bookedUnits = new Set(stays.map((s) => s.unitId));
  return {
    ...day,
    past: day.date < view.today,
    state: covers ? "blocked" : stays.length > 0 ? "booked" : "available",
    fullness: fullness(countNight(view.units, bookedUnits, [...blocks, ...changeovers(day, view)])),
    bookings: stays.map((s) => ({
      id: s.id,
      bookingReference: s.bookingReference,
      guestName: `${s.firstName} ${s.lastName}`.trim(),
      campsiteName: s.campsiteName,
      checkIn: s.checkIn,
      checkOut: s.checkOut,
      status: s.status,
      checkedIn: s.checkedInAt !== null,
      checkedOut: s.checkedOutAt !== null,
    })),
    blocks: blocks.map((b) => ({
      id: b.id,
      scope: scopeOf(b),
      campsiteName: b.campsiteName,
      unitName: b.unitName,
      reason: b.reason,
      feedName: b.feedId ? (b.feedName ?? "Calendar feed") : null,
    })),
    manualBlockId: manual?.id ?? null,
  };
}

/** The units on a changeover night this day, as unit blocks: not available, not booked. */
function changeovers(
  day: GridDay,
  view: { stays: Stay[]; changeoverNights: number },
): { campsiteId: null; campsiteUnitId: string }[] {
  return view.stays.flatMap((s) =>
    s.unitId &&
    isChangeoverNight(
      { checkInDate: s.checkIn, checkOutDate: s.checkOut },
      day.date,
      view.changeoverNights,
    )
      ? [{ campsiteId: null, campsiteUnitId: s.unitId }]
      : [],
  );
}

export const PAST_DAY = "Days in the past cannot be blocked.";

/**
 * Blocks or unblocks one day for every campsite (campsiteId null) or one
 * campsite. Idempotent: asking for the state a day already has changes
 * nothing. Only manual blocks are touched, never imported ones.
 */
export async function setDayBlocked(
  db: Executor,
  actor: AuditActor,
  input: { date: string; campsiteId: string | null; blocked: boolean },
  now: Date = new Date(),
): Promise<{ changed: boolean }> {
  if (!isIsoDay(input.date)) throw invalid("Choose a day as yyyy-MM-dd.", { field: "date" });
  if (input.blocked && input.date < farmToday(now)) throw invalid(PAST_DAY, { field: "date" });
  return db.transaction(async (tx) => {
    if (input.campsiteId) {
      const [campsite] = await tx
        .select({ id: campsites.id })
        .from(campsites)
        .where(eq(campsites.id, input.campsiteId));
      if (!campsite) throw notFound("Campsite not found.");
    }
    const scope = input.campsiteId
      ? eq(blockedDates.campsiteId, input.campsiteId)
      : isNull(blockedDates.campsiteId);
    const entity = { type: "blocked_date" };
    const details = { date: input.date, campsiteId: input.campsiteId };
    if (input.blocked) {
      const inserted = await tx
        .insert(blockedDates)
        .values({
          blockedDate: input.date,
          campsiteId: input.campsiteId,
          reason: MANUAL_BLOCK_REASON,
        })
        .onConflictDoNothing()
        .returning({ id: blockedDates.id });
      for (const row of inserted)
        await recordAudit(tx, actor, "blocked_date.created", { ...entity, id: row.id }, details);
      return { changed: inserted.length > 0 };
    }
    const removed = await tx
      .delete(blockedDates)
      .where(
        and(
          eq(blockedDates.blockedDate, input.date),
          scope,
          isNull(blockedDates.campsiteUnitId),
          isNull(blockedDates.calendarFeedId),
        ),
      )
      .returning({ id: blockedDates.id });
    for (const row of removed)
      await recordAudit(tx, actor, "blocked_date.deleted", { ...entity, id: row.id }, details);
    return { changed: removed.length > 0 };
  });
}
