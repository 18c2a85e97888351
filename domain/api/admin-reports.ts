// What the owner's Reports screen is sent: the figures of a range of farm days
// for every campsite and in total, and the same figures period by period for
// the charts, written once for the service that builds them and the screen.
import type { MoneyFigures, ProviderReconciliation } from "./money-figures";

/** A shortcut for a range, or one the owner typed. */
export type ReportPreset = "this-month" | "last-month" | "this-season" | "custom";

/** Farm days, both included: the nights dated `from` up to and including `to`. */
export type ReportRange = { from: string; to: string };

export type ReportFigures = {
  /** Days of the range x active units (amendment 2.11). */
  availableUnitNights: number;
  /** Nights of paid and confirmed stays inside the range. */
  nightsSold: number;
  /** Nights sold over available unit-nights, a whole percent. */
  occupancyPercent: number;
  /** What those nights earn: each stay's amount less discount and refunds, spread over its nights. */
  revenueCents: number;
  /** Revenue over nights sold; null when none was sold. */
  averageNightlyRateCents: number | null;
  /** Revenue over available unit-nights; null when there is nothing to sell. */
  revenuePerAvailableNightCents: number | null;
  /** Paid and confirmed stays checking in inside the range. */
  arrivals: number;
  /** Their average days from booking to check-in, to one decimal; null without arrivals. */
  averageLeadTimeDays: number | null;
  /** Bookings cancelled (or refunded in full at the provider) on a day of the range. */
  cancellations: number;
  /** Bookings with money given back on a day of the range, and how much. */
  refunds: number;
  refundsCents: number;
  /** Unit-nights of the range that imported calendars (other listings) closed. */
  importedUnitNights: number;
  /** Nights sold here over those plus the imported ones, a whole percent; null when neither. */
  bookedHerePercent: number | null;
};

export type CampsiteReport = ReportFigures & { campsiteId: string; name: string };

/** One bar or point of a chart: a day, or a month (cut to the range at its ends). */
export type ReportPeriod = {
  from: string;
  to: string;
  nightsSold: number;
  availableUnitNights: number;
  occupancyPercent: number;
  revenueCents: number;
  importedUnitNights: number;
};

export type Report = {
  preset: ReportPreset;
  range: ReportRange;
  /** The farm's today, for the shortcuts. */
  today: string;
  total: ReportFigures;
  campsites: CampsiteReport[];
  /** Days for a range of up to 62 days, months for a longer one. */
  periodUnit: "day" | "month";
  periods: ReportPeriod[];
  /** The range's money from the ledger: the same figures as Payments and the dashboard. */
  money: MoneyFigures;
  /** The card provider's balance over the range, to match the bank statement. */
  provider: ProviderReconciliation;
};
