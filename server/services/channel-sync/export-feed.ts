// Export: the calendar behind a campsite's or a unit's secret feed URL, its
// booked and blocked nights as all-day events (RFC 5545, written with
// ical-generator). It carries no guest's data, and it leaves out nights
// imported from other calendars, so two listings that import each other cannot
// keep a night closed between them after its booking is gone. The changeover
// nights of 'Auto-block after booking' are closed too, so another listing
// cannot sell a night this site would refuse (decision 0020).
import { and, eq, gt, gte, inArray, isNull, lte, or } from "drizzle-orm";
import ical, { ICalCalendarMethod, ICalEventTransparency } from "ical-generator";
import { siteConfig } from "#content/site.ts";
import { unavailableNights } from "#domain/rules/availability.ts";
import {
  campsiteFeedEvents,
  type ExportEvent,
  IMPORT_HORIZON_DAYS,
  unitFeedEvents,
} from "#domain/rules/channel-sync.ts";
import { addDays, farmToday, nightsOf } from "#domain/rules/dates.ts";
import { publicUrl } from "#server/config.ts";
import type { Executor } from "#server/db/client.ts";
import { blockedDates, bookings, campsites, campsiteUnits } from "#server/db/schema.ts";
import { getSettings } from "#server/services/settings.ts";

export type ExportedFeed = { fileName: string; ics: string };

/** The calendar behind a token, or null when no campsite or unit has it (unknown or revoked). */
export async function exportFeedForToken(
  db: Executor,
  token: string,
  now: Date = new Date(),
): Promise<ExportedFeed | null> {
  const [unit] = await db
    .select({
      id: campsiteUnits.id,
      name: campsiteUnits.name,
      campsiteId: campsites.id,
      campsiteName: campsites.name,
    })
    .from(campsiteUnits)
    .innerJoin(campsites, eq(campsites.id, campsiteUnits.campsiteId))
    .where(eq(campsiteUnits.feedToken, token));
  if (unit) {
    const events = await unitEvents(db, unit, now);
    return render(`${unit.campsiteName}, ${unit.name}`, events.events, events.stamp);
  }
  const [campsite] = await db
    .select({ id: campsites.id, name: campsites.name, createdAt: campsites.createdAt })
    .from(campsites)
    .where(eq(campsites.feedToken, token));
  if (!campsite) return null;
  const events = await campsiteEvents(db, campsite, now);
  return render(campsite.name, events.events, events.stamp);
}

type Window = { today: string; last: string };

const exportWindow = (now: Date): Window => {
  const today = farmToday(now);
  return { today, last: addDays(today, IMPORT_HORIZON_DAYS - 1) };
};

/** Bookings that hold their unit: paid, confirmed, or pending with a live hold. */
const occupying = (now: Date) =>
  or(
    inArray(bookings.status, ["paid", "confirmed"]),
    and(eq(bookings.status, "pending"), gt(bookings.holdExpiresAt, now)),
  );

/** The farm's own blocks (manual, not imported) that close nights of a campsite. */
async function manualBlocks(db: Executor, campsiteId: string, w: Window) {
  return db
    .select({
      blockedDate: blockedDates.blockedDate,
      campsiteId: blockedDates.campsiteId,
      campsiteUnitId: blockedDates.campsiteUnitId,
      createdAt: blockedDates.createdAt,
    })
    .from(blockedDates)
    .where(
      and(
        isNull(blockedDates.calendarFeedId),
        gte(blockedDates.blockedDate, w.today),
        lte(blockedDates.blockedDate, w.last),
        or(isNull(blockedDates.campsiteId), eq(blockedDates.campsiteId, campsiteId)),
      ),
    );
}

/** The window's nights either side of the stays that their unit cannot be let. */
function changeoverNightsIn(
  stays: { checkInDate: string; checkOutDate: string }[],
  gap: number,
  w: Window,
): string[] {
  return stays
    .flatMap((stay) => [
      ...nightsOf(addDays(stay.checkInDate, -gap), stay.checkInDate),
      ...nightsOf(stay.checkOutDate, addDays(stay.checkOutDate, gap)),
    ])
    .filter((night) => night >= w.today && night <= w.last);
}

async function unitEvents(
  db: Executor,
  unit: { id: string; campsiteId: string },
  now: Date,
): Promise<{ events: ExportEvent[]; stamp: Date | null }> {
  const w = exportWindow(now);
  const gap = (await getSettings(db)).autoBlockAfterBooking;
  const held = await db
    .select({
      id: bookings.id,
      checkInDate: bookings.checkInDate,
      checkOutDate: bookings.checkOutDate,
      updatedAt: bookings.updatedAt,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.campsiteUnitId, unit.id),
        // A stay just outside the window still closes its changeover nights inside it.
        gt(bookings.checkOutDate, addDays(w.today, -gap)),
        lte(bookings.checkInDate, addDays(w.last, gap)),
        occupying(now),
      ),
    );
  const blocks = (await manualBlocks(db, unit.campsiteId, w)).filter(
    (b) => b.campsiteUnitId === null || b.campsiteUnitId === unit.id,
  );
  const events = unitFeedEvents({
    unitId: unit.id,
    bookings: held.filter((b) => b.checkOutDate > w.today && b.checkInDate <= w.last),
    blockedNights: new Set([
      ...blocks.map((b) => b.blockedDate),
      ...changeoverNightsIn(held, gap, w),
    ]),
  });
  return {
    events,
    stamp: latest([...held.map((b) => b.updatedAt), ...blocks.map((b) => b.createdAt)]),
  };
}

async function campsiteEvents(
  db: Executor,
  campsite: { id: string; createdAt: Date },
  now: Date,
): Promise<{ events: ExportEvent[]; stamp: Date | null }> {
  const w = exportWindow(now);
  const gap = (await getSettings(db)).autoBlockAfterBooking;
  const units = await db
    .select({ id: campsiteUnits.id, isActive: campsiteUnits.isActive })
    .from(campsiteUnits)
    .where(eq(campsiteUnits.campsiteId, campsite.id));
  const held = await db
    .select({
      campsiteUnitId: bookings.campsiteUnitId,
      checkInDate: bookings.checkInDate,
      checkOutDate: bookings.checkOutDate,
      updatedAt: bookings.updatedAt,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.campsiteId, campsite.id),
        gt(bookings.checkOutDate, addDays(w.today, -gap)),
        lte(bookings.checkInDate, addDays(w.last, gap)),
        occupying(now),
      ),
    );
  const blocks = await manualBlocks(db, campsite.id, w);
  const unavailable = unavailableNights({
    campsiteId: campsite.id,
    from: w.today,
    to: w.last,
    activeUnitIds: units.filter((u) => u.isActive).map((u) => u.id),
    hasAnyUnits: units.length > 0,
    blocks,
    occupancies: held,
    changeoverNights: gap,
  });
  // 'Blocked' where the farm closed the campsite, or where no booking is behind a full night.
  const bookedNights = new Set(held.flatMap((b) => nightsOf(b.checkInDate, b.checkOutDate)));
  const campsiteWide = new Set(blocks.filter((b) => !b.campsiteUnitId).map((b) => b.blockedDate));
  const closedNights = new Set(
    unavailable.filter((n) => campsiteWide.has(n) || !bookedNights.has(n)),
  );
  const events = campsiteFeedEvents({
    campsiteId: campsite.id,
    unavailableNights: unavailable,
    closedNights,
  });
  return {
    events,
    stamp: latest([
      ...held.map((b) => b.updatedAt),
      ...blocks.map((b) => b.createdAt),
      campsite.createdAt,
    ]),
  };
}

const latest = (dates: Date[]): Date | null =>
  dates.length === 0 ? null : new Date(Math.max(...dates.map((d) => d.getTime())));

const utcDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * Writes the calendar. DTSTAMP is the time of the latest change behind it, so
 * the same nights give the same bytes (and the same ETag) on every request.
 */
function render(title: string, events: ExportEvent[], stamp: Date | null): ExportedFeed {
  const site = siteConfig();
  const host = new URL(publicUrl()).hostname;
  const calendar = ical({
    name: `${site.farmName} Station: ${title}`,
    prodId: {
      company: `${site.farmName} Station`,
      product: "Campsite availability",
      language: "EN",
    },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 15 * 60,
  });
  const dtstamp = stamp ?? new Date(0);
  for (const event of events) {
    calendar.createEvent({
      id: `${event.uid}@${host}`,
      start: utcDay(event.start),
      end: utcDay(event.end),
      allDay: true,
      summary: event.summary,
      stamp: dtstamp,
      transparency: ICalEventTransparency.OPAQUE,
    });
  }
  // RFC 5545 3.1: every content line ends with CRLF, the last one too.
  const ics = calendar.toString();
  return { fileName: `${slug(title)}.ics`, ics: ics.endsWith("\r\n") ? ics : `${ics}\r\n` };
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60) || "calendar";
