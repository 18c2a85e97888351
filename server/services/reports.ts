// The owner's Reports (issue 17, decision 0016): the one place the report's
// figures are computed, in the farm's calendar. It reads the bookings behind a
// range (stays with nights in it, cancellations and refunds on its days), the
// active units and the nights imported calendars closed; the figure rules are
// pure (domain/rules/reports.ts). The CSV lists the same bookings.
import { and, eq, gte, isNotNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Report, ReportPreset, ReportRange } from "#domain/api/admin-reports.ts";
import { centsToAmount } from "#domain/format/money.ts";
import { addDays, farmToday, nightsBetween, startOfFarmDay } from "#domain/rules/dates.ts";
import { rangeProblems } from "#domain/rules/report-range.ts";
import {
  buildReport,
  type ImportedNight,
  importedNights,
  isSold,
  leadTimeDays,
  nightsInRange,
  type ReportBooking,
  type ReportCampsite,
  revenueInRange,
} from "#domain/rules/reports.ts";
import type { BookingStatus } from "#domain/rules/statuses.ts";
import type { Executor } from "#server/db/client.ts";
import { blockedDates, bookings, campsites, campsiteUnits, payments } from "#server/db/schema.ts";
import { invalid } from "#server/errors.ts";
import { toCsv } from "./csv";
import { moneyFigures } from "./money-figures";
import { providerReconciliation } from "./provider-reconciliation";
import { nightsOverlap, soldStay } from "./stay-nights";

export type { Report } from "#domain/api/admin-reports.ts";

/** A booking behind the figures, with what the CSV names it by. */
export type ReportBookingRow = ReportBooking & {
  bookingReference: string;
  guestName: string;
  campsiteName: string;
  unitName: string;
};

/** The report of a range; a range the rules refuse is refused here too, by field. */
export async function loadReport(
  db: Executor,
  preset: ReportPreset,
  range: ReportRange,
  now: Date = new Date(),
): Promise<Report> {
  refuseBadRange(range);
  const [data, money, provider] = await Promise.all([
    readReportData(db, range),
    moneyFigures(db, range),
    providerReconciliation(range),
  ]);
  const { campsites: sites, bookings: rows, imported } = data;
  return {
    preset,
    range,
    today: farmToday(now),
    ...buildReport({ range, campsites: sites, bookings: rows, imported }),
    money,
    provider,
  };
}

/** What the figures are built from: the campsites, the range's bookings, the imported nights. */
export async function readReportData(db: Executor, range: ReportRange) {
  refuseBadRange(range);
  const units = await activeUnits(db);
  const rows = await readBookings(db, range);
  const imported = importedNights(await readImportedBlocks(db, range), (id) => units.get(id) ?? 0);
  return { campsites: await reportCampsites(db, units, rows, imported), bookings: rows, imported };
}

function refuseBadRange(range: ReportRange) {
  const errors = rangeProblems(range.from, range.to);
  if (!errors) return;
  const [first = "Choose a range to report on."] = Object.values(errors);
  throw invalid(first, { fieldErrors: errors, code: "invalid_range" });
}

/** The instants the range's first farm day starts and the day after its last starts. */
const instantsOf = (range: ReportRange) => ({
  start: startOfFarmDay(range.from),
  end: startOfFarmDay(addDays(range.to, 1)),
});

/** Active units of active campsites, per campsite (amendment 2.11, as the dashboard counts them). */
async function activeUnits(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .select({ campsiteId: campsiteUnits.campsiteId, n: sql<number>`count(*)::int` })
    .from(campsiteUnits)
    .innerJoin(campsites, eq(campsites.id, campsiteUnits.campsiteId))
    .where(and(eq(campsiteUnits.isActive, true), eq(campsites.isActive, true)))
    .groupBy(campsiteUnits.campsiteId);
  return new Map(rows.map((r) => [r.campsiteId, r.n]));
}

/** Active campsites, and any other that the range's bookings or imported nights name. */
async function reportCampsites(
  db: Executor,
  units: Map<string, number>,
  rows: readonly ReportBookingRow[],
  imported: readonly ImportedNight[],
): Promise<ReportCampsite[]> {
  const named = new Set([...rows.map((r) => r.campsiteId), ...imported.map((n) => n.campsiteId)]);
  const all = await db
    .select({ id: campsites.id, name: campsites.name, isActive: campsites.isActive })
    .from(campsites)
    .orderBy(campsites.name, campsites.id);
  return all
    .filter((c) => c.isActive || named.has(c.id))
    .map((c) => ({ campsiteId: c.id, name: c.name, activeUnits: units.get(c.id) ?? 0 }));
}

/** Bookings the farm or the provider ended: cancelled, or refunded in full. */
const endedStatuses: readonly BookingStatus[] = ["cancelled", "refunded"];

/** When a booking was ended; one ended before the time was kept counts when it last changed. */
const cancelledAt = sql<Date>`coalesce(${bookings.cancelledAt}, ${bookings.updatedAt})`;

/**
 * The bookings behind the figures, each kind found by an index made for it
 * (decision 0025), in one bitmap of the three: sold stays with a night in the
 * range (the nights index), bookings cancelled or refunded on its days (the
 * ended index), and bookings with a refund on its days (a refund's day is the
 * day its payment last changed, as on the Payments screen).
 */
function behindTheFigures(db: Executor, range: ReportRange): SQL | undefined {
  const { start, end } = instantsOf(range);
  const refundedInRange = db
    .select({ id: payments.bookingId })
    .from(payments)
    .where(
      and(
        sql`${payments.refundedAmountCents} > 0`,
        gte(payments.updatedAt, start),
        lt(payments.updatedAt, end),
      ),
    );
  return or(
    and(soldStay, nightsOverlap(range.from, addDays(range.to, 1))),
    and(
      sql`${bookings.status} in ('cancelled', 'refunded')`,
      sql`${cancelledAt} >= ${start.toISOString()}::timestamptz`,
      sql`${cancelledAt} < ${end.toISOString()}::timestamptz`,
    ),
    sql`${bookings.id} = any(array(${refundedInRange}))`,
  );
}

/**
 * The refunds of the bookings `ids` from their own payments: in all, and on
 * the range's days. A query of its own, by the payments' booking index.
 */
async function refundsOf(db: Executor, ids: string[], range: ReportRange) {
  const { start, end } = instantsOf(range);
  const rows = ids.length
    ? await db
        .select({
          bookingId: payments.bookingId,
          all: sql<number>`coalesce(sum(${payments.refundedAmountCents}), 0)::int`,
          inRange: sql<number>`coalesce(sum(${payments.refundedAmountCents}) filter (
            where ${payments.updatedAt} >= ${start.toISOString()}::timestamptz
              and ${payments.updatedAt} < ${end.toISOString()}::timestamptz), 0)::int`,
        })
        .from(payments)
        .where(sql`${payments.bookingId} = any(${sql.param(ids)}::uuid[])`)
        .groupBy(payments.bookingId)
    : [];
  return new Map(rows.map((r) => [r.bookingId, r]));
}

/** What a report reads of a booking, no more: a month holds a thousand of them. */
const reportColumns = {
  id: bookings.id,
  bookingReference: bookings.bookingReference,
  guestFirstName: bookings.guestFirstName,
  guestLastName: bookings.guestLastName,
  campsiteId: bookings.campsiteId,
  status: bookings.status,
  createdAt: bookings.createdAt,
  checkInDate: bookings.checkInDate,
  checkOutDate: bookings.checkOutDate,
  totalAmountCents: bookings.totalAmountCents,
  discountAmountCents: bookings.discountAmountCents,
  cancelledAt: bookings.cancelledAt,
  updatedAt: bookings.updatedAt,
};

/** The bookings behind the figures, with their refunds. */
async function readBookings(db: Executor, range: ReportRange): Promise<ReportBookingRow[]> {
  const rows = await db
    .select({
      booking: reportColumns,
      campsiteName: campsites.name,
      unitName: campsiteUnits.name,
    })
    .from(bookings)
    .innerJoin(campsites, eq(campsites.id, bookings.campsiteId))
    .innerJoin(campsiteUnits, eq(campsiteUnits.id, bookings.campsiteUnitId))
    .where(behindTheFigures(db, range))
    .orderBy(bookings.checkInDate, bookings.bookingReference);
  const refunds = await refundsOf(
    db,
    rows.map((r) => r.booking.id),
    range,
  );
  return rows.map(({ booking: b, ...r }) => ({
    bookingReference: b.bookingReference,
    guestName: `${b.guestFirstName} ${b.guestLastName}`.trim(),
    campsiteId: b.campsiteId,
    campsiteName: r.campsiteName,
    unitName: r.unitName,
    status: b.status,
    bookedOn: farmToday(b.createdAt),
    checkIn: b.checkInDate,
    checkOut: b.checkOutDate,
    totalAmountCents: b.totalAmountCents,
    discountAmountCents: b.discountAmountCents,
    refundedCents: refunds.get(b.id)?.all ?? 0,
    refundedInRangeCents: refunds.get(b.id)?.inRange ?? 0,
    cancelledOn: endedStatuses.includes(b.status) ? farmToday(b.cancelledAt ?? b.updatedAt) : null,
  }));
}

/** The nights of the range that imported calendars (not the farm's own blocks) closed. */
async function readImportedBlocks(db: Executor, range: ReportRange) {
  const rows = await db
    .select({
      campsiteId: blockedDates.campsiteId,
      unitId: blockedDates.campsiteUnitId,
      night: blockedDates.blockedDate,
    })
    .from(blockedDates)
    .where(
      and(
        isNotNull(blockedDates.calendarFeedId),
        isNotNull(blockedDates.campsiteId),
        gte(blockedDates.blockedDate, range.from),
        lte(blockedDates.blockedDate, range.to),
      ),
    );
  return rows.flatMap((r) => (r.campsiteId ? [{ ...r, campsiteId: r.campsiteId }] : []));
}

export const REPORT_CSV_COLUMNS = [
  "Booking",
  "Campsite",
  "Unit",
  "Guest",
  "Status",
  "Booked on",
  "Check-in",
  "Check-out",
  "Nights",
  "Nights in range",
  "Revenue in range",
  "Lead time (days)",
  "Cancelled on",
  "Refunded in range",
] as const;

/** The bookings behind a range's figures as CSV: dates as farm days, amounts in dollars. */
export async function reportCsv(db: Executor, range: ReportRange): Promise<string> {
  const { bookings: rows } = await readReportData(db, range);
  return toCsv(
    REPORT_CSV_COLUMNS,
    rows.map((r) => {
      const counted = isSold(r);
      return [
        r.bookingReference,
        r.campsiteName,
        r.unitName,
        r.guestName,
        r.status,
        r.bookedOn,
        r.checkIn,
        r.checkOut,
        nightsBetween(r.checkIn, r.checkOut),
        counted ? nightsInRange(r, range) : 0,
        centsToAmount(counted ? revenueInRange(r, range) : 0),
        leadTimeDays(r),
        r.cancelledOn ?? "",
        centsToAmount(r.refundedInRangeCents),
      ];
    }),
  );
}
