import { describe, expect, it } from "vitest";
import { countNight, FULLNESS_STEPS, fullness, fullnessSentence } from "./day-occupancy";

const creek = ["c1", "c2", "c3"].map((id) => ({ id, campsiteId: "creek" }));
const powered = ["p1", "p2"].map((id) => ({ id, campsiteId: "powered" }));
const units = [...creek, ...powered];

describe("counting a night's units", () => {
  it("counts the booked units of the active units", () => {
    expect(countNight(units, new Set(["c1", "p2"]), [])).toEqual({ booked: 2, available: 5 });
    expect(countNight(units, new Set(), [])).toEqual({ booked: 0, available: 5 });
  });

  it("ignores bookings of units outside the view", () => {
    expect(countNight(powered, new Set(["c1", "p1"]), [])).toEqual({ booked: 1, available: 2 });
  });

  it("takes blocked units out of the available ones: a unit, a campsite, every campsite", () => {
    const unitBlock = { campsiteId: "creek", campsiteUnitId: "c3" };
    const campsiteBlock = { campsiteId: "creek", campsiteUnitId: null };
    const everywhere = { campsiteId: null, campsiteUnitId: null };
    expect(countNight(units, new Set(), [unitBlock])).toEqual({ booked: 0, available: 4 });
    expect(countNight(units, new Set(["p1"]), [campsiteBlock])).toEqual({
      booked: 1,
      available: 2,
    });
    expect(countNight(units, new Set(["p1"]), [everywhere])).toEqual({ booked: 0, available: 0 });
  });

  it("counts a unit both booked and blocked as blocked, never as booked", () => {
    const block = { campsiteId: "creek", campsiteUnitId: "c1" };
    expect(countNight(creek, new Set(["c1", "c2"]), [block])).toEqual({
      booked: 1,
      available: 2,
    });
  });
});

describe("how full a day is", () => {
  it("shows 2 of 13 as a light shade, not as sold out", () => {
    expect(fullness({ booked: 2, available: 13 })).toEqual({
      booked: 2,
      available: 13,
      share: 2 / 13,
      step: 1,
      full: false,
      count: "2/13",
    });
  });

  it("steps up by thirds, the boundaries included in the lower step", () => {
    const step = (booked: number, available: number) => fullness({ booked, available }).step;
    expect(step(0, 13)).toBe(0);
    expect(step(1, 3)).toBe(1);
    expect(step(2, 6)).toBe(1);
    expect(step(3, 6)).toBe(2);
    expect(step(2, 3)).toBe(2);
    expect(step(5, 6)).toBe(3);
    expect(step(12, 13)).toBe(3);
    expect(step(13, 13)).toBe(4);
  });

  it("is full when every available unit is booked, or none is available", () => {
    expect(fullness({ booked: 13, available: 13 })).toMatchObject({ full: true, count: "13/13" });
    expect(fullness({ booked: 0, available: 0 })).toMatchObject({
      full: true,
      share: 1,
      step: 4,
      count: null,
    });
  });

  it("never counts more booked than available, nor below zero", () => {
    expect(fullness({ booked: 5, available: 3 })).toMatchObject({ booked: 3, count: "3/3" });
    expect(fullness({ booked: -1, available: 3 })).toMatchObject({ booked: 0, step: 0 });
  });

  it("says it in words, so the shade is never the only sign", () => {
    expect(fullnessSentence(fullness({ booked: 2, available: 13 }))).toBe("2 of 13 units booked");
    expect(fullnessSentence(fullness({ booked: 1, available: 1 }))).toBe(
      "Full, 1 of 1 unit booked",
    );
    expect(fullnessSentence(fullness({ booked: 0, available: 0 }))).toBe(
      "Full, no units available",
    );
  });

  it("has a legend entry for every step, in order", () => {
    expect(FULLNESS_STEPS.map((s) => s.step)).toEqual([0, 1, 2, 3, 4]);
    expect(FULLNESS_STEPS.at(-1)?.label).toMatch(/^Full/);
  });
});
