// The admin calendar's month grid (spec 2.15): whole weeks from Sunday to
// Saturday covering the month, and the month before and after.
import { getDay, parseISO } from "date-fns";
import { addDays } from "./dates";
import { monthRange } from "./occupancy";

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const isMonth = (value: string) => MONTH.test(value);

export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

export type GridDay = { date: string; inMonth: boolean };

/** Weeks (Sun..Sat) covering the month; days of the neighbouring months are marked. */
export function monthGrid(month: string): GridDay[][] {
  const { start, end } = monthRange(month);
  const lastDay = addDays(end, -1);
  const first = addDays(start, -getDay(parseISO(start)));
  const last = addDays(lastDay, 6 - getDay(parseISO(lastDay)));
  const weeks: GridDay[][] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const week = weeks.at(-1);
    const gridDay = { date: day, inMonth: day >= start && day < end };
    // The grid starts on a Sunday, so every other day joins the week its Sunday opened.
    if (getDay(parseISO(day)) === 0 || !week) weeks.push([gridDay]);
    else week.push(gridDay);
  }
  return weeks;
}
