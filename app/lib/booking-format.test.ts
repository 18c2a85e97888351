import { describe, expect, it } from "vitest";
import { formatDay } from "./booking-format";

describe("a farm date on the booking pages", () => {
  it("reads as weekday, day, month and year", () => {
    expect(formatDay("2027-01-31")).toBe("Sun 31 Jan 2027");
    expect(formatDay("2026-11-02")).toBe("Mon 2 Nov 2026");
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
});
