// The owner's report figures (issue 17, decision 0016), from the bookings,
// units and imported calendar nights of a range of farm days. Occupancy is
// amendment 2.11's (the dashboard's rule); a stay's money is spread over its
// nights to the cent, so days, months and campsites add up to the total.
import type {
  CampsiteReport,
  ReportFigures,
  ReportPeriod,
  ReportRange,
} from "#domain/api/admin-reports.ts";
import { addDays, dayNumber, nightsBetween } from "./dates";
import { monthRange, occupancyRate, soldStatuses } from "./occupancy";
import type { BookingStatus } from "./statuses";

/** What a report needs of one booking. */
export type ReportBooking = {
  campsiteId: string;
  status: BookingStatus;
  /** The farm day the booking was made. */
  bookedOn: string;
  checkIn: string;
  checkOut: string;
  totalAmountCents: number;
  discountAmountCents: number;
  /** Everything refunded on its payments, whenever. */
  refundedCents: number;
  /** Of that, what was refunded on a day of the range. */
  refundedInRangeCents: number;
  /** The farm day it was cancelled, or null. */
  cancelledOn: string | null;
};

/** Unit-nights of one campsite closed on one night by imported calendars. */
export type ImportedNight = { campsiteId: string; night: string; unitNights: number };

/** An imported calendar's closed night: for one unit, or (no unit) the whole campsite. */
export type ImportedBlock = { campsiteId: string; unitId: string | null; night: string };

export type ReportCampsite = { campsiteId: string; name: string; activeUnits: number };

const sold = new Set<BookingStatus>(soldStatuses);
export const isSold = (b: { status: BookingStatus }) => sold.has(b.status);

const inRange = (day: string | null, range: ReportRange) =>
  day !== null && day >= range.from && day <= range.to;

export const daysOf = (range: ReportRange) => nightsBetween(range.from, range.to) + 1;

/** A range as day numbers: its first night and the day after its last. */
const daySpan = (range: ReportRange) => ({
  from: dayNumber(range.from),
  end: dayNumber(range.to) + 1,
});

/**
 * A booking with its days as numbers and what it earns, worked out once: a
 * three-year report counts tens of thousands of bookings in every total,
 * campsite and month, and parsing their days each time was most of its work.
 */
type Counted = {
  booking: ReportBooking;
  checkIn: number;
  checkOut: number;
  booked: number;
  sold: boolean;
  revenueCents: number;
};

const counted = (b: ReportBooking): Counted => ({
  booking: b,
  checkIn: dayNumber(b.checkIn),
  checkOut: dayNumber(b.checkOut),
  booked: dayNumber(b.bookedOn),
  sold: isSold(b),
  revenueCents: stayRevenueCents(b),
});

/** The first and last index (last excluded) of a stay's nights that fall in a span. */
function nightIndexes(c: Pick<Counted, "checkIn" | "checkOut">, span: ReturnType<typeof daySpan>) {
  const first = Math.max(0, span.from - c.checkIn);
  const end = Math.min(c.checkOut, span.end) - c.checkIn;
  return { first, end: Math.max(first, end) };
}

export function nightsInRange(b: Pick<ReportBooking, "checkIn" | "checkOut">, range: ReportRange) {
  const stay = { checkIn: dayNumber(b.checkIn), checkOut: dayNumber(b.checkOut) };
  const { first, end } = nightIndexes(stay, daySpan(range));
  return end - first;
}

/** What a stay earns: its amount less the discount and any money given back, never below 0. */
export const stayRevenueCents = (b: ReportBooking) =>
  Math.max(0, b.totalAmountCents - b.discountAmountCents - b.refundedCents);

/**
 * The share of an amount that falls on nights `first` up to `end` of a stay.
 * Each night gets an equal share and the first nights one cent more until the
 * amount is used up, so the shares of any split of the nights add up to the whole.
 */
function shareOfNights(amount: number, nights: number, first: number, end: number) {
  const base = Math.floor(amount / nights);
  const extra = amount % nights;
  return (end - first) * base + Math.max(0, Math.min(end, extra) - Math.min(first, extra));
}

/** A stay's revenue that falls on the range's nights. */
export function revenueInRange(b: ReportBooking, range: ReportRange): number {
  const c = counted(b);
  const { first, end } = nightIndexes(c, daySpan(range));
  return shareOfNights(c.revenueCents, c.checkOut - c.checkIn, first, end);
}

/** Days from the farm day a booking was made to its check-in. */
export const leadTimeDays = (b: Pick<ReportBooking, "bookedOn" | "checkIn">) =>
  nightsBetween(b.bookedOn, b.checkIn);

/**
 * Imported calendars' closed unit-nights, one count per campsite and night: a
 * unit counts once however many feeds close it, and a night closed for the
 * whole campsite closes all its active units.
 */
export function importedNights(
  blocks: readonly ImportedBlock[],
  activeUnits: (campsiteId: string) => number,
): ImportedNight[] {
  const nights = new Map<
    string,
    { campsiteId: string; night: string; units: Set<string | null> }
  >();
  for (const b of blocks) {
    const key = `${b.campsiteId} ${b.night}`;
    const entry = nights.get(key) ?? { campsiteId: b.campsiteId, night: b.night, units: new Set() };
    entry.units.add(b.unitId);
    nights.set(key, entry);
  }
  return [...nights.values()].map(({ campsiteId, night, units }) => ({
    campsiteId,
    night,
    unitNights: units.has(null) ? activeUnits(campsiteId) : units.size,
  }));
}

const percentOf = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 100) : null;
const perNight = (cents: number, nights: number) =>
  nights > 0 ? Math.round(cents / nights) : null;

type FigureInput = {
  range: ReportRange;
  activeUnits: number;
  bookings: readonly ReportBooking[];
  imported: readonly ImportedNight[];
};

/** Every figure of a set of bookings (one campsite's, or all) over a range. */
export const figuresOf = (input: FigureInput): ReportFigures =>
  figuresOfCounted({ ...input, bookings: input.bookings.map(counted) });

/** The figures in one pass over the bookings, their days already numbers. */
function figuresOfCounted({
  range,
  activeUnits,
  bookings,
  imported,
}: Omit<FigureInput, "bookings"> & { bookings: readonly Counted[] }): ReportFigures {
  const span = daySpan(range);
  const f = { nightsSold: 0, revenueCents: 0, arrivals: 0, leadTimes: 0 };
  const ended = { cancellations: 0, refunds: 0, refundsCents: 0 };
  for (const c of bookings) {
    const b = c.booking;
    if (inRange(b.cancelledOn, range)) ended.cancellations++;
    if (b.refundedInRangeCents > 0) {
      ended.refunds++;
      ended.refundsCents += b.refundedInRangeCents;
    }
    if (!c.sold) continue;
    const { first, end } = nightIndexes(c, span);
    f.nightsSold += end - first;
    f.revenueCents += shareOfNights(c.revenueCents, c.checkOut - c.checkIn, first, end);
    if (c.checkIn >= span.from && c.checkIn < span.end) {
      f.arrivals++;
      f.leadTimes += c.checkIn - c.booked;
    }
  }
  const availableUnitNights = daysOf(range) * activeUnits;
  const importedUnitNights = sum(
    imported.filter((n) => inRange(n.night, range)).map((n) => n.unitNights),
  );
  return {
    availableUnitNights,
    nightsSold: f.nightsSold,
    occupancyPercent: occupancyRate(f.nightsSold, daysOf(range), activeUnits),
    revenueCents: f.revenueCents,
    averageNightlyRateCents: perNight(f.revenueCents, f.nightsSold),
    revenuePerAvailableNightCents: perNight(f.revenueCents, availableUnitNights),
    arrivals: f.arrivals,
    averageLeadTimeDays: f.arrivals > 0 ? Math.round((f.leadTimes / f.arrivals) * 10) / 10 : null,
    ...ended,
    importedUnitNights,
    bookedHerePercent: percentOf(f.nightsSold, f.nightsSold + importedUnitNights),
  };
}

export const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** The longest range charted day by day; a longer one is charted by month. */
export const MAX_DAILY_PERIODS = 62;

/** The range cut into days, or into months (the first and last cut to the range). */
export function periodsOf(range: ReportRange): { unit: "day" | "month"; periods: ReportRange[] } {
  if (daysOf(range) <= MAX_DAILY_PERIODS) {
    const periods = Array.from({ length: daysOf(range) }, (_, i) => {
      const day = addDays(range.from, i);
      return { from: day, to: day };
    });
    return { unit: "day", periods };
  }
  const periods: ReportRange[] = [];
  for (let from = range.from; from <= range.to; ) {
    const nextFirst = monthRange(from.slice(0, 7)).end;
    const lastDay = addDays(nextFirst, -1);
    periods.push({ from, to: lastDay < range.to ? lastDay : range.to });
    from = nextFirst;
  }
  return { unit: "month", periods };
}

export type ReportInput = {
  range: ReportRange;
  campsites: readonly ReportCampsite[];
  bookings: readonly ReportBooking[];
  imported: readonly ImportedNight[];
};

/** Rows by their campsite (Map.groupBy, which Node 20 lacks). */
function byCampsite<T>(rows: readonly T[], campsiteOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(campsiteOf(row));
    if (group) group.push(row);
    else groups.set(campsiteOf(row), [row]);
  }
  return groups;
}

export type BuiltReport = {
  total: ReportFigures;
  campsites: CampsiteReport[];
  periodUnit: "day" | "month";
  periods: ReportPeriod[];
};

/** Bookings counted between two steps of `reportSteps`. */
const STEP_BOOKINGS = 5_000;

/**
 * The whole report: in total, per campsite, and period by period for the
 * charts, in steps. Each `yield` ends a piece of a few milliseconds, so a
 * server may let other requests run between them (issue 32, item 3); the
 * figures are the same however it is driven.
 */
export function* reportSteps({
  range,
  campsites,
  bookings,
  imported,
}: ReportInput): Generator<void, BuiltReport, void> {
  const activeUnits = sum(campsites.map((c) => c.activeUnits));
  const countedBookings: Counted[] = [];
  for (const booking of bookings) {
    countedBookings.push(counted(booking));
    if (countedBookings.length % STEP_BOOKINGS === 0) yield;
  }
  const all = { activeUnits, bookings: countedBookings, imported };
  const { unit, periods } = periodsOf(range);
  // Grouped once: three years hold tens of thousands of bookings and dozens of campsites.
  const bookingsOf = byCampsite(all.bookings, (c) => c.booking.campsiteId);
  const importedOf = byCampsite(imported, (n) => n.campsiteId);
  yield;
  const total = figuresOfCounted({ range, ...all });
  const perCampsite: CampsiteReport[] = [];
  for (const c of campsites) {
    yield;
    perCampsite.push({
      campsiteId: c.campsiteId,
      name: c.name,
      ...figuresOfCounted({
        range,
        activeUnits: c.activeUnits,
        bookings: bookingsOf.get(c.campsiteId) ?? [],
        imported: importedOf.get(c.campsiteId) ?? [],
      }),
    });
  }
  const perPeriod: ReportPeriod[] = [];
  for (const period of periods) {
    yield;
    // A period's figures come from the stays with a night in it: the rest add nothing.
    const span = daySpan(period);
    const stays = all.bookings.filter((c) => c.checkIn < span.end && c.checkOut > span.from);
    const f = figuresOfCounted({ range: period, ...all, bookings: stays });
    perPeriod.push({
      ...period,
      nightsSold: f.nightsSold,
      availableUnitNights: f.availableUnitNights,
      occupancyPercent: f.occupancyPercent,
      revenueCents: f.revenueCents,
      importedUnitNights: f.importedUnitNights,
    });
  }
  return { total, campsites: perCampsite, periodUnit: unit, periods: perPeriod };
}

/** The whole report at once. */
export function buildReport(input: ReportInput): BuiltReport {
  const steps = reportSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
