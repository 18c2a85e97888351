import { describe, expect, it } from "vitest";
import { monthRange, occupancyRate, upcomingWindow } from "./occupancy";

describe("the dashboard's month figures", () => {
  it("knows each month's length, leap years and December included", () => {
    expect(monthRange("2026-02")).toEqual({ start: "2026-02-01", end: "2026-03-01", days: 28 });
    expect(monthRange("2028-02").days).toBe(29);
    expect(monthRange("2026-12")).toEqual({ start: "2026-12-01", end: "2027-01-01", days: 31 });
  });

  it("writes the next month's year in four digits, whatever the year", () => {
    expect(monthRange("0999-01")).toEqual({ start: "0999-01-01", end: "0999-02-01", days: 31 });
    expect(monthRange("0999-12")).toEqual({ start: "0999-12-01", end: "1000-01-01", days: 31 });
    expect(monthRange("0050-02")).toEqual({ start: "0050-02-01", end: "0050-03-01", days: 28 });
  });

  it("divides booked unit-nights by days times active units, as a rounded percent", () => {
    // 13 units in a 30-day month: 390 unit-nights; 39 booked is 10%.
    expect(occupancyRate(39, 30, 13)).toBe(10);
    expect(occupancyRate(1, 30, 13)).toBe(0);
    expect(occupancyRate(2, 30, 13)).toBe(1);
    expect(occupancyRate(45, 30, 3)).toBe(50);
    expect(occupancyRate(5, 30, 0)).toBe(0);
    expect(occupancyRate(500, 30, 3)).toBe(100);
  });

  it("looks seven days ahead for upcoming bookings", () => {
    expect(upcomingWindow("2026-12-28")).toEqual({ from: "2026-12-28", to: "2027-01-04" });
  });
});
