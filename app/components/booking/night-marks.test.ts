import { describe, expect, it } from "vitest";
import type { Availability } from "#domain/api/booking.ts";
import { compactMoney, longerMinimums, nightMarkLabel, nightMarks } from "./night-marks";

const availability: Availability = {
  campsiteId: "c1",
  from: "2026-11-23",
  to: "2027-11-23",
  unavailableDates: ["2026-12-01"],
  today: "2026-11-23",
  minimumNightStay: 2,
  maximumNightStay: 28,
  maxAdvanceBookingDays: 365,
  lastCheckOutDate: "2027-11-23",
  capacity: 6,
  rates: {
    nightPriceCents: 4500,
    weekendPriceCents: 5250,
    baseOccupancy: null,
    extraGuestFeeCents: 0,
    petFeeCents: 1000,
    maxDogs: 2,
    longWeekendMinimumNights: 3,
    seasons: [
      {
        name: "Christmas school holidays",
        startDate: "2026-12-20",
        endDate: "2027-01-26",
        nightPriceCents: 6000,
        weekendPriceCents: null,
        minimumNights: 3,
      },
    ],
    extras: [],
  },
  questions: [],
  cancellationPolicy: null,
  termsVersion: "",
  longWeekendNights: ["2027-01-23", "2027-01-24", "2027-01-25"],
};

describe("the calendar's nights", () => {
  const mark = nightMarks(availability);

  it("shows each night's price as the rates set it, compactly", () => {
    expect(mark("2026-11-24")).toEqual({ price: "$45", longerMinimum: undefined }); // a Tuesday
    expect(mark("2026-11-27")).toEqual({ price: "$52.50", longerMinimum: undefined }); // a Friday
    expect(compactMoney(100_000)).toBe("$1,000");
  });

  it("marks a season's nights that need a longer stay than the farm's", () => {
    expect(mark("2026-12-24")).toEqual({ price: "$60", longerMinimum: 3 });
    expect(nightMarkLabel({ price: "$60", longerMinimum: 3 })).toBe("$60 a night, 3-night minimum");
    expect(nightMarkLabel({ price: "$45" })).toBe("$45 a night");
  });

  it("marks nothing on a night that cannot be booked", () => {
    expect(mark("2026-11-22")).toBeUndefined();
    expect(mark("2026-12-01")).toBeUndefined();
    expect(mark("2027-11-23")).toBeUndefined();
  });

  it("lists the longer minimum stays for the legend, once each", () => {
    expect(longerMinimums(availability)).toEqual([3]);
    expect(longerMinimums({ ...availability, minimumNightStay: 3 })).toEqual([]);
  });
});
