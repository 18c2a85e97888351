import { describe, expect, it } from "vitest";
import { assembleInvoice, type Invoice, type InvoiceSource } from "#domain/rules/invoice.ts";
import { pdfFonts, pdfText } from "#server/testing/poppler.ts";
import { renderInvoicePdf } from "./invoice-pdf";

/** The booking behind the invoice; the guest's name splits into first and last at its first space. */
const source = (gstRegistered: boolean, guest = "Kim Paddock"): InvoiceSource => ({
  booking: {
    bookingReference: "BK271674",
    status: "paid",
    guestFirstName: guest.split(" ")[0] ?? "",
    guestLastName: guest.split(" ").slice(1).join(" "),
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

const invoiceOf = (gstRegistered: boolean, guest?: string): Invoice => {
  const invoice = assembleInvoice(source(gstRegistered, guest));
  if (!invoice) throw new Error("expected an invoice");
  return invoice;
};

describe("the invoice as a PDF", () => {
  it("is one A4 page headed Tax Invoice, with the ABN, every line, the GST and the total", async () => {
    const pdf = await renderInvoicePdf(invoiceOf(true), { compress: false });
    const raw = pdf.toString("latin1");
    expect(raw.startsWith("%PDF-")).toBe(true);
    expect(raw.trimEnd().endsWith("%%EOF")).toBe(true);
    expect(raw.match(/\/Type \/Page\b/g)).toHaveLength(1);
    // A4 in points.
    expect(raw).toContain("/MediaBox [0 0 595.28 841.89]");
    const text = pdfText(pdf);
    for (const expected of [
      "Tax Invoice",
      "ABN 12 345 678 901",
      "Rocky Creek Station Pty Ltd",
      "INV-BK271674",
      "15 Dec 2026",
      "Kim Paddock",
      "Fri 8 Jan 2027 – Sun 10 Jan 2027 (2 nights)",
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
    const text = pdfText(await renderInvoicePdf(invoiceOf(false)));
    expect(text).toContain("Receipt");
    expect(text).not.toContain("Tax Invoice");
    expect(text).not.toContain("GST included");
    expect(text).toContain("not registered for GST");
  });

  it("quotes the cancellation policy the guest accepted before paying", async () => {
    const words = "Full refund if you cancel by Friday 11 December 2026; no refund after that.";
    const base = source(true);
    const invoice = assembleInvoice({
      ...base,
      booking: { ...base.booking, acceptedPolicy: { words } },
    });
    const text = pdfText(await renderInvoicePdf(invoice as Invoice)).replace(/\s+/g, " ");
    expect(text).toContain(`Cancellation policy accepted: ${words}`);
  });

  it("is compressed by default, and still a PDF", async () => {
    const pdf = await renderInvoicePdf(invoiceOf(true));
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain("/FlateDecode");
  });

  // Issue 29: the buyer's name as written, whatever its script (the ATO wants
  // it on a sale of $1,000 or more). Helvetica printed "Aroha NgF’Õorou gN".
  it.each(["Aroha Ngāti-Porou 李", "Nguyễn Thị Minh Khai", "王秀英", "فاطمة الزهراء"])(
    "writes the name %s so that it reads back from the PDF's text",
    async (name) => {
      const pdf = await renderInvoicePdf(invoiceOf(true, name));
      const text = pdfText(pdf);
      expect(text).toContain(name);
      // Still every line around it, and small: the fonts carry only the glyphs used.
      expect(text).toContain("Amount paid by card");
      expect(pdf.length).toBeLessThan(30_000);
    },
  );

  // fontkit remembers, for each glyph, the characters of the first text that
  // used it, and pdfkit maps the glyph back to those for copying. ⾦ and ⻢
  // share their glyphs with 金 and 马, and ﬁ with the "fi" of Sofia: a guest
  // named with them must not change what another guest's invoice reads as.
  it("reads back one guest's name as written whatever names earlier invoices had", async () => {
    await renderInvoicePdf(invoiceOf(true, "\u2FA6 \u2EE2 \uFB01"));
    const text = pdfText(await renderInvoicePdf(invoiceOf(true, "金 马 Sofia")));
    expect(text).toContain("金 马 Sofia");
  });

  it("embeds every font it uses, subset, with a map back to Unicode", async () => {
    const pdf = await renderInvoicePdf(invoiceOf(true, "Aroha Ngāti-Porou 李 فاطمة الزهراء"));
    const fonts = pdfFonts(pdf).trim().split("\n").slice(2);
    expect(fonts.map((line) => line.split(/\s+/)[0]?.replace(/^[A-Z]{6}\+/, ""))).toEqual(
      expect.arrayContaining([
        "NotoSans-Bold",
        "NotoSans-Regular",
        "NotoSansSC-Regular",
        "NotoNaskhArabic",
      ]),
    );
    // pdffonts' columns emb, sub and uni.
    for (const font of fonts) expect(font).toMatch(/ yes +yes +yes +\d+ +\d+$/);
  });
});
