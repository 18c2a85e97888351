import { describe, expect, it } from "vitest";
import {
  addDays,
  dayNumber,
  dayOfNumber,
  farmMonth,
  farmToday,
  isIsoDay,
  nightsBetween,
  nightsOf,
  startOfFarmDay,
} from "./dates";

describe("the farm's calendar", () => {
  it("takes today in Brisbane, not in the server's timezone", () => {
    // 15:30 UTC on 31 Dec is already 1:30 am on 1 Jan in Brisbane (UTC+10).
    const instant = new Date("2026-12-31T15:30:00Z");
    expect(farmToday(instant)).toBe("2027-01-01");
    expect(farmMonth(instant)).toBe("2027-01");
  });

  it("counts nights from check-in up to, not including, check-out", () => {
    expect(nightsBetween("2026-12-30", "2027-01-02")).toBe(3);
    expect(nightsOf("2026-12-30", "2027-01-02")).toEqual([
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
    ]);
    expect(nightsOf("2026-12-30", "2026-12-30")).toEqual([]);
  });

  it("adds days across month ends", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
  });

  it("numbers the days of any four-digit year, years before 100 included", () => {
    expect(dayNumber("1970-01-01")).toBe(0);
    expect(dayNumber("2026-06-01")).toBe(20605);
    // Date.UTC would take the year 99 for 1999.
    expect(dayNumber("0099-12-31")).toBeLessThan(dayNumber("0100-01-01"));
    expect(nightsBetween("0099-12-31", "0100-01-01")).toBe(1);
    for (const day of ["0000-01-01", "0001-03-01", "0050-02-28", "0999-12-31", "9999-12-31"])
      expect(dayOfNumber(dayNumber(day)), day).toBe(day);
    expect(addDays("0050-02-28", 1)).toBe("0050-03-01");
  });

  it("accepts only real calendar days written yyyy-MM-dd", () => {
    expect(isIsoDay("2026-11-21")).toBe(true);
    expect(isIsoDay("2026-02-30")).toBe(false);
    expect(isIsoDay("21/11/2026")).toBe(false);
    expect(isIsoDay("2026-1-5")).toBe(false);
  });

  it("starts the farm's day at midnight Brisbane time", () => {
    expect(startOfFarmDay("2026-11-22").toISOString()).toBe("2026-11-21T14:00:00.000Z");
  });
});
