import { describe, expect, it } from "vitest";
import { assembleInvoice, type Invoice, type InvoiceSource } from "#domain/rules/invoice.ts";
import { renderInvoicePdf } from "./invoice-pdf";

const source = (gstRegistered: boolean): InvoiceSource => ({
  booking: {
    bookingReference: "BK271674",
    status: "paid",
    guestFirstName: "Kim",
    guestLastName: "Paddock",
    guestEmail: "kim@example.com",
    checkInDate: "2027-01-08",
    checkOutDate: "2027-01-10",
    numberOfGuests: 2,
    numberOfDogs: 1,
    priceLines: [
      { kind: "nights", description: "2 nights at $55.00 (Weekend)", amountCents: 11000 },
      { kind: "dogs", description: "1 dog × 2 nights at $5.00", amountCents: 1000 },
    ],
    totalAmountCents: 12000,
    discountAmountCents: 1200,
    prepaidAmountUsedCents: 2000,
    finalAmountCents: 8800,
    gstAmountCents: gstRegistered ? Math.round(10800 / 11) : 0,
    cancelledAt: null,
    createdAt: new Date("2026-12-01T00:00:00Z"),
  },
  campsiteName: "Creekside Camp",
  discountCode: "WELCOME10",
  paidAt: new Date("2026-12-14T23:30:00Z"),
  ending: null,
  seller: {
    legalName: "Rocky Creek Station Pty Ltd",
    abn: "12 345 678 901",
    address: "83 Rocky Creek Road, Woolooga, Queensland 4570",
    phone: "(07) 5550 1234",
    email: "hello@example.com",
    gstRegistered,
  },
});

const invoiceOf = (gstRegistered: boolean): Invoice => {
  const invoice = assembleInvoice(source(gstRegistered));
  if (!invoice) throw new Error("expected an invoice");
  return invoice;
};

/**
 * The text an uncompressed pdfkit page shows: each `[...] TJ` run's hex
 * strings decoded (the numbers between them are kerning, not spaces).
 */
function shownText(pdf: Buffer): string {
  const runs = pdf.toString("latin1").matchAll(/\[([^\]]*)\]\s*TJ/g);
  return [...runs]
    .map(([, run = ""]) =>
      [...run.matchAll(/<([0-9a-f]*)>/gi)]
        .map(([, hex = ""]) => Buffer.from(hex, "hex").toString("latin1"))
        .join(""),
    )
    .join("\n");
}

describe("the invoice as a PDF", () => {
  it("is one A4 page headed Tax Invoice, with the ABN, every line, the GST and the total", async () => {
    const pdf = await renderInvoicePdf(invoiceOf(true), { compress: false });
    const raw = pdf.toString("latin1");
    expect(raw.startsWith("%PDF-")).toBe(true);
    expect(raw.trimEnd().endsWith("%%EOF")).toBe(true);
    expect(raw.match(/\/Type \/Page\b/g)).toHaveLength(1);
    // A4 in points.
    expect(raw).toContain("/MediaBox [0 0 595.28 841.89]");
    const text = shownText(pdf);
    for (const expected of [
      "Tax Invoice",
      "ABN 12 345 678 901",
      "Rocky Creek Station Pty Ltd",
      "INV-BK271674",
      "15 Dec 2026",
      "Kim Paddock",
      // (the dash between is WinAnsi's, which latin1 does not decode)
      "Fri 8 Jan 2027",
      "Sun 10 Jan 2027 (2 nights)",
      "2 nights at $55.00 (Weekend)",
      "1 dog × 2 nights at $5.00",
      "Discount (WELCOME10)",
      "-$12.00",
      "Total (GST inclusive)",
      "$108.00",
      "GST included in total",
      "$9.82",
      "Amount paid by card",
      "$88.00",
    ])
      expect(text).toContain(expected);
  });

  it("is a Receipt without any GST when the farm is not registered", async () => {
    const text = shownText(await renderInvoicePdf(invoiceOf(false), { compress: false }));
    expect(text).toContain("Receipt");
    expect(text).not.toContain("Tax Invoice");
    expect(text).not.toContain("GST included");
    expect(text).toContain("not registered for GST");
  });

  it("is compressed by default, and still a PDF", async () => {
    const pdf = await renderInvoicePdf(invoiceOf(true));
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain("/FlateDecode");
  });
});
