// The range a report covers (issue 17, decision 0016): this month, last month
// or this season at the farm, or two days the owner types; and what is wrong
// with a typed range, in words a person can act on.
import { addYears, format, parseISO } from "date-fns";
import type { ReportPreset, ReportRange } from "#domain/api/admin-reports.ts";
import type { FieldErrors } from "#domain/forms/form-fields.ts";
import { addDays, isIsoDay } from "./dates";
import { monthRange } from "./occupancy";

/** The longest range a report covers: more would be slow and is never needed. */
export const MAX_REPORT_YEARS = 3;

/**
 * The years a report's days may fall in: any the farm has bookings for, and
 * none where a year has fewer or more than four digits (0999 or 10000) for
 * the date arithmetic of the report to trip on.
 */
export const FIRST_REPORT_YEAR = 2000;
export const LAST_REPORT_YEAR = 2100;

const inReportYears = (day: string) => {
  const year = Number(day.slice(0, 4));
  return year >= FIRST_REPORT_YEAR && year <= LAST_REPORT_YEAR;
};

export const presetLabels: Record<Exclude<ReportPreset, "custom">, string> = {
  "this-month": "This month",
  "last-month": "Last month",
  "this-season": "This season",
};

// Its own keys only: "toString" or "__proto__" are in every object.
const isPreset = (value: string): value is keyof typeof presetLabels =>
  Object.hasOwn(presetLabels, value);

/** The farm days of a month (yyyy-MM), its first to its last. */
export const wholeMonth = (month: string): ReportRange => {
  const { start, end } = monthRange(month);
  return { from: start, to: addDays(end, -1) };
};

/** The month before a yyyy-MM month, and the one after. */
const previousMonth = (month: string) => addDays(`${month}-01`, -1).slice(0, 7);
const nextMonth = (month: string) => monthRange(month).end.slice(0, 7);

export type Season = { name: "summer" | "autumn" | "winter" | "spring"; range: ReportRange };

const seasonNames = ["summer", "autumn", "winter", "spring"] as const;

/**
 * The Australian season of a day, three whole months: summer is December to
 * February, autumn March to May, winter June to August, spring September to
 * November.
 */
export function seasonOf(day: string): Season {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const opening = month - (month % 3); // 0 is the December before
  const first = opening === 0 ? `${year - 1}-12` : `${year}-${String(opening).padStart(2, "0")}`;
  const last = nextMonth(nextMonth(first));
  return {
    name: seasonNames[((opening || 12) / 3) % 4] ?? "summer",
    range: { from: `${first}-01`, to: wholeMonth(last).to },
  };
}

/** The days of a shortcut, seen from the farm's today. */
export function presetRange(preset: keyof typeof presetLabels, today: string): ReportRange {
  const month = today.slice(0, 7);
  if (preset === "this-month") return wholeMonth(month);
  if (preset === "last-month") return wholeMonth(previousMonth(month));
  return seasonOf(today).range;
}

/** What is wrong with a typed range, by field; null when it can be reported. */
export function rangeProblems(from: string, to: string): FieldErrors | null {
  const errors: FieldErrors = {};
  if (!isIsoDay(from)) errors.from = "Enter the start as a date, like 2026-06-01.";
  if (!isIsoDay(to)) errors.to = "Enter the end as a date, like 2026-06-30.";
  if (errors.from || errors.to) return errors;
  const years = `between ${FIRST_REPORT_YEAR} and ${LAST_REPORT_YEAR}`;
  if (!inReportYears(from)) errors.from = `Choose a start date ${years}.`;
  if (!inReportYears(to)) errors.to = `Choose an end date ${years}.`;
  if (errors.from || errors.to) return errors;
  if (to < from) return { to: "The end must be on or after the start." };
  const limit = format(addYears(parseISO(from), MAX_REPORT_YEARS), "yyyy-MM-dd");
  if (to >= limit) return { to: `Choose a range of at most ${MAX_REPORT_YEARS} years.` };
  return null;
}

export type RangeQuery = { range: string | null; from: string | null; to: string | null };

export type ReadRange =
  | { ok: true; preset: ReportPreset; range: ReportRange }
  | { ok: false; values: { from: string; to: string }; errors: FieldErrors };

/**
 * The screen's address read into a range: a shortcut by name, or the typed
 * days (a custom range). Nothing at all means this month.
 */
export function readRangeQuery(query: RangeQuery, today: string): ReadRange {
  const from = (query.from ?? "").trim().slice(0, 20);
  const to = (query.to ?? "").trim().slice(0, 20);
  const preset = query.range ?? (from || to ? "custom" : "this-month");
  if (isPreset(preset)) return { ok: true, preset, range: presetRange(preset, today) };
  if (preset !== "custom") {
    return {
      ok: false,
      values: { from, to },
      errors: { range: "Choose this month, last month, this season or a start and end." },
    };
  }
  const errors = rangeProblems(from, to);
  if (errors) return { ok: false, values: { from, to }, errors };
  return { ok: true, preset: "custom", range: { from, to } };
}
