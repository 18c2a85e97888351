// The look of a calendar day: green when nothing is booked, four steps of blue
// as the units fill up, red when blocked (or when every unit is blocked). The
// steps differ in lightness, and every day also says its count in words and
// 'Full', so the colour is never the only sign. Dark text on every shade
// keeps the contrast above 4.5:1.
import type { Fullness } from "#domain/rules/day-occupancy.ts";

export type DayTone = "available" | "step1" | "step2" | "step3" | "full" | "blocked";

export function dayTone(state: "available" | "booked" | "blocked", fullness: Fullness): DayTone {
  if (state === "blocked" || fullness.available === 0) return "blocked";
  if (fullness.full) return "full";
  return fullness.step === 0 ? "available" : (`step${fullness.step}` as DayTone);
}

/** Days of this month from today on. */
export const toneStyles: Record<DayTone, string> = {
  available: "border-green-700/40 bg-green-50",
  step1: "border-blue-700/40 bg-blue-100",
  step2: "border-blue-700/50 bg-blue-200",
  step3: "border-blue-800/60 bg-blue-300",
  full: "border-blue-950 bg-blue-400",
  blocked: "border-red-700/60 bg-red-50",
};

/** Past days and days of the months around: the same shades, paler, behind a dashed border. */
export const quietToneStyles: Record<DayTone, string> = {
  available: "border-dashed border-green-700/40 bg-white",
  step1: "border-dashed border-blue-700/40 bg-blue-100/50",
  step2: "border-dashed border-blue-700/50 bg-blue-200/50",
  step3: "border-dashed border-blue-800/60 bg-blue-300/50",
  full: "border-dashed border-blue-950 bg-blue-400/50",
  blocked: "border-dashed border-red-700/50 bg-white",
};
