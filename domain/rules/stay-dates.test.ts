import { describe, expect, it } from "vitest";
import type { Rates, Season } from "./rates";
import { type Availability, stayRules, withCheckIn } from "./stay-dates";

const flatRates: Rates = {
  nightPriceCents: 4500,
  weekendPriceCents: null,
  baseOccupancy: null,
  extraGuestFeeCents: 0,
  petFeeCents: 0,
  maxDogs: 0,
  longWeekendMinimumNights: null,
  seasons: [],
  extras: [],
};

const availability = (overrides: Partial<Availability> = {}): Availability => ({
  campsiteId: "c1",
  from: "2026-11-10",
  to: "2027-11-10",
  unavailableDates: [],
  today: "2026-11-10",
  minimumNightStay: 1,
  maximumNightStay: 28,
  maxAdvanceBookingDays: 365,
  lastCheckOutDate: "2027-11-10",
  capacity: 6,
  rates: flatRates,
  longWeekendNights: [],
  questions: [],
  cancellationPolicy: null,
  termsVersion: "",
  ...overrides,
});

describe("the calendar's check-in days", () => {
  it("disables the past and keeps today", () => {
    const rules = stayRules(availability());
    expect(rules.isCheckInDisabled("2026-11-09")).toBe(true);
    expect(rules.isCheckInDisabled("2026-11-10")).toBe(false);
  });

  it("disables an unavailable night (blocked, or every unit booked)", () => {
    const rules = stayRules(availability({ unavailableDates: ["2026-11-20"] }));
    expect(rules.isCheckInDisabled("2026-11-20")).toBe(true);
    expect(rules.isCheckInDisabled("2026-11-19")).toBe(false);
    expect(rules.isCheckInDisabled("2026-11-21")).toBe(false);
  });

  it("disables a check-in whose minimum stay would run into an unavailable night", () => {
    const rules = stayRules(
      availability({ minimumNightStay: 2, unavailableDates: ["2026-11-20"] }),
    );
    expect(rules.isCheckInDisabled("2026-11-19")).toBe(true);
    expect(rules.isCheckInDisabled("2026-11-18")).toBe(false);
  });

  it("disables check-outs past the longest stay", () => {
    const rules = stayRules(availability({ maximumNightStay: 3 }));
    expect(rules.isStayBookable("2026-11-12", "2026-11-15")).toBe(true);
    expect(rules.isStayBookable("2026-11-12", "2026-11-16")).toBe(false);
    expect(rules.stayProblem({ checkIn: "2026-11-12", checkOut: "2026-11-16", guests: 1 })).toBe(
      "Stays of more than 3 nights are booked by phone.",
    );
  });

  it("disables check-ins beyond the maximum advance booking", () => {
    const rules = stayRules(availability({ lastCheckOutDate: "2026-12-10" }));
    expect(rules.isCheckInDisabled("2026-12-09")).toBe(false);
    expect(rules.isCheckInDisabled("2026-12-10")).toBe(true);
  });
});

describe("the calendar's check-out days", () => {
  it("starts the day after check-in", () => {
    const rules = stayRules(availability());
    expect(rules.isCheckOutDisabled("2026-11-15", "2026-11-15")).toBe(true);
    expect(rules.isCheckOutDisabled("2026-11-15", "2026-11-16")).toBe(false);
  });

  it("allows checking out on an unavailable night but not staying through it", () => {
    const rules = stayRules(availability({ unavailableDates: ["2026-11-20"] }));
    expect(rules.isCheckOutDisabled("2026-11-18", "2026-11-20")).toBe(false);
    expect(rules.isCheckOutDisabled("2026-11-18", "2026-11-21")).toBe(true);
    expect(rules.isCheckOutDisabled("2026-11-18", "2026-11-25")).toBe(true);
  });

  it("honours the minimum night stay", () => {
    const rules = stayRules(availability({ minimumNightStay: 2 }));
    expect(rules.isCheckOutDisabled("2026-11-15", "2026-11-16")).toBe(true);
    expect(rules.isCheckOutDisabled("2026-11-15", "2026-11-17")).toBe(false);
  });

  it("without a check-in, starts tomorrow", () => {
    const rules = stayRules(availability());
    expect(rules.isCheckOutDisabled(undefined, "2026-11-10")).toBe(true);
    expect(rules.isCheckOutDisabled(undefined, "2026-11-11")).toBe(false);
    expect(rules.isCheckOutDisabled(undefined, "2027-11-11")).toBe(true);
  });
});

describe("picking a check-in", () => {
  const rules = stayRules(availability({ unavailableDates: ["2026-11-20"] }));

  it("moves a check-out on or before the new check-in to the next day", () => {
    const stay = { checkIn: "2026-11-12", checkOut: "2026-11-14" };
    expect(withCheckIn(rules, stay, "2026-11-14")).toEqual({
      checkIn: "2026-11-14",
      checkOut: "2026-11-15",
    });
    expect(withCheckIn(rules, stay, "2026-11-16")).toEqual({
      checkIn: "2026-11-16",
      checkOut: "2026-11-17",
    });
  });

  it("keeps a check-out that still makes a bookable stay", () => {
    const stay = { checkIn: "2026-11-12", checkOut: "2026-11-15" };
    expect(withCheckIn(rules, stay, "2026-11-13")).toEqual({ ...stay, checkIn: "2026-11-13" });
  });

  it("moves a check-out the stay can no longer reach without crossing an unavailable night", () => {
    const stay = { checkIn: "2026-11-21", checkOut: "2026-11-23" };
    expect(withCheckIn(rules, stay, "2026-11-18")).toEqual({
      checkIn: "2026-11-18",
      checkOut: "2026-11-19",
    });
  });
});

describe("a whole stay", () => {
  const rules = stayRules(availability({ unavailableDates: ["2026-11-20"], minimumNightStay: 2 }));

  it("is bookable only when every night is free and long enough", () => {
    expect(rules.isStayBookable("2026-11-15", "2026-11-17")).toBe(true);
    expect(rules.isStayBookable("2026-11-18", "2026-11-20")).toBe(true);
    expect(rules.isStayBookable("2026-11-19", "2026-11-21")).toBe(false);
    expect(rules.isStayBookable("2026-11-15", "2026-11-16")).toBe(false);
    expect(rules.isStayBookable("2026-11-01", "2026-11-05")).toBe(false);
    expect(rules.isStayBookable(undefined, "2026-11-17")).toBe(false);
    expect(rules.isStayBookable("2026-02-30", "2026-03-02")).toBe(false);
  });
});

describe("nights with a longer minimum stay (issue 13)", () => {
  const christmas: Season = {
    name: "Christmas school holidays",
    startDate: "2026-12-20",
    endDate: "2027-01-26",
    nightPriceCents: 6000,
    weekendPriceCents: null,
    minimumNights: 3,
  };
  const rules = stayRules(
    availability({ minimumNightStay: 2, rates: { ...flatRates, seasons: [christmas] } }),
  );

  it("refuses a check-out that makes the stay shorter than its nights demand", () => {
    expect(rules.minimumNightsOf("2026-12-21", "2026-12-23")).toBe(3);
    expect(rules.isCheckOutDisabled("2026-12-21", "2026-12-23")).toBe(true);
    expect(rules.isCheckOutDisabled("2026-12-21", "2026-12-24")).toBe(false);
    // A stay reaching into the season from before it takes the season's minimum too.
    expect(rules.isStayBookable("2026-12-18", "2026-12-21")).toBe(true);
    expect(rules.isStayBookable("2026-12-19", "2026-12-21")).toBe(false);
    // Outside it, the farm's 2 nights.
    expect(rules.isStayBookable("2026-12-10", "2026-12-12")).toBe(true);
  });

  it("moves the check-out to the earliest the season allows", () => {
    expect(rules.earliestCheckOut("2026-12-21")).toBe("2026-12-24");
    expect(rules.earliestCheckOut("2026-12-19")).toBe("2026-12-22");
    expect(withCheckIn(rules, {}, "2026-12-21")).toEqual({
      checkIn: "2026-12-21",
      checkOut: "2026-12-24",
    });
  });

  it("disables a check-in whose stay of the season's length runs into an unavailable night", () => {
    const blocked = stayRules(
      availability({
        minimumNightStay: 2,
        unavailableDates: ["2026-12-23"],
        rates: { ...flatRates, seasons: [christmas] },
      }),
    );
    expect(blocked.isCheckInDisabled("2026-12-21")).toBe(true);
    expect(blocked.isCheckInDisabled("2026-12-24")).toBe(false);
  });

  it("says so in the server's words", () => {
    const stay = { checkIn: "2026-12-21", checkOut: "2026-12-23", guests: 2 };
    expect(rules.stayProblem(stay)).toBe("The minimum stay is 3 nights.");
    expect(rules.stayProblem({ ...stay, checkOut: "2026-12-24" })).toBeUndefined();
    expect(rules.stayProblem({ ...stay, checkOut: "2026-12-24", guests: 7 })).toBe(
      "This campsite takes up to 6 guests.",
    );
  });

  it("keeps a long weekend's minimum only for the campsites that have one", () => {
    const longWeekendNights = ["2027-01-23", "2027-01-24", "2027-01-25"];
    const without = stayRules(availability({ longWeekendNights }));
    expect(without.minimumNightsOf("2027-01-24", "2027-01-25")).toBe(1);
    const withRule = stayRules(
      availability({ longWeekendNights, rates: { ...flatRates, longWeekendMinimumNights: 3 } }),
    );
    expect(withRule.minimumNightsOf("2027-01-24", "2027-01-25")).toBe(3);
    expect(withRule.earliestCheckOut("2027-01-24")).toBe("2027-01-27");
  });
});
