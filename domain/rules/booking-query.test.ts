import { describe, expect, it } from "vitest";
import {
  acceptedDogs,
  acceptedGuests,
  canShare,
  dogsFromInput,
  guestsFromInput,
  parseBookingQuery,
  shareLink,
  stayQuery,
} from "./booking-query";

const parse = (query: string) => parseBookingQuery(new URLSearchParams(query));

describe("the /bookings query parameters", () => {
  it("reads a campsite, dates in yyyy-MM-dd and a positive whole number of guests", () => {
    expect(parse("campsite=abc&checkIn=2026-12-01&checkOut=2026-12-03&guests=4")).toEqual({
      campsiteId: "abc",
      checkIn: "2026-12-01",
      checkOut: "2026-12-03",
      guests: 4,
    });
  });

  it("ignores dates that fail parsing", () => {
    expect(parse("checkIn=2026-02-30&checkOut=tomorrow")).toEqual({});
    expect(parse("checkIn=01/12/2026&checkOut=2026-12-03")).toEqual({ checkOut: "2026-12-03" });
  });

  it("ignores a check-out that is not after the check-in", () => {
    expect(parse("checkIn=2026-12-03&checkOut=2026-12-03")).toEqual({ checkIn: "2026-12-03" });
  });

  it("ignores guests that are not a positive whole number", () => {
    for (const guests of ["0", "-2", "2.5", "two", ""]) {
      expect(parse(`guests=${guests}`)).toEqual({});
    }
  });

  it("accepts shared guests only between 1 and the campsite's capacity", () => {
    expect(acceptedGuests(6, 6)).toBe(6);
    expect(acceptedGuests(7, 6)).toBeUndefined();
    expect(acceptedGuests(undefined, 6)).toBeUndefined();
  });
});

describe("dogs in the query (issue 13)", () => {
  it("reads a whole number of dogs, and ignores anything out of range", () => {
    expect(parse("guests=2&dogs=1")).toEqual({ guests: 2, dogs: 1 });
    for (const dogs of ["0", "-1", "1.5", "a dog", "", "21"]) {
      expect(parse(`dogs=${dogs}`)).toEqual({});
    }
  });

  it("accepts shared dogs only up to the campsite's maximum, otherwise none", () => {
    expect(acceptedDogs(2, 2)).toBe(2);
    expect(acceptedDogs(3, 2)).toBe(0);
    expect(acceptedDogs(1, 0)).toBe(0);
    expect(acceptedDogs(undefined, 2)).toBe(0);
  });

  it("keeps the dogs input within 0 and the maximum", () => {
    expect(dogsFromInput("abc", 2)).toBe(0);
    expect(dogsFromInput("-1", 2)).toBe(0);
    expect(dogsFromInput("1", 2)).toBe(1);
    expect(dogsFromInput("5", 2)).toBe(2);
  });
});

describe("the guests input", () => {
  it("turns a non-numeric value into 1 and keeps within 1 to capacity", () => {
    expect(guestsFromInput("abc", 6)).toBe(1);
    expect(guestsFromInput("", 6)).toBe(1);
    expect(guestsFromInput("0", 6)).toBe(1);
    expect(guestsFromInput("4", 6)).toBe(4);
    expect(guestsFromInput("9", 6)).toBe(6);
  });
});

describe("Share Link", () => {
  it("shows when dates are chosen or the guests differ from 2", () => {
    expect(canShare({ guests: 2 })).toBe(false);
    expect(canShare({ guests: 3 })).toBe(true);
    expect(canShare({ guests: 2, checkIn: "2026-12-01" })).toBe(true);
    expect(canShare({ guests: 2, dogs: 1 })).toBe(true);
    expect(canShare({ guests: 2, dogs: 0 })).toBe(false);
  });

  it("copies a link that reads back to the same stay", () => {
    const stay = { campsiteId: "abc", checkIn: "2026-12-01", checkOut: "2026-12-03", guests: 3 };
    const link = new URL(shareLink("https://farm.example", stay));
    expect(link.origin + link.pathname).toBe("https://farm.example/bookings");
    expect(parseBookingQuery(link.searchParams)).toEqual(stay);
    const withDogs = { ...stay, dogs: 2 };
    const dogsLink = new URL(shareLink("https://farm.example", withDogs));
    expect(parseBookingQuery(dogsLink.searchParams)).toEqual(withDogs);
    // No dogs: the link says nothing of them.
    expect(shareLink("https://farm.example", { ...stay, dogs: 0 })).not.toContain("dogs");
  });
});

describe("the stay kept in the address", () => {
  it("holds the campsite, and the dates and guests once chosen", () => {
    expect(stayQuery({ campsiteId: "abc", guests: 2 }).toString()).toBe("campsite=abc");
    expect(stayQuery({ guests: 4 }).toString()).toBe("guests=4");
    expect(
      stayQuery({
        campsiteId: "abc",
        checkIn: "2026-12-01",
        checkOut: "2026-12-03",
        guests: 2,
      }).toString(),
    ).toBe("campsite=abc&checkIn=2026-12-01&checkOut=2026-12-03&guests=2");
    expect(stayQuery({ campsiteId: "abc", guests: 2, dogs: 1 }).toString()).toBe(
      "campsite=abc&guests=2&dogs=1",
    );
  });
});
