// The owner's Reports (issue 17, decision 0016): the one place the report's
// figures are computed, in the farm's calendar. It reads the bookings behind a
// range (stays with nights in it, cancellations and refunds on its days), the
// active units and the nights imported calendars closed; the figure rules are
// pure (domain/rules/reports.ts). The CSV lists the same bookings.
import {
  type AnyColumn,
  and,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Report, ReportPreset, ReportRange } from "#domain/api/admin-reports.ts";
import { centsToAmount } from "#domain/format/money.ts";
import {
  addDays,
  FARM_TIMEZONE,
  farmToday,
  nightsBetween,
  startOfFarmDay,
} from "#domain/rules/dates.ts";
import { rangeProblems } from "#domain/rules/report-range.ts";
import {
  type ImportedNight,
  importedNights,
  isSold,
  leadTimeDays,
  nightsInRange,
  type ReportBooking,
  type ReportCampsite,
  reportSteps,
  revenueInRange,
} from "#domain/rules/reports.ts";
import type { Executor } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";
import { blockedDates, bookings, campsites, campsiteUnits, payments } from "#server/db/schema.ts";
import { invalid } from "#server/errors.ts";
import { betweenOtherWork } from "./between-other-work";
import { toCsv } from "./csv";
import { moneyFigures } from "./money-figures";
import { providerReconciliation } from "./provider-reconciliation";
import { endedAt, endedInDays, nightsOverlap, soldStay } from "./stay-nights";

export type { Report } from "#domain/api/admin-reports.ts";

/** A booking behind the figures, with what the CSV names it by. */
export type ReportBookingRow = ReportBooking & {
  bookingReference: string;
  guestName: string;
  campsiteName: string;
  unitName: string;
};

/** A report without what the card provider says: what the bookings and the ledger give. */
export type ReportFigures = Omit<Report, "provider">;

/**
 * The report of a range; a range the rules refuse is refused here too, by
 * field. The figures are worked out while the card provider is asked.
 */
export async function loadReport(
  db: Executor,
  preset: ReportPreset,
  range: ReportRange,
  now: Date = new Date(),
): Promise<Report> {
  refuseBadRange(range);
  const [rest, provider] = await Promise.all([
    reportFigures(db, preset, range, now),
    providerReconciliation(range),
  ]);
  return { ...rest, provider };
}

/** Everything a report shows but the card provider's word. */
export async function reportFigures(
  db: Executor,
  preset: ReportPreset,
  range: ReportRange,
  now: Date = new Date(),
): Promise<ReportFigures> {
  const [data, money] = await Promise.all([readReportData(db, range), moneyFigures(db, range)]);
  const { campsites: sites, bookings: rows, imported } = data;
  return {
    preset,
    range,
    today: farmToday(now),
    ...(await betweenOtherWork(reportSteps({ range, campsites: sites, bookings: rows, imported }))),
    money,
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
  rows: readonly ReportBooking[],
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
    endedInDays(range.from, range.to),
    sql`${bookings.id} = any(array(${refundedInRange}))`,
  );
}

/** An instant's farm day, worked out by PostgreSQL: tens of thousands of rows need it. */
const farmDayOf = (instant: SQL | AnyColumn) =>
  sql<string>`to_char(${instant} at time zone ${FARM_TIMEZONE}, 'YYYY-MM-DD')`;

/** Columns and expressions each under its field's name, for rows read plainly (`plainRows`). */
function named<T extends Record<string, SQL | AnyColumn>>(columns: T) {
  return Object.fromEntries(
    Object.entries(columns).map(([field, value]) => [field, sql`${value}`.as(field)]),
  ) as { [Field in keyof T]: SQL.Aliased };
}

/**
 * Tens of thousands of rows, as PostgreSQL sends them under their fields'
 * names: Drizzle's mapping looks at every cell's column, and took as long as
 * the query itself for three years of bookings.
 */
async function plainRows<T>(db: Executor, query: { getSQL(): SQL }): Promise<T[]> {
  return rowsOf<T>(await db.execute(query.getSQL()));
}

/**
 * What a report reads of a booking, no more, its farm days worked out in the
 * query, so three years of bookings come back ready to count (issue 29 item 7).
 */
const reportColumns = named({
  id: bookings.id,
  campsiteId: bookings.campsiteId,
  status: bookings.status,
  bookedOn: farmDayOf(bookings.createdAt),
  checkIn: bookings.checkInDate,
  checkOut: bookings.checkOutDate,
  totalAmountCents: bookings.totalAmountCents,
  discountAmountCents: bookings.discountAmountCents,
  cancelledOn: sql`case when ${bookings.status} in ('cancelled', 'refunded')
      then ${farmDayOf(endedAt)} end`,
});

/**
 * The refunds of the range's bookings from their own payments, in all and on
 * the range's days: one query over the few payments with a refund.
 */
async function refundsOf(db: Executor, range: ReportRange) {
  const { start, end } = instantsOf(range);
  const behind = db.select({ id: bookings.id }).from(bookings).where(behindTheFigures(db, range));
  const rows = await db
    .select({
      bookingId: payments.bookingId,
      all: sql<number>`sum(${payments.refundedAmountCents})::int`,
      inRange: sql<number>`coalesce(sum(${payments.refundedAmountCents}) filter (
        where ${payments.updatedAt} >= ${start.toISOString()}::timestamptz
          and ${payments.updatedAt} < ${end.toISOString()}::timestamptz), 0)::int`,
    })
    .from(payments)
    .where(and(sql`${payments.refundedAmountCents} > 0`, inArray(payments.bookingId, behind)))
    .groupBy(payments.bookingId);
  return new Map(rows.map((r) => [r.bookingId, r]));
}

type ReportRow = Omit<ReportBooking, "refundedCents" | "refundedInRangeCents"> & { id: string };

/**
 * A row with its refunds, as the figures count it: one object literal, so the
 * figures' loops over tens of thousands see one shape (a spread cost 0.9 s).
 */
const withRefunds = (
  r: ReportRow,
  refunds: Awaited<ReturnType<typeof refundsOf>>,
): ReportBooking => ({
  campsiteId: r.campsiteId,
  status: r.status,
  bookedOn: r.bookedOn,
  checkIn: r.checkIn,
  checkOut: r.checkOut,
  totalAmountCents: r.totalAmountCents,
  discountAmountCents: r.discountAmountCents,
  refundedCents: refunds.get(r.id)?.all ?? 0,
  refundedInRangeCents: refunds.get(r.id)?.inRange ?? 0,
  cancelledOn: r.cancelledOn,
});

/** The bookings behind the figures, with their refunds: what the report counts. */
async function readBookings(db: Executor, range: ReportRange): Promise<ReportBooking[]> {
  const [rows, refunds] = await Promise.all([
    plainRows<ReportRow>(
      db,
      db.select(reportColumns).from(bookings).where(behindTheFigures(db, range)),
    ),
    refundsOf(db, range),
  ]);
  return rows.map((r) => withRefunds(r, refunds));
}

/** The same bookings with what the CSV names them by, in the order of their stays. */
async function readNamedBookings(db: Executor, range: ReportRange): Promise<ReportBookingRow[]> {
  const guestName = sql`trim(${bookings.guestFirstName} || ' ' || ${bookings.guestLastName})`;
  type NamedRow = ReportRow & Omit<ReportBookingRow, keyof ReportBooking>;
  const rows = await plainRows<NamedRow>(
    db,
    db
      .select({
        ...reportColumns,
        ...named({
          bookingReference: bookings.bookingReference,
          guestName,
          campsiteName: campsites.name,
          unitName: campsiteUnits.name,
        }),
      })
      .from(bookings)
      .innerJoin(campsites, eq(campsites.id, bookings.campsiteId))
      .innerJoin(campsiteUnits, eq(campsiteUnits.id, bookings.campsiteUnitId))
      .where(behindTheFigures(db, range))
      .orderBy(bookings.checkInDate, bookings.bookingReference),
  );
  const refunds = await refundsOf(db, range);
  return rows.map((r) => ({
    ...withRefunds(r, refunds),
    bookingReference: r.bookingReference,
    guestName: r.guestName,
    campsiteName: r.campsiteName,
    unitName: r.unitName,
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
  refuseBadRange(range);
  const rows = await readNamedBookings(db, range);
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
