import { describe, expect, it } from "vitest";
import { bookingCalendar, manageLines } from "./booking-emails";

const booking = {
  id: "0b7c6b9e-6a1f-4d7e-9a0e-1f2a3b4c5d6e",
  bookingReference: "BK271674",
  guestFirstName: "Alex",
  guestLastName: "Camper",
  guestEmail: "alex@example.com",
  guestPhone: null,
  numberOfGuests: 2,
  numberOfDogs: 0,
  priceLines: [{ kind: "nights" as const, description: "2 nights at $50.00", amountCents: 10000 }],
  gstAmountCents: 909,
  guestToken: null,
  campsiteId: "c",
  campsiteUnitId: "u",
  checkInDate: "2027-01-10",
  checkOutDate: "2027-01-12",
  status: "paid" as const,
  totalAmountCents: 10000,
  discountCodeId: null,
  discountAmountCents: 0,
  prepaidCardId: null,
  prepaidAmountUsedCents: 0,
  finalAmountCents: 10000,
  holdExpiresAt: null,
  holdSecretHash: null,
  clientAddress: null,
  disputeStatus: null,
  cancelledAt: null,
  createdAt: new Date(),
  updatedAt: new Date(),
};

describe("the confirmation's calendar file", () => {
  it("runs from check-in at 12 pm to check-out at 10 am, farm time, at the farm's address", () => {
    const ics = bookingCalendar(booking, "Creekside Camp");
    expect(ics).toContain("BEGIN:VEVENT");
    // Brisbane is UTC+10 all year: 12:00 is 02:00Z, 10:00 is 00:00Z.
    expect(ics).toContain("DTSTART:20270110T020000Z");
    expect(ics).toContain("DTEND:20270112T000000Z");
    expect(ics).toContain("SUMMARY:Camping at Rocky Creek Station: Creekside Camp");
    expect(ics).toContain("83 Rocky Creek Road");
    expect(ics).toContain("BK271674");
  });
});

describe("the confirmation's link to the camper's own page", () => {
  it("is the site's address of the booking page at the token, and nothing without a token", () => {
    const token = "a".repeat(32);
    const [line] = manageLines({ guestToken: token });
    expect(line).toMatch(new RegExp(`^Manage your booking: https?://\\S+/my-booking/${token}$`));
    expect(manageLines({ guestToken: null })).toEqual([]);
  });
});
