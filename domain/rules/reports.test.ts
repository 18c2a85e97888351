import { describe, expect, it } from "vitest";
import {
  buildReport,
  figuresOf,
  importedNights,
  leadTimeDays,
  nightsInRange,
  periodsOf,
  type ReportBooking,
  revenueInRange,
} from "./reports";

const june = { from: "2026-06-01", to: "2026-06-30" };

const booking = (overrides: Partial<ReportBooking> = {}): ReportBooking => ({
  campsiteId: "creek",
  status: "paid",
  bookedOn: "2026-05-20",
  checkIn: "2026-06-10",
  checkOut: "2026-06-13",
  totalAmountCents: 30000,
  discountAmountCents: 0,
  refundedCents: 0,
  refundedInRangeCents: 0,
  cancelledOn: null,
  ...overrides,
});

describe("a stay's nights and money in a range", () => {
  it("counts only the nights from the range's first day to its last, check-out excluded", () => {
    const overMonthEnd = booking({ checkIn: "2026-06-29", checkOut: "2026-07-03" });
    expect(nightsInRange(overMonthEnd, june)).toBe(2);
    expect(nightsInRange(overMonthEnd, { from: "2026-07-01", to: "2026-07-31" })).toBe(2);
    expect(nightsInRange(booking({ checkIn: "2026-05-30", checkOut: "2026-06-02" }), june)).toBe(1);
    expect(nightsInRange(booking({ checkIn: "2026-07-01", checkOut: "2026-07-02" }), june)).toBe(0);
    // Leaving on the 1st: the night of the 31st was May's.
    expect(nightsInRange(booking({ checkIn: "2026-05-30", checkOut: "2026-06-01" }), june)).toBe(0);
  });

  it("spreads the amount less discount and refunds over the nights, the cents to the first", () => {
    // $100.00 over 3 nights: 33.34, 33.33, 33.33.
    const stay = booking({
      checkIn: "2026-06-29",
      checkOut: "2026-07-02",
      totalAmountCents: 10000,
    });
    expect(revenueInRange(stay, { from: "2026-06-29", to: "2026-06-29" })).toBe(3334);
    expect(revenueInRange(stay, june)).toBe(6667);
    expect(revenueInRange(stay, { from: "2026-07-01", to: "2026-07-31" })).toBe(3333);
    const netted = booking({
      totalAmountCents: 30000,
      discountAmountCents: 3000,
      refundedCents: 6000,
    });
    expect(revenueInRange(netted, june)).toBe(21000);
    expect(revenueInRange(booking({ refundedCents: 99999 }), june)).toBe(0);
  });

  it("measures lead time in farm days from booking to check-in", () => {
    expect(leadTimeDays(booking({ bookedOn: "2026-05-31", checkIn: "2026-06-10" }))).toBe(10);
    expect(leadTimeDays(booking({ bookedOn: "2026-06-10", checkIn: "2026-06-10" }))).toBe(0);
  });
});

describe("imported calendars' nights", () => {
  it("counts a unit once per night, and the whole campsite's active units for a campsite-wide night", () => {
    const nights = importedNights(
      [
        { campsiteId: "creek", unitId: "u1", night: "2026-06-05" },
        { campsiteId: "creek", unitId: "u1", night: "2026-06-05" },
        { campsiteId: "creek", unitId: "u2", night: "2026-06-05" },
        { campsiteId: "creek", unitId: null, night: "2026-06-06" },
        { campsiteId: "creek", unitId: "u1", night: "2026-06-06" },
      ],
      (id) => (id === "creek" ? 3 : 0),
    );
    expect(nights).toEqual([
      { campsiteId: "creek", night: "2026-06-05", unitNights: 2 },
      { campsiteId: "creek", night: "2026-06-06", unitNights: 3 },
    ]);
  });
});

describe("a range's figures", () => {
  // 2 units in June: 60 unit-nights. Hand count below each figure.
  const bookings = [
    // 3 nights, $300, booked 21 days ahead.
    booking({ bookedOn: "2026-05-20", checkIn: "2026-06-10", checkOut: "2026-06-13" }),
    // 4 nights, 2 in June: $200 less a $40 discount over 4 nights = $80 in June; arrived in May.
    booking({
      status: "confirmed",
      bookedOn: "2026-05-01",
      checkIn: "2026-05-30",
      checkOut: "2026-06-03",
      totalAmountCents: 20000,
      discountAmountCents: 4000,
    }),
    // 1 night, booked 5 days ahead.
    booking({
      bookedOn: "2026-06-15",
      checkIn: "2026-06-20",
      checkOut: "2026-06-21",
      totalAmountCents: 10000,
    }),
    // Not sold: a live hold, an expired one, a cancellation with a refund in June.
    booking({ status: "pending", checkIn: "2026-06-24", checkOut: "2026-06-26" }),
    booking({ status: "expired", checkIn: "2026-06-24", checkOut: "2026-06-26" }),
    booking({
      status: "cancelled",
      cancelledOn: "2026-06-02",
      refundedCents: 5000,
      refundedInRangeCents: 5000,
    }),
  ];
  const imported = [
    { campsiteId: "creek", night: "2026-06-05", unitNights: 2 },
    { campsiteId: "creek", night: "2026-07-01", unitNights: 1 },
  ];
  const figures = figuresOf({ range: june, activeUnits: 2, bookings, imported });

  it("sells 3 + 2 + 1 nights of 60 and takes $300 + $80 + $100", () => {
    expect(figures).toMatchObject({
      availableUnitNights: 60,
      nightsSold: 6,
      occupancyPercent: 10,
      revenueCents: 48000,
      averageNightlyRateCents: 8000,
      revenuePerAvailableNightCents: 800,
    });
  });

  it("averages the lead time of the stays arriving in the range: (21 + 5) / 2", () => {
    expect(figures.arrivals).toBe(2);
    expect(figures.averageLeadTimeDays).toBe(13);
  });

  it("counts the cancellation and the refund on their days, and 6 nights here against 2 imported", () => {
    expect(figures).toMatchObject({
      cancellations: 1,
      refunds: 1,
      refundsCents: 5000,
      importedUnitNights: 2,
      bookedHerePercent: 75,
    });
  });

  it("has no rates to show when nothing was sold or there is nothing to sell", () => {
    const empty = figuresOf({ range: june, activeUnits: 0, bookings: [], imported: [] });
    expect(empty).toMatchObject({
      occupancyPercent: 0,
      averageNightlyRateCents: null,
      revenuePerAvailableNightCents: null,
      averageLeadTimeDays: null,
      bookedHerePercent: null,
    });
  });

  it("adds campsites and periods up to the total", () => {
    const report = buildReport({
      range: june,
      campsites: [
        { campsiteId: "creek", name: "Creekside Camp", activeUnits: 2 },
        { campsiteId: "bush", name: "Bush Camp", activeUnits: 3 },
      ],
      bookings: [
        ...bookings,
        booking({ campsiteId: "bush", checkIn: "2026-06-30", checkOut: "2026-07-02" }),
      ],
      imported,
    });
    expect(report.total.availableUnitNights).toBe(150);
    expect(report.total.nightsSold).toBe(7);
    expect(report.campsites.map((c) => [c.name, c.nightsSold, c.revenueCents])).toEqual([
      ["Creekside Camp", 6, 48000],
      ["Bush Camp", 1, 15000],
    ]);
    expect(report.periodUnit).toBe("day");
    expect(report.periods).toHaveLength(30);
    const sum = (k: "nightsSold" | "revenueCents") => report.periods.reduce((a, p) => a + p[k], 0);
    expect(sum("nightsSold")).toBe(7);
    expect(sum("revenueCents")).toBe(report.total.revenueCents);
    expect(report.periods[9]).toMatchObject({
      from: "2026-06-10",
      nightsSold: 1,
      availableUnitNights: 5,
      occupancyPercent: 20,
    });
  });
});

describe("a chart's periods", () => {
  it("are days up to 62 days and months, cut to the range, beyond", () => {
    expect(periodsOf({ from: "2026-06-01", to: "2026-08-01" }).unit).toBe("day");
    expect(periodsOf({ from: "2026-06-15", to: "2026-08-16" })).toEqual({
      unit: "month",
      periods: [
        { from: "2026-06-15", to: "2026-06-30" },
        { from: "2026-07-01", to: "2026-07-31" },
        { from: "2026-08-01", to: "2026-08-16" },
      ],
    });
    expect(periodsOf({ from: "2024-01-01", to: "2026-12-31" }).periods).toHaveLength(36);
  });
});
