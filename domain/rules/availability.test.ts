import { describe, expect, it } from "vitest";
import {
  type AvailabilityInput,
  freeUnitsForStay,
  isChangeoverNight,
  unavailableNights,
} from "./availability";

const input = (overrides: Partial<AvailabilityInput> = {}): AvailabilityInput => ({
  campsiteId: "site",
  from: "2027-01-01",
  to: "2027-01-10",
  activeUnitIds: ["u1", "u2"],
  hasAnyUnits: true,
  blocks: [],
  occupancies: [],
  ...overrides,
});

describe("unavailable nights", () => {
  it("are the nights every active unit is taken, from check-in up to, not including, check-out", () => {
    const nights = unavailableNights(
      input({
        occupancies: [
          { campsiteUnitId: "u1", checkInDate: "2027-01-02", checkOutDate: "2027-01-05" },
          { campsiteUnitId: "u2", checkInDate: "2027-01-04", checkOutDate: "2027-01-06" },
        ],
      }),
    );
    expect(nights).toEqual(["2027-01-04"]);
  });

  it("include nights blocked for the campsite or for all campsites, not for another campsite", () => {
    const nights = unavailableNights(
      input({
        blocks: [
          { blockedDate: "2027-01-03", campsiteId: "site", campsiteUnitId: null },
          { blockedDate: "2027-01-07", campsiteId: null, campsiteUnitId: null },
          { blockedDate: "2027-01-08", campsiteId: "other", campsiteUnitId: null },
        ],
      }),
    );
    expect(nights).toEqual(["2027-01-03", "2027-01-07"]);
  });

  it("count a unit blocked on a night (an imported calendar) as taken", () => {
    const nights = unavailableNights(
      input({
        blocks: [
          { blockedDate: "2027-01-02", campsiteId: "site", campsiteUnitId: "u1" },
          { blockedDate: "2027-01-05", campsiteId: "site", campsiteUnitId: "u1" },
        ],
        occupancies: [
          { campsiteUnitId: "u2", checkInDate: "2027-01-02", checkOutDate: "2027-01-03" },
        ],
      }),
    );
    expect(nights).toEqual(["2027-01-02"]);
  });

  it("ignore bookings of inactive units, and clip stays to the range", () => {
    const nights = unavailableNights(
      input({
        activeUnitIds: ["u1"],
        from: "2027-01-05",
        to: "2027-01-06",
        occupancies: [
          { campsiteUnitId: "u9", checkInDate: "2027-01-01", checkOutDate: "2027-01-30" },
          { campsiteUnitId: "u1", checkInDate: "2026-12-20", checkOutDate: "2027-01-06" },
        ],
      }),
    );
    expect(nights).toEqual(["2027-01-05"]);
  });

  it("are every night when all units are inactive, none when a campsite never had units", () => {
    expect(unavailableNights(input({ activeUnitIds: [], to: "2027-01-02" }))).toEqual([
      "2027-01-01",
      "2027-01-02",
    ]);
    expect(unavailableNights(input({ activeUnitIds: [], hasAnyUnits: false }))).toEqual([]);
  });
});

describe("free units for a stay", () => {
  it("are those free every night of it, in order; a back-to-back stay fits", () => {
    const base = input({
      occupancies: [
        { campsiteUnitId: "u1", checkInDate: "2027-01-02", checkOutDate: "2027-01-04" },
      ],
    });
    expect(freeUnitsForStay(base, "2027-01-03", "2027-01-05")).toEqual(["u2"]);
    expect(freeUnitsForStay(base, "2027-01-04", "2027-01-06")).toEqual(["u1", "u2"]);
  });

  it("are none when a night is blocked for the campsite; a unit block removes only that unit", () => {
    const blocked = input({
      blocks: [{ blockedDate: "2027-01-03", campsiteId: null, campsiteUnitId: null }],
    });
    expect(freeUnitsForStay(blocked, "2027-01-02", "2027-01-04")).toEqual([]);
    const unitBlocked = input({
      blocks: [{ blockedDate: "2027-01-03", campsiteId: "site", campsiteUnitId: "u2" }],
    });
    expect(freeUnitsForStay(unitBlocked, "2027-01-02", "2027-01-04")).toEqual(["u1"]);
  });
});

describe("changeover nights ('Auto-block after booking')", () => {
  const stay = { campsiteUnitId: "u1", checkInDate: "2027-01-04", checkOutDate: "2027-01-06" };
  const oneUnit = (changeoverNights: number) =>
    input({ activeUnitIds: ["u1"], occupancies: [stay], changeoverNights });

  it("keep a stay on the same unit from starting within the nights after another", () => {
    expect(freeUnitsForStay(oneUnit(1), "2027-01-06", "2027-01-08")).toEqual([]);
    expect(freeUnitsForStay(oneUnit(1), "2027-01-07", "2027-01-09")).toEqual(["u1"]);
    expect(freeUnitsForStay(oneUnit(2), "2027-01-07", "2027-01-09")).toEqual([]);
    expect(freeUnitsForStay(oneUnit(0), "2027-01-06", "2027-01-08")).toEqual(["u1"]);
  });

  it("keep a stay from ending where its own changeover would meet the next stay", () => {
    expect(freeUnitsForStay(oneUnit(1), "2027-01-02", "2027-01-04")).toEqual([]);
    expect(freeUnitsForStay(oneUnit(1), "2027-01-01", "2027-01-03")).toEqual(["u1"]);
  });

  it("leave another unit free on the changeover night", () => {
    const twoUnits = input({ occupancies: [stay], changeoverNights: 1 });
    expect(freeUnitsForStay(twoUnits, "2027-01-06", "2027-01-08")).toEqual(["u2"]);
  });

  it("show on the calendar when they take the last unit", () => {
    expect(unavailableNights(oneUnit(1))).toEqual([
      "2027-01-03",
      "2027-01-04",
      "2027-01-05",
      "2027-01-06",
    ]);
    expect(unavailableNights(input({ occupancies: [stay], changeoverNights: 1 }))).toEqual([]);
  });

  it("are the nights either side of a stay, for the admin calendar's count", () => {
    const nights = ["2027-01-02", "2027-01-03", "2027-01-04", "2027-01-06", "2027-01-07"];
    expect(nights.map((night) => isChangeoverNight(stay, night, 1))).toEqual([
      false,
      true,
      false,
      true,
      false,
    ]);
    expect(isChangeoverNight(stay, "2027-01-07", 2)).toBe(true);
    expect(isChangeoverNight(stay, "2027-01-06", 0)).toBe(false);
  });
});

describe("day numbers", () => {
  it("round-trip across month ends and leap days", async () => {
    const { dayNumber, dayOfNumber } = await import("./dates");
    for (const day of ["2028-02-28", "2028-02-29", "2028-03-01", "2026-12-31", "2027-01-01"])
      expect(dayOfNumber(dayNumber(day))).toBe(day);
    expect(dayNumber("2028-03-01") - dayNumber("2028-02-28")).toBe(2);
  });
});
