import { describe, expect, it } from "vitest";
import { bookingsSearchUrl, farmTodayInBrowser, nextDay } from "./booking-search";

const query = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);

describe("the camping page's own search bar", () => {
  it("leads to /bookings with the dates and everyone who sleeps on site as guests", () => {
    const url = bookingsSearchUrl({
      checkIn: "2027-01-08",
      checkOut: "2027-01-10",
      adults: "2",
      children: "1",
      infants: "1",
    });
    expect(url.startsWith("/bookings?")).toBe(true);
    expect(query(url)).toEqual({ checkIn: "2027-01-08", checkOut: "2027-01-10", guests: "4" });
  });

  it("leaves out dates that are not real days or a check-out not after the check-in", () => {
    expect(query(bookingsSearchUrl({ checkIn: "2027-02-30", checkOut: "2027-03-02" }))).toEqual({
      guests: "1",
    });
    expect(
      query(bookingsSearchUrl({ checkIn: "2027-03-02", checkOut: "2027-03-02", adults: "2" })),
    ).toEqual({ checkIn: "2027-03-02", guests: "2" });
    expect(query(bookingsSearchUrl({ checkIn: "<script>", adults: "x" }))).toEqual({
      guests: "1",
    });
  });

  it("counts at least one adult and never negative children", () => {
    expect(query(bookingsSearchUrl({ adults: "0", children: "-3" })).guests).toBe("1");
  });

  it("knows the farm's today and the next day", () => {
    // 20:00 UTC on 21 Nov is 06:00 on 22 Nov in Brisbane (UTC+10).
    expect(farmTodayInBrowser("Australia/Brisbane", new Date("2026-11-21T20:00:00Z"))).toBe(
      "2026-11-22",
    );
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
  });
});
