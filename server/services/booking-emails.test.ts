import { describe, expect, it } from "vitest";
import { mapsSearchUrl, siteConfig } from "#content/site.ts";
import { renderBookingConfirmation } from "#server/mail/templates/booking-confirmation.tsx";
import { bookingCalendar, calendarEventId, manageLines } from "./booking-emails";

const booking = {
  id: "0b7c6b9e-6a1f-4d7e-9a0e-1f2a3b4c5d6e",
  bookingReference: "BK271674",
  guestFirstName: "Alex",
  guestLastName: "Camper",
  guestEmail: "alex@example.com",
  guestPhone: null,
  numberOfGuests: 2,
  numberOfDogs: 0,
  calendarSequence: 0,
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
  checkedInAt: null,
  checkedOutAt: null,
  origin: "online" as const,
  lapseNoticeAt: null,
  farmNote: "",
  guestAnswers: [],
  acceptedPolicy: null,
  depositTerms: null,
  savedCard: null,
  balanceAttempts: 0,
  balanceRetryAt: null,
  balanceClosedAt: null,
  balanceAgreedCents: null,
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

describe("the calendar files of a stay", () => {
  it("publishes the stay, and a cancellation removes the same event", () => {
    const published = bookingCalendar(booking, "Creekside Camp");
    expect(published).toContain("METHOD:PUBLISH");
    expect(published).toContain(`UID:${calendarEventId(booking)}`);
    expect(published).toContain("SEQUENCE:0");
    expect(published).not.toContain("STATUS:CANCELLED");

    const cancelled = bookingCalendar(booking, "Creekside Camp", { cancel: true });
    expect(cancelled).toContain("METHOD:CANCEL");
    expect(cancelled).toContain(`UID:${calendarEventId(booking)}`);
    expect(cancelled).toContain("SEQUENCE:1");
    expect(cancelled).toContain("STATUS:CANCELLED");
    // The farm organizes both: a calendar honours a CANCEL from the event's organizer.
    for (const file of [published, cancelled])
      expect(file.replace(/\r\n /g, "")).toMatch(
        /ORGANIZER;CN="?Rocky Creek Station"?:mailto:\S+@\S+/,
      );
    expect(calendarEventId(booking)).toBe(`BK271674-${booking.id}`);
  });
});

describe("the confirmation's template", () => {
  const site = siteConfig();
  const props = {
    site,
    booking: {
      ...booking,
      discountAmountCents: 1000,
      prepaidAmountUsedCents: 500,
      finalAmountCents: 8500,
      gstAmountCents: 773,
    },
    campsiteName: "Creekside Camp",
    invoice: {
      what: "Your tax invoice",
      link: `${site.siteUrl}/my-booking/t/invoice`,
      attached: true,
    },
    manageUrl: `${site.siteUrl}/my-booking/t`,
    policy: "Full refund if you cancel by Sunday 3 January 2027; no refund after that.",
    mapUrl: mapsSearchUrl(site),
  };

  it("renders HTML and text from one component, with the same words", async () => {
    const { html, text } = await renderBookingConfirmation(props);
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain("max-width:600px");
    expect(html).toContain(`href="${site.siteUrl}/my-booking/t"`);
    expect(html).toContain("Manage your booking");
    expect(html).toContain("Rocky Creek Station");
    for (const line of [
      "Hi Alex,",
      "Your booking at Rocky Creek Station is confirmed.",
      `Manage your booking: ${site.siteUrl}/my-booking/t`,
      "Booking reference: BK271674",
      "Campsite: Creekside Camp",
      "Check-in: Sunday 10 January 2027 (12-5pm, all arrivals by 6pm)",
      "Check-out: Tuesday 12 January 2027 (by 10am)",
      "Nights: 2",
      "Guests: 2",
      "2 nights at $50.00: $100.00",
      "Total: $100.00",
      "Discount: -$10.00",
      "Prepaid card: -$5.00",
      "Amount paid: $85.00",
      "GST included: $7.73",
      `Your tax invoice (also attached as a PDF): ${site.siteUrl}/my-booking/t/invoice`,
      "Cancellation policy: Full refund if you cancel by Sunday 3 January 2027; no refund after that.",
      "Address: 83 Rocky Creek Road, Woolooga, Queensland 4570",
      `Map: ${mapsSearchUrl(site)}`,
      "Phone: (07) 5550 1234",
      "Bring your own drinking water and toilet; there are no showers or toilets on site.",
      "The calendar file attached adds your stay to your calendar.",
      "See you soon,",
      "Rocky Creek Station Pty Ltd, ABN 51 824 753 556",
    ]) {
      expect(text.split("\n")).toContain(line);
      // (Labels keep their hyphens whole on a narrow screen: non-breaking ones.)
      expect(html.replaceAll("\u2011", "-")).toContain(line.split(": ")[0]);
    }
    expect(text.startsWith("Hi Alex,\n\nYour booking")).toBe(true);
    // Nothing of the HTML's header, footer or preview leaks into the text part.
    expect(text).not.toMatch(/<|\[http/);
  });
});
