import { describe, expect, it } from "vitest";
import {
  bookingRequestSchema,
  GUEST_DETAILS_MESSAGE,
  INVALID_DATES_MESSAGE,
  quoteRequestSchema,
  stayProblem,
} from "./booking-request";

const campsiteId = "7b0c5a8e-3f43-4a56-9a8f-0c1d2e3f4a5b";
const valid = {
  campsiteId,
  checkIn: "2027-01-10",
  checkOut: "2027-01-12",
  guests: 2,
  firstName: " Alex ",
  lastName: "Camper",
  email: "alex@example.com",
};

describe("the booking request", () => {
  it("accepts a complete request, trimming names and uppercasing codes", () => {
    const parsed = bookingRequestSchema.parse({
      ...valid,
      phone: "",
      discountCode: " welcome10 ",
      prepaidCardNumber: "pc00000001demo",
    });
    expect(parsed.firstName).toBe("Alex");
    expect(parsed.phone).toBeUndefined();
    expect(parsed.discountCode).toBe("WELCOME10");
    expect(parsed.prepaidCardNumber).toBe("PC00000001DEMO");
  });

  it("refuses blank names or an email without @ with the spec's message", () => {
    for (const bad of [{ firstName: "  " }, { lastName: "" }, { email: "alex.example.com" }]) {
      const result = bookingRequestSchema.safeParse({ ...valid, ...bad });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(GUEST_DETAILS_MESSAGE);
    }
  });

  it("refuses check-out on or before check-in, and impossible dates", () => {
    const same = quoteRequestSchema.safeParse({ ...valid, checkOut: "2027-01-10" });
    expect(same.error?.issues[0]?.message).toBe(INVALID_DATES_MESSAGE);
    expect(quoteRequestSchema.safeParse({ ...valid, checkIn: "2027-02-30" }).success).toBe(false);
    expect(quoteRequestSchema.safeParse({ ...valid, guests: 0 }).success).toBe(false);
    expect(quoteRequestSchema.safeParse({ ...valid, campsiteId: "1" }).success).toBe(false);
  });
});

describe("the stay limits", () => {
  const limits = {
    today: "2027-01-05",
    minimumNightStay: 2,
    maximumNightStay: 28,
    maxAdvanceBookingDays: 365,
    capacity: 6,
  };

  it("accepts a stay within them", () => {
    expect(stayProblem({ checkIn: "2027-01-05", checkOut: "2027-01-07", guests: 6 }, limits)).toBe(
      undefined,
    );
  });

  it("refuses the past, too short a stay, too far ahead and too many guests", () => {
    const problem = (checkIn: string, checkOut: string, guests = 2) =>
      stayProblem({ checkIn, checkOut, guests }, limits)?.message;
    expect(problem("2027-01-04", "2027-01-07")).toBe("Check-in cannot be in the past.");
    expect(problem("2027-01-10", "2027-01-11")).toBe("The minimum stay is 2 nights.");
    expect(problem("2027-01-10", "2027-02-07")).toBeUndefined();
    expect(problem("2027-01-10", "2027-02-08")).toBe(
      "Stays of more than 28 nights are booked by phone.",
    );
    expect(problem("2028-01-04", "2028-01-06")).toBe("Bookings can be made up to 365 days ahead.");
    expect(problem("2027-01-10", "2027-01-12", 7)).toBe("This campsite takes up to 6 guests.");
    // The last check-out allowed is today + 365 days.
    expect(problem("2028-01-03", "2028-01-05")).toBe(undefined);
  });
});
