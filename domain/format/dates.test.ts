import { describe, expect, it } from "vitest";
import { formatDay, formatFarmDateTime, formatMonth } from "./dates";

describe("a farm date", () => {
  it("reads as weekday, day, month and year", () => {
    expect(formatDay("2027-01-31")).toBe("Sun 31 Jan 2027");
    expect(formatDay("2026-11-02")).toBe("Mon 2 Nov 2026");
  });

  it("reads without the weekday where a list shows many", () => {
    expect(formatDay("2032-03-05", { weekday: false })).toBe("5 Mar 2032");
  });

  it("is the same day in any timezone", () => {
    const before = process.env.TZ;
    process.env.TZ = "Australia/Brisbane";
    try {
      expect(formatDay("2027-01-01")).toBe("Fri 1 Jan 2027");
    } finally {
      process.env.TZ = before;
    }
  });

  it("names a month", () => {
    expect(formatMonth("2026-06")).toBe("June 2026");
  });
});

describe("an instant", () => {
  it("shows on the farm's clock (Brisbane, UTC+10)", () => {
    expect(formatFarmDateTime(new Date("2032-03-31T14:30:00Z"))).toBe("1 Apr 2032, 12:30 am");
    expect(formatFarmDateTime("2032-03-05T04:05:00Z")).toBe("5 Mar 2032, 2:05 pm");
  });
});
