import { describe, expect, it } from "vitest";
import {
  closedNightsOf,
  type RowClosure,
  rowSegments,
  shiftedStay,
  timelineWindow,
  windowDays,
} from "./timeline";

const days = windowDays("2026-06-10", 7); // 10 to 16 June
const stay = (checkIn: string, checkOut: string) => ({ id: checkIn, checkIn, checkOut });
const blocked: RowClosure = { label: "Blocked", badge: "Blocked", imported: false };
const hipcamp: RowClosure = { label: "Closed by Hipcamp", badge: "Hipcamp", imported: true };

/** A row as short words: empty nights "-:<span>", a stay "stay:<span>", a closure "<label>:<span>". */
const shape = (segments: ReturnType<typeof rowSegments>) =>
  segments.map((s) =>
    s.kind === "free"
      ? `${s.past ? "past" : "-"}:${s.span}`
      : s.kind === "stay"
        ? `stay:${s.span}`
        : `${s.closure.label}:${s.span}`,
  );
/** The window opens on today unless a test says otherwise. */
const today = "2026-06-10";

describe("the timeline's window", () => {
  it("runs from today for two weeks unless asked otherwise", () => {
    expect(timelineWindow({}, "2026-06-10")).toEqual({ from: "2026-06-10", range: "2w", days: 14 });
    expect(timelineWindow({ from: "2026-07-01", range: "1m" }, "2026-06-10")).toEqual({
      from: "2026-07-01",
      range: "1m",
      days: 31,
    });
    expect(timelineWindow({ range: "3m" }, "2026-06-10").days).toBe(92);
  });

  it("ignores a day that is not one, or years away, and a range it does not offer", () => {
    for (const from of ["2026-02-30", "10/06/2026", "", "2040-01-01", "1999-12-31"]) {
      expect(timelineWindow({ from, range: "6m" }, "2026-06-10")).toEqual({
        from: "2026-06-10",
        range: "2w",
        days: 14,
      });
    }
  });

  it("lists its days across a month's end", () => {
    expect(windowDays("2026-06-29", 3)).toEqual(["2026-06-29", "2026-06-30", "2026-07-01"]);
  });
});

describe("a unit's row", () => {
  it("draws each stay across its nights and runs the other nights together, empty", () => {
    const row = rowSegments(
      days,
      [stay("2026-06-13", "2026-06-15"), stay("2026-06-11", "2026-06-13")],
      new Map(),
      today,
    );
    expect(shape(row)).toEqual(["-:1", "stay:2", "stay:2", "-:2"]);
    expect(row[0]).toEqual({ kind: "free", first: "2026-06-10", span: 1, past: false });
    expect(row[3]).toEqual({ kind: "free", first: "2026-06-15", span: 2, past: false });
  });

  it("is one run of empty nights with no stay, the past ones apart", () => {
    expect(shape(rowSegments(days, [], new Map(), today))).toEqual(["-:7"]);
    const row = rowSegments(days, [], new Map(), "2026-06-13");
    expect(shape(row)).toEqual(["past:3", "-:4"]);
    expect(row[1]).toMatchObject({ first: "2026-06-13" });
    expect(shape(rowSegments(days, [], new Map(), "2026-07-01"))).toEqual(["past:7"]);
  });

  it("clips a stay begun before the window or ending after it, and says so", () => {
    const row = rowSegments(
      days,
      [stay("2026-06-08", "2026-06-11"), stay("2026-06-15", "2026-06-20")],
      new Map(),
      today,
    );
    expect(shape(row)).toEqual(["stay:1", "-:4", "stay:2"]);
    expect(row[0]).toMatchObject({ startsBefore: true, endsAfter: false });
    expect(row[2]).toMatchObject({ startsBefore: false, endsAfter: true });
  });

  it("runs nights closed alike together, apart from the nights closed otherwise", () => {
    const closed = new Map([
      ["2026-06-10", blocked],
      ["2026-06-11", blocked],
      ["2026-06-12", hipcamp],
      ["2026-06-16", blocked],
    ]);
    const row = rowSegments(days, [stay("2026-06-13", "2026-06-14")], closed, today);
    expect(shape(row)).toEqual(["Blocked:2", "Closed by Hipcamp:1", "stay:1", "-:2", "Blocked:1"]);
    expect(row[1]).toMatchObject({ kind: "closed", first: "2026-06-12" });
  });

  it("lets a stay win a night that is also closed, and names the closure on it", () => {
    const closed = new Map([
      ["2026-06-11", hipcamp],
      ["2026-06-12", hipcamp],
    ]);
    const row = rowSegments(days, [stay("2026-06-12", "2026-06-14")], closed, today);
    expect(shape(row)).toEqual(["-:1", "Closed by Hipcamp:1", "stay:2", "-:3"]);
    expect(row[2]).toMatchObject({ alsoClosed: ["Closed by Hipcamp"] });
  });
});

describe("a unit's closed nights", () => {
  const unit = { id: "unit-1", campsiteId: "creek" };
  it("come from blocks of every campsite, of the unit's campsite and of the unit, the narrowest first", () => {
    const closedOf = closedNightsOf([
      { date: "2026-06-10", campsiteId: null, unitId: null, feedName: null },
      { date: "2026-06-11", campsiteId: "creek", unitId: null, feedName: "Hipcamp" },
      { date: "2026-06-11", campsiteId: "creek", unitId: "unit-1", feedName: null },
      { date: "2026-06-12", campsiteId: "creek", unitId: "unit-2", feedName: null },
      { date: "2026-06-13", campsiteId: "powered", unitId: null, feedName: null },
    ]);
    expect(Object.fromEntries(closedOf(unit))).toEqual({
      "2026-06-10": blocked,
      "2026-06-11": blocked,
    });
    expect(Object.fromEntries(closedOf({ id: "unit-2", campsiteId: "creek" }))).toEqual({
      "2026-06-10": blocked,
      "2026-06-11": hipcamp,
      "2026-06-12": blocked,
    });
  });
});

describe("a dragged stay", () => {
  it("keeps its nights, shifted by the days it was dragged", () => {
    expect(shiftedStay({ checkIn: "2026-06-29", checkOut: "2026-07-02" }, 3)).toEqual({
      checkIn: "2026-07-02",
      checkOut: "2026-07-05",
    });
    expect(shiftedStay({ checkIn: "2026-06-01", checkOut: "2026-06-02" }, -1)).toEqual({
      checkIn: "2026-05-31",
      checkOut: "2026-06-01",
    });
  });
});
