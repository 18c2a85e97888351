import { describe, expect, it } from "vitest";
import { type FarmEvent, formatEventDates, upcomingEvents } from "./events";

const event = (title: string, startDate: string, endDate?: string): FarmEvent => ({
  title,
  startDate,
  endDate,
  time: "all day",
  description: "",
});

describe("the events page's list", () => {
  it("keeps events not yet over on the farm's day, soonest first", () => {
    const events = [
      event("later", "2027-03-01"),
      event("past", "2026-11-01"),
      event("today", "2026-11-21"),
      event("running", "2026-11-01", "2026-11-30"),
    ];
    expect(upcomingEvents(events, "2026-11-21").map((e) => e.title)).toEqual([
      "running",
      "today",
      "later",
    ]);
  });

  it("drops an event the day after it ends", () => {
    expect(upcomingEvents([event("over", "2026-11-01", "2026-11-20")], "2026-11-21")).toEqual([]);
  });

  it("writes dates out in Australian English", () => {
    expect(formatEventDates(event("one", "2026-12-12"))).toBe("Saturday 12 December 2026");
    expect(formatEventDates(event("two", "2026-12-19", "2027-01-26"))).toBe(
      "Saturday 19 December 2026 to Tuesday 26 January 2027",
    );
  });
});
