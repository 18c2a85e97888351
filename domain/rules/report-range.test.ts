import { describe, expect, it } from "vitest";
import { presetRange, rangeProblems, readRangeQuery, seasonOf } from "./report-range";

const query = (q: Partial<Record<"range" | "from" | "to", string>>) => ({
  range: q.range ?? null,
  from: q.from ?? null,
  to: q.to ?? null,
});

describe("a report's range", () => {
  it("takes this month and last month whole, across a new year", () => {
    expect(presetRange("this-month", "2026-02-14")).toEqual({
      from: "2026-02-01",
      to: "2026-02-28",
    });
    expect(presetRange("last-month", "2026-01-05")).toEqual({
      from: "2025-12-01",
      to: "2025-12-31",
    });
  });

  it("takes this season as three whole Australian months, summer running over new year", () => {
    expect(seasonOf("2026-12-01")).toEqual({
      name: "summer",
      range: { from: "2026-12-01", to: "2027-02-28" },
    });
    expect(seasonOf("2028-02-29")).toEqual({
      name: "summer",
      range: { from: "2027-12-01", to: "2028-02-29" },
    });
    expect(seasonOf("2026-03-01").name).toBe("autumn");
    expect(seasonOf("2026-05-31").range).toEqual({ from: "2026-03-01", to: "2026-05-31" });
    expect(seasonOf("2026-06-15")).toEqual({
      name: "winter",
      range: { from: "2026-06-01", to: "2026-08-31" },
    });
    expect(seasonOf("2026-11-30")).toEqual({
      name: "spring",
      range: { from: "2026-09-01", to: "2026-11-30" },
    });
    expect(presetRange("this-season", "2026-07-04")).toEqual(seasonOf("2026-07-04").range);
  });

  it("accepts one day and up to a day short of 3 years", () => {
    expect(rangeProblems("2026-06-01", "2026-06-01")).toBeNull();
    expect(rangeProblems("2024-01-01", "2026-12-31")).toBeNull();
  });

  it("refuses a range of more than 3 years, or ending before it starts, on the end date", () => {
    expect(rangeProblems("2024-01-01", "2027-01-01")).toEqual({
      to: "Choose a range of at most 3 years.",
    });
    expect(rangeProblems("2026-06-02", "2026-06-01")).toEqual({
      to: "The end must be on or after the start.",
    });
  });

  it("refuses days outside the years 2000 to 2100, naming each field", () => {
    expect(rangeProblems("0999-01-01", "0999-12-31")).toEqual({
      from: "Choose a start date between 2000 and 2100.",
      to: "Choose an end date between 2000 and 2100.",
    });
    expect(rangeProblems("9997-01-01", "9997-01-31")).toEqual({
      from: "Choose a start date between 2000 and 2100.",
      to: "Choose an end date between 2000 and 2100.",
    });
    expect(rangeProblems("1999-12-31", "2000-01-31")).toEqual({
      from: "Choose a start date between 2000 and 2100.",
    });
    expect(rangeProblems("2100-01-01", "2101-01-01")).toEqual({
      to: "Choose an end date between 2000 and 2100.",
    });
    expect(rangeProblems("2000-01-01", "2000-12-31")).toBeNull();
    expect(rangeProblems("2100-01-01", "2100-12-31")).toBeNull();
    expect(
      readRangeQuery(query({ from: "0999-01-01", to: "0999-12-31" }), "2026-06-15"),
    ).toMatchObject({ ok: false, values: { from: "0999-01-01", to: "0999-12-31" } });
  });

  it("refuses what is not a calendar day, naming each field", () => {
    expect(rangeProblems("2026-02-30", "June")).toEqual({
      from: "Enter the start as a date, like 2026-06-01.",
      to: "Enter the end as a date, like 2026-06-30.",
    });
    expect(rangeProblems("", "2026-06-01")).toHaveProperty("from");
  });

  it("reads the address: nothing is this month, typed days a custom range", () => {
    expect(readRangeQuery(query({}), "2026-06-15")).toEqual({
      ok: true,
      preset: "this-month",
      range: { from: "2026-06-01", to: "2026-06-30" },
    });
    expect(readRangeQuery(query({ from: "2026-01-01", to: "2026-03-31" }), "2026-06-15")).toEqual({
      ok: true,
      preset: "custom",
      range: { from: "2026-01-01", to: "2026-03-31" },
    });
    expect(readRangeQuery(query({ range: "last-month", from: "x" }), "2026-06-15")).toMatchObject({
      ok: true,
      range: { from: "2026-05-01", to: "2026-05-31" },
    });
  });

  it("keeps what was typed beside the problems", () => {
    expect(readRangeQuery(query({ from: "2026-06-10", to: "2026-06-01" }), "2026-06-15")).toEqual({
      ok: false,
      values: { from: "2026-06-10", to: "2026-06-01" },
      errors: { to: "The end must be on or after the start." },
    });
    expect(readRangeQuery(query({ range: "forever" }), "2026-06-15")).toMatchObject({
      ok: false,
      errors: { range: expect.stringContaining("this season") },
    });
  });

  it("takes only its own shortcuts by name, not what every object has", () => {
    for (const range of ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"])
      expect(readRangeQuery(query({ range }), "2026-06-15"), range).toEqual({
        ok: false,
        values: { from: "", to: "" },
        errors: { range: "Choose this month, last month, this season or a start and end." },
      });
  });
});
