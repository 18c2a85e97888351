import { describe, expect, it } from "vitest";
import { ApiError } from "#app/lib/booking-api.ts";
import type { PendingBooking } from "#domain/api/booking.ts";
import { formatCountdown, secondsLeft } from "#domain/rules/hold-countdown.ts";
import {
  countdownDeadline,
  heldFromAnswer,
  holdEnded,
  holdRefusal,
  refusedOption,
} from "./hold-answers";

const request = {
  campsiteId: "site-1",
  checkIn: "2030-02-01",
  checkOut: "2030-02-03",
  guests: 2,
  dogs: 0,
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
};

describe("the countdown's end", () => {
  it("starts at 5:00 whatever part of the Date header's second the server answered in", () => {
    const receivedAt = 1_000_000;
    // The server made the hold 0.9 s into the second its Date header names.
    const deadline = countdownDeadline(
      "2030-01-10T00:05:00.900Z",
      "Thu, 10 Jan 2030 00:00:00 GMT",
      receivedAt,
    );
    expect(formatCountdown(secondsLeft(deadline, receivedAt))).toBe("5:00");
    expect(deadline).toBeLessThanOrEqual(receivedAt + 300_000);
  });

  it("counts against the server's clock, not a wrong clock on the phone", () => {
    // The phone is an hour behind: the hold still has 5 minutes.
    const phoneNow = Date.parse("2030-01-09T23:00:00Z");
    const deadline = countdownDeadline(
      "2030-01-10T00:05:00Z",
      "Thu, 10 Jan 2030 00:00:00 GMT",
      phoneNow,
    );
    expect(formatCountdown(secondsLeft(deadline, phoneNow))).toBe("5:00");
  });

  it("keeps the booking to carry on with, without a countdown once it is not pending", () => {
    const booking = { id: "b1", status: "expired", holdExpiresAt: "2030-01-10T00:05:00Z" };
    const answer = { booking: booking as PendingBooking, serverDate: null };
    const held = heldFromAnswer(answer, "secret", request, 0);
    expect(held).toMatchObject({ holdSecret: "secret", request, countdownDeadline: undefined });
    const live = heldFromAnswer(
      { ...answer, booking: { ...answer.booking, status: "pending" } },
      "secret",
      request,
      0,
    );
    expect(live.countdownDeadline).toBe(Date.parse("2030-01-10T00:05:00Z"));
  });
});

describe("a refused hold", () => {
  it("reads the last unit gone, a refused stay with the server's reason, and refused details", () => {
    expect(
      holdRefusal(new ApiError("Sorry, this campsite is no longer available.", 409, "unavailable")),
    ).toEqual({ kind: "unitGone", message: "Sorry, this campsite is no longer available." });
    expect(
      holdRefusal(
        new ApiError("The minimum stay is 3 nights.", 400, "invalid_input", {
          checkOut: "The minimum stay is 3 nights.",
        }),
      ),
    ).toEqual({ kind: "stay", message: "The minimum stay is 3 nights." });
    expect(
      holdRefusal(
        new ApiError("This campsite takes at most 2 dogs.", 400, "invalid_input", {
          dogs: "This campsite takes at most 2 dogs.",
        }),
      ),
    ).toEqual({ kind: "stay", message: "This campsite takes at most 2 dogs." });
    expect(
      holdRefusal(
        new ApiError("email: bad", 400, "invalid_input", {
          email: "Please fill in all required guest details with a valid email.",
        }),
      ),
    ).toEqual({
      kind: "details",
      message: "Please fill in all required guest details with a valid email.",
      fields: ["email"],
    });
  });

  it("passes on the server's words for anything else, such as too many holds (429)", () => {
    const limited = new ApiError(
      "You already have 3 bookings waiting for payment.",
      429,
      "too_many_holds",
    );
    expect(holdRefusal(limited)).toEqual({
      kind: "other",
      message: "You already have 3 bookings waiting for payment.",
    });
    expect(holdRefusal(new TypeError("Failed to fetch"))).toEqual({
      kind: "other",
      message: "Failed to fetch",
    });
  });
});

describe("answers about the held booking", () => {
  it("knows an ended hold from a refusal the camper can fix", () => {
    expect(holdEnded(new ApiError("expired", 409, "hold_expired"))).toBe(true);
    expect(holdEnded(new ApiError("not yours", 403, "not_your_booking"))).toBe(true);
    expect(holdEnded(new ApiError("gone", 404, "not_found"))).toBe(true);
    expect(holdEnded(new ApiError("bad code", 400, "invalid_discount_code"))).toBe(false);
    expect(holdEnded(new TypeError("Failed to fetch"))).toBe(false);
  });

  it("names the option a PATCH refused", () => {
    expect(refusedOption(new ApiError("x", 400, "invalid_discount_code"))).toBe("code");
    expect(refusedOption(new ApiError("x", 400, "invalid_prepaid_card"))).toBe("card");
    expect(refusedOption(new ApiError("x", 409, "invalid_prepaid_card"))).toBeUndefined();
    expect(refusedOption(new ApiError("x", 429, "rate_limited"))).toBeUndefined();
    const extra = "That extra is not offered at this campsite.";
    expect(refusedOption(new ApiError(extra, 400, "invalid_input", { extras: extra }))).toBe(
      "extras",
    );
    expect(refusedOption(new ApiError("x", 400, "invalid_input", {}))).toBeUndefined();
  });
});
