import { describe, expect, it } from "vitest";
import { longWeekendNights } from "./long-weekends";

const sorted = (nights: Set<string>) => [...nights].sort();

describe("long weekends", () => {
  it("of a Monday holiday are the Friday, Saturday and Sunday nights", () => {
    // Labour Day 2026, Monday 4 May.
    expect(sorted(longWeekendNights(["2026-05-04"]))).toEqual([
      "2026-05-01",
      "2026-05-02",
      "2026-05-03",
    ]);
  });

  it("of Easter run from the Thursday night to the Sunday night", () => {
    const easter = ["2026-04-03", "2026-04-04", "2026-04-05", "2026-04-06"];
    expect(sorted(longWeekendNights(easter))).toEqual([
      "2026-04-02",
      "2026-04-03",
      "2026-04-04",
      "2026-04-05",
    ]);
  });

  it("are none for a holiday in the middle of the week or on a weekend", () => {
    expect(longWeekendNights(["2026-08-12"]).size).toBe(0); // a Wednesday
    expect(longWeekendNights(["2026-04-25"]).size).toBe(0); // Anzac Day on a Saturday
  });
});
