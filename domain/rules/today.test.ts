import { describe, expect, it } from "vitest";
import {
  arrivalDeadline,
  arrivalState,
  balanceOf,
  countsLine,
  extrasOf,
  groupDay,
  markProblem,
} from "./today";

const day = "2026-06-12";
// Brisbane is UTC+10 all year: 6:00pm there is 08:00 UTC.
const fivePm = new Date("2026-06-12T07:00:00Z");
const sixPm = new Date("2026-06-12T08:00:00Z");

const stay = (
  guestName: string,
  checkIn: string,
  checkOut: string,
  more: { campsiteName?: string; unitName?: string; checkedInAt?: string | null } = {},
) => ({
  guestName,
  checkIn,
  checkOut,
  campsiteName: more.campsiteName ?? "Creekside",
  unitName: more.unitName ?? "Site 1",
  checkedInAt: more.checkedInAt ?? null,
});

describe("the day's groups", () => {
  const stays = [
    stay("Leaving", "2026-06-10", "2026-06-12"),
    stay("Arriving late", "2026-06-12", "2026-06-14", { unitName: "Site 10" }),
    stay("Arrived", "2026-06-12", "2026-06-13", {
      unitName: "Site 2",
      checkedInAt: "2026-06-12T03:00:00Z",
    }),
    stay("Staying", "2026-06-11", "2026-06-15", { campsiteName: "Bush Camp" }),
    stay("Tomorrow", "2026-06-13", "2026-06-14"),
    stay("Gone", "2026-06-09", "2026-06-11"),
  ];

  it("puts check-ins in arrivals, check-outs in departures, and the night's stays on site", () => {
    const g = groupDay(day, stays, fivePm);
    expect(g.arrivals.map((s) => s.guestName)).toEqual(["Arrived", "Arriving late"]);
    expect(g.departures.map((s) => s.guestName)).toEqual(["Leaving"]);
    expect(g.onSite.map((s) => s.guestName)).toEqual(["Staying", "Arrived", "Arriving late"]);
    expect(countsLine(g)).toBe("2 arrivals · 1 departure · 3 on site tonight");
  });

  it("marks an arrival not checked in as expected until 6pm, then still expected", () => {
    const before = groupDay(day, stays, fivePm).arrivals.map((s) => s.arrival);
    expect(before).toEqual(["checked-in", "expected"]);
    const after = groupDay(day, stays, sixPm).arrivals.map((s) => s.arrival);
    expect(after).toEqual(["checked-in", "late"]);
  });

  it("counts in the singular and the plural", () => {
    expect(countsLine({ arrivals: [1], departures: [], onSite: [1] })).toBe(
      "1 arrival · 0 departures · 1 on site tonight",
    );
  });
});

describe("the 6pm deadline", () => {
  it("is 6:00pm at the farm on the day", () => {
    expect(arrivalDeadline(day).toISOString()).toBe("2026-06-12T08:00:00.000Z");
  });

  it("has passed for a past day's arrival who never came", () => {
    expect(arrivalState({ checkedInAt: null }, "2026-06-11", fivePm)).toBe("late");
    expect(arrivalState({ checkedInAt: null }, "2026-06-13", sixPm)).toBe("expected");
  });
});

describe("what is left to pay", () => {
  it("is paid when the payments cover the final amount", () => {
    expect(balanceOf(24000, 24000)).toEqual({ kind: "paid" });
  });
  it("is the difference when they do not", () => {
    expect(balanceOf(24000, 10000)).toEqual({ kind: "due", cents: 14000 });
    expect(balanceOf(24000, 0)).toEqual({ kind: "due", cents: 24000 });
  });
  it("is nothing for a stay that cost nothing", () => {
    expect(balanceOf(0, 0)).toEqual({ kind: "nothing" });
  });
});

describe("the extras", () => {
  it("lists the extra lines without their price", () => {
    expect(
      extrasOf([
        { kind: "nights", description: "2 nights", amountCents: 10000 },
        { kind: "extra", description: "Firewood × 2 at $15.00", amountCents: 3000 },
        {
          kind: "extra",
          description: "Hot breakfast × 1 × 2 nights at $1,200.50",
          amountCents: 240100,
        },
        { kind: "dogs", description: "1 dog", amountCents: 1000 },
      ]),
    ).toEqual(["Firewood × 2", "Hot breakfast × 1 × 2 nights"]);
  });
});

describe("which marks a day allows", () => {
  const booking = { status: "paid", checkIn: "2026-06-12", checkOut: "2026-06-14" };
  /** A farm today after every day asked about. */
  const LATER = "2026-07-01";

  it("checks in on a night of the stay, a late arrival included", () => {
    expect(markProblem("check-in", booking, "2026-06-12", LATER)).toBeNull();
    expect(markProblem("check-in", booking, "2026-06-13", LATER)).toBeNull();
    expect(markProblem("check-in", booking, "2026-06-14", LATER)).toMatch(
      /not on Sun 14 June? 2026/,
    );
    expect(markProblem("check-in", booking, "2026-06-11", LATER)).toMatch(
      /runs from Fri 12 June? 2026/,
    );
  });

  it("checks out from check-in day to check-out day", () => {
    expect(markProblem("check-out", booking, "2026-06-14", LATER)).toBeNull();
    expect(markProblem("check-out", booking, "2026-06-12", LATER)).toBeNull();
    expect(markProblem("check-out", booking, "2026-06-15", LATER)).not.toBeNull();
  });

  it("never on a day that has not come", () => {
    expect(markProblem("check-in", booking, "2026-06-12", "2026-06-12")).toBeNull();
    expect(markProblem("check-in", booking, "2026-06-13", "2026-06-12")).toBe(
      "Sat 13 June 2026 has not come yet: the check-in can be marked on the day.",
    );
    expect(markProblem("check-out", booking, "2026-06-14", "2026-06-13")).toMatch(/has not come/);
  });

  it("refuses a booking that is not paid or confirmed", () => {
    const cancelled = { ...booking, status: "cancelled" };
    expect(markProblem("check-in", cancelled, "2026-06-12", LATER)).toBe(
      "Only paid and confirmed bookings can be checked in; this one is cancelled.",
    );
    expect(
      markProblem("check-in", { ...booking, status: "confirmed" }, "2026-06-12", LATER),
    ).toBeNull();
  });
});
