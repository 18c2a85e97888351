import { describe, expect, it } from "vitest";
import { isMonth, monthGrid, shiftMonth } from "./calendar-month";

/** The day in row `week`, column `weekday` (0 is Sunday) of a month grid. */
function dayAt(weeks: ReturnType<typeof monthGrid>, week: number, weekday: number) {
  const day = weeks[week]?.[weekday];
  if (!day) throw new Error(`expected a day in week ${week}, weekday ${weekday}`);
  return day;
}

describe("the admin calendar's month grid", () => {
  it("runs Sunday to Saturday and covers the whole month", () => {
    // June 2026 starts on a Monday and ends on a Tuesday.
    const weeks = monthGrid("2026-06");
    expect(weeks).toHaveLength(5);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(dayAt(weeks, 0, 0)).toEqual({ date: "2026-05-31", inMonth: false });
    expect(dayAt(weeks, 0, 1)).toEqual({ date: "2026-06-01", inMonth: true });
    expect(dayAt(weeks, 4, 2)).toEqual({ date: "2026-06-30", inMonth: true });
    expect(dayAt(weeks, 4, 6)).toEqual({ date: "2026-07-04", inMonth: false });
    expect(weeks.flat().filter((d) => d.inMonth)).toHaveLength(30);
  });

  it("needs no padding when the month starts on Sunday and ends on Saturday", () => {
    // February 2026: Sunday 1st to Saturday 28th.
    const weeks = monthGrid("2026-02");
    expect(weeks).toHaveLength(4);
    expect(dayAt(weeks, 0, 0).date).toBe("2026-02-01");
    expect(dayAt(weeks, 3, 6).date).toBe("2026-02-28");
  });

  it("takes six rows when the month needs them", () => {
    // August 2026 starts on a Saturday and has 31 days.
    const weeks = monthGrid("2026-08");
    expect(weeks).toHaveLength(6);
    expect(dayAt(weeks, 5, 1).date).toBe("2026-08-31");
  });

  it("moves between months across years", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2026-06", 0)).toBe("2026-06");
  });

  it("accepts only yyyy-MM", () => {
    expect(isMonth("2026-06")).toBe(true);
    expect(isMonth("2026-13")).toBe(false);
    expect(isMonth("2026-6")).toBe(false);
    expect(isMonth("June")).toBe(false);
  });
});
