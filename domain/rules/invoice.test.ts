import { describe, expect, it } from "vitest";
import { formatMoney } from "#domain/format/money.ts";
import {
  assembleInvoice,
  endingNote,
  endingOf,
  hasInvoice,
  type InvoiceSource,
  invoiceNumber,
  invoiceTotals,
  stayDates,
  stayParty,
} from "./invoice";
import { priceStay } from "./pricing";
import { linesTotal, type Rates, stayLines } from "./rates";

const rates: Rates = {
  nightPriceCents: 4500,
  weekendPriceCents: 5500,
  baseOccupancy: 2,
  extraGuestFeeCents: 1000,
  petFeeCents: 500,
  maxDogs: 2,
  longWeekendMinimumNights: null,
  seasons: [],
  extras: [
    { id: "wood", name: "Firewood", priceCents: 1250, per: "stay", maxQuantity: 3, isActive: true },
  ],
};

const seller = {
  legalName: "Rocky Creek Station Pty Ltd",
  abn: "12 345 678 901",
  address: "83 Rocky Creek Road, Woolooga, Queensland 4570",
  phone: "(07) 5550 1234",
  email: "hello@example.com",
  gstRegistered: true,
};

// Thu 7 Jan to Sun 10 Jan 2027: a weekday night and two weekend nights.
const stay = { checkIn: "2027-01-07", checkOut: "2027-01-10", guests: 3, dogs: 1 };

/** A booking priced as the booking service prices it, with a 15% code and $40 of card credit. */
function source(overrides: Partial<InvoiceSource> = {}, gstRegistered = true): InvoiceSource {
  const lines = stayLines(
    rates,
    { ...stay, extras: [{ extraId: "wood", quantity: 1 }] },
    { longWeekendNights: new Set(), minimumNightStay: 1 },
  );
  const quote = priceStay({
    ...stay,
    lines,
    gstRegistered,
    discount: { discountType: "percentage", discountValue: 15 },
    prepaidBalanceCents: 4000,
  });
  return {
    booking: {
      bookingReference: "BK271674",
      status: "paid",
      guestFirstName: "Kim",
      guestLastName: "Paddock",
      guestEmail: "kim@example.com",
      checkInDate: stay.checkIn,
      checkOutDate: stay.checkOut,
      numberOfGuests: stay.guests,
      numberOfDogs: stay.dogs,
      priceLines: quote.lines,
      totalAmountCents: quote.subtotalCents,
      discountAmountCents: quote.discountAmountCents,
      prepaidAmountUsedCents: quote.prepaidAmountCents,
      finalAmountCents: quote.finalAmountCents,
      gstAmountCents: quote.gstAmountCents,
      cancelledAt: null,
      createdAt: new Date("2026-12-01T00:00:00Z"),
    },
    campsiteName: "Creekside Camp",
    discountCode: "SUMMER15",
    // 23:30 UTC on 14 Dec is 9:30 am on 15 Dec at the farm (UTC+10).
    paidAt: new Date("2026-12-14T23:30:00Z"),
    ending: null,
    seller: { ...seller, gstRegistered },
    ...overrides,
  };
}

const invoiceOf = (s: InvoiceSource) => {
  const invoice = assembleInvoice(s);
  if (!invoice) throw new Error("expected an invoice");
  return invoice;
};

describe("which bookings have an invoice", () => {
  it("paid and confirmed ones, and those cancelled or refunded after payment", () => {
    expect(hasInvoice("paid")).toBe(true);
    expect(hasInvoice("confirmed")).toBe(true);
    expect(hasInvoice("cancelled", "paid")).toBe(true);
    expect(hasInvoice("refunded", "confirmed")).toBe(true);
  });

  it("never a pending or expired one, nor one cancelled before it was paid", () => {
    expect(hasInvoice("pending")).toBe(false);
    expect(hasInvoice("expired")).toBe(false);
    expect(hasInvoice("cancelled", "pending")).toBe(false);
    expect(hasInvoice("cancelled")).toBe(false);
    // An automatic refund of a late payment the farm finished by hand: never paid.
    expect(hasInvoice("refunded", "expired")).toBe(false);
    const pending = source();
    pending.booking.status = "pending";
    expect(assembleInvoice(pending)).toBeUndefined();
  });
});

describe("the invoice of a paid booking", () => {
  it("is numbered from the booking reference and dated the farm's day of payment", () => {
    const invoice = invoiceOf(source());
    expect(invoiceNumber("BK271674")).toBe("INV-BK271674");
    expect(invoice).toMatchObject({
      title: "Tax Invoice",
      number: "INV-BK271674",
      issueDate: "2026-12-15",
      bookingReference: "BK271674",
      guest: { name: "Kim Paddock", email: "kim@example.com" },
      seller: { legalName: seller.legalName, abn: seller.abn, address: seller.address },
    });
    expect(invoice.seller).not.toHaveProperty("gstRegistered");
  });

  it("lists every price line, and the lines add up to the subtotal", () => {
    const invoice = invoiceOf(source());
    expect(invoice.lines.map((l) => l.description)).toEqual([
      "1 night at $45.00 (Standard)",
      "2 nights at $55.00 (Weekend)",
      "1 extra guest × 3 nights at $10.00",
      "1 dog × 3 nights at $5.00",
      "Firewood × 1 at $12.50",
    ]);
    const sum = invoice.lines.reduce((total, line) => total + line.amountCents, 0);
    expect(sum).toBe(invoice.subtotalCents);
    expect(invoice.subtotalCents).toBe(4500 + 11000 + 3000 + 1500 + 1250);
  });

  it("includes GST of one eleventh of the total after the discount, rounded once", () => {
    const { booking } = source();
    const invoice = invoiceOf(source());
    expect(invoice.discountCents).toBeGreaterThan(0);
    expect(invoice.totalCents).toBe(invoice.subtotalCents - invoice.discountCents);
    expect(invoice.gstCents).toBe(Math.round(invoice.totalCents / 11));
    expect(invoice.gstCents).toBe(booking.gstAmountCents);
    // The card's credit is a payment: it changes neither the total nor the GST.
    expect(invoice.prepaidCents).toBe(4000);
    expect(invoice.paidByCardCents).toBe(invoice.totalCents - 4000);
  });

  it("prints its totals in order: subtotal, discount, total, GST, then the payments", () => {
    const invoice = invoiceOf(source());
    expect(invoiceTotals(invoice)).toEqual([
      { label: "Subtotal", amount: formatMoney(invoice.subtotalCents) },
      { label: "Discount (SUMMER15)", amount: `-${formatMoney(invoice.discountCents)}` },
      { label: "Total (GST inclusive)", amount: formatMoney(invoice.totalCents), strong: true },
      { label: "GST included in total", amount: formatMoney(invoice.gstCents ?? 0) },
      { label: "Paid with prepaid card credit", amount: "$40.00" },
      { label: "Amount paid by card", amount: formatMoney(invoice.paidByCardCents) },
    ]);
  });

  it("shows the stay's dates with their weekdays, the guests and the dogs", () => {
    const invoice = invoiceOf(source());
    expect(stayDates(invoice.stay)).toBe("Thu 7 Jan 2027 – Sun 10 Jan 2027 (3 nights)");
    expect(stayParty(invoice.stay)).toBe("3 guests, 1 dog");
    expect(invoice.stay.campsite).toBe("Creekside Camp");
  });

  it("falls back to one line for the whole stay when the stored lines do not add up", () => {
    const legacy = source();
    legacy.booking.priceLines = [];
    const invoice = invoiceOf(legacy);
    expect(invoice.lines).toEqual([
      { description: "3 nights, Creekside Camp", amountCents: legacy.booking.totalAmountCents },
    ]);
    expect(linesTotal(legacy.booking.priceLines)).toBe(0);
  });

  it("is dated the day the booking was made when no payment says when it was paid", () => {
    expect(invoiceOf(source({ paidAt: null })).issueDate).toBe("2026-12-01");
  });
});

describe("a receipt, when the farm is not registered for GST", () => {
  it("is headed Receipt and has no GST line at all", () => {
    const receipt = invoiceOf(source({}, false));
    expect(receipt.title).toBe("Receipt");
    expect(receipt.gstCents).toBeNull();
    const labels = invoiceTotals(receipt).map((t) => t.label);
    expect(labels).toEqual([
      "Subtotal",
      "Discount (SUMMER15)",
      "Total",
      "Paid with prepaid card credit",
      "Amount paid by card",
    ]);
    expect(labels.join(" ")).not.toContain("GST");
  });
});

describe("a booking that ended after it was paid", () => {
  const entries = [
    { action: "booking.notification_sent", details: { status: "paid" } },
    {
      action: "booking.cancelled",
      details: { previousStatus: "paid", refundedCents: 5000, prepaidCreditReturnedCents: 4000 },
    },
  ];

  it("reads how it ended from the audit log", () => {
    expect(endingOf(entries)).toEqual({
      previousStatus: "paid",
      refundedCents: 5000,
      creditReturnedCents: 4000,
    });
    expect(endingOf([])).toBeNull();
    expect(endingOf([{ action: "booking.cancelled", details: "nonsense" }])).toBeNull();
  });

  it("keeps its invoice, with a note of the cancellation and what went back", () => {
    const cancelled = source({ ending: endingOf(entries) });
    cancelled.booking.status = "cancelled";
    cancelled.booking.cancelledAt = new Date("2026-12-20T01:00:00Z");
    const invoice = invoiceOf(cancelled);
    expect(invoice.totalCents).toBe(invoiceOf(source()).totalCents);
    expect(endingNote(invoice)).toBe(
      "This booking was cancelled on 20 Dec 2026: $50.00 refunded to the card and $40.00 returned to the prepaid card.",
    );
    expect(endingNote(invoiceOf(source()))).toBeNull();
  });
});
