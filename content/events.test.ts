import { describe, expect, it } from "vitest";
import { type FarmEvent, formatEventDates } from "./events";

const event = (title: string, startDate: string, endDate?: string): FarmEvent => ({
  title,
  startDate,
  endDate,
  time: "all day",
  description: "",
});

describe("an event's dates", () => {
  it("are written out in Australian English", () => {
    expect(formatEventDates(event("one", "2026-12-12"))).toBe("Saturday 12 December 2026");
    expect(formatEventDates(event("two", "2026-12-19", "2027-01-26"))).toBe(
      "Saturday 19 December 2026 to Tuesday 26 January 2027",
    );
  });
});
