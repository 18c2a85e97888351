import { describe, expect, it } from "vitest";
import { bookingSearchHref, changeStayHref, newBookingHref, timelineHref } from "./timeline-links";

describe("where the timeline leads", () => {
  it("moves a stay on its change page, prefilled with where it was dropped", () => {
    expect(changeStayHref("b-1")).toBe("/admin/bookings/b-1/change");
    const href = changeStayHref("b-1", {
      campsiteId: "c-1",
      unitId: "u-2",
      checkIn: "2026-06-12",
      checkOut: "2026-06-14",
    });
    const url = new URL(href, "http://farm.test");
    expect(url.pathname).toBe("/admin/bookings/b-1/change");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      campsiteId: "c-1",
      unitId: "u-2",
      checkIn: "2026-06-12",
      checkOut: "2026-06-14",
    });
  });

  it("starts a booking of an empty cell's unit for that one night", () => {
    const url = new URL(
      newBookingHref({ campsiteId: "c-1", unitId: "u-2" }, "2026-06-30"),
      "http://farm.test",
    );
    expect(url.pathname).toBe("/admin/bookings/new");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      campsiteId: "c-1",
      unitId: "u-2",
      checkIn: "2026-06-30",
      checkOut: "2026-07-01",
    });
  });

  it("finds a bar's booking on the Bookings screen, and keeps today out of the timeline's address", () => {
    expect(bookingSearchHref("BK123")).toBe("/admin/bookings?q=BK123&status=all");
    expect(timelineHref({ from: "2026-06-10", range: "1m" }, "2026-06-10")).toBe(
      "/admin/timeline?range=1m",
    );
    expect(timelineHref({ from: "2026-06-24", range: "2w" }, "2026-06-10")).toBe(
      "/admin/timeline?from=2026-06-24&range=2w",
    );
  });
});
