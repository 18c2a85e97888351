import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteConfig } from "#content/site.ts";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { guestInvoicePath } from "#domain/rules/invoice.ts";
import { emailOutbox, payments } from "#server/db/schema.ts";
import { createSmtpMailer, type Mailer } from "#server/mail/index.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, insertBooking } from "#server/testing/factories.ts";
import { present } from "#server/testing/present.ts";
import { type SmtpSink, startSmtpSink } from "#server/testing/smtp-sink.ts";
import { getBookingDetails } from "./admin-bookings/details";
import { enqueueBookingConfirmation } from "./booking-emails";
import { sendDueEmails } from "./email-outbox";
import { newGuestToken } from "./guest-token";
import { invoiceByBookingId, invoiceByGuestToken } from "./invoices";
import { cancelBooking } from "./payments/cancel";

const database = setupTestDatabase();
const db = () => database().db;

type Campsite = Awaited<ReturnType<typeof createCampsite>>;
let campsite: Campsite;
let week = 0;

beforeAll(async () => {
  campsite = await createCampsite(db(), { name: "Creekside Camp", quantity: 1 });
});

// 2 nights at $50 and a dog: $110, less $10 off; $20 of it from a prepaid card.
const priced = {
  numberOfDogs: 1,
  priceLines: [
    { kind: "nights" as const, description: "2 nights at $50.00 (Standard)", amountCents: 10000 },
    { kind: "dogs" as const, description: "1 dog × 2 nights at $5.00", amountCents: 1000 },
  ],
  totalAmountCents: 11000,
  discountAmountCents: 1000,
  prepaidAmountUsedCents: 2000,
  finalAmountCents: 8000,
  gstAmountCents: Math.round(10000 / 11),
};

/** A booking of its own week in 2031, with a guest token. */
async function booking(status: "pending" | "paid" | "confirmed") {
  const checkInDate = addDays("2031-01-01", 7 * week++);
  return insertBooking(db(), campsite, {
    ...priced,
    status,
    checkInDate,
    guestToken: newGuestToken(),
  });
}

async function paidBooking(paidAt = new Date("2030-06-30T15:00:00Z")) {
  const row = await booking("paid");
  await db()
    .insert(payments)
    .values({
      bookingId: row.id,
      provider: "test",
      stripeSessionId: `test_cs_${row.id}`,
      guestEmail: row.guestEmail,
      amountCents: row.finalAmountCents,
      currency: "aud",
      status: "succeeded",
      createdAt: paidAt,
    });
  return row;
}

describe("the invoice of a booking", () => {
  it("is found by the guest's token and by the booking's id, dated the farm's day of payment", async () => {
    // 15:00 UTC on 30 June is 1 am on 1 July at the farm.
    const paid = await paidBooking(new Date("2030-06-30T15:00:00Z"));
    const invoice = present(
      await invoiceByGuestToken(db(), present(paid.guestToken, "the token")),
      "the invoice",
    );
    expect(invoice).toMatchObject({
      title: "Tax Invoice",
      number: `INV-${paid.bookingReference}`,
      issueDate: "2030-07-01",
      seller: { legalName: siteConfig().business.legalName, abn: siteConfig().business.abn },
      guest: { name: "Alex Camper", email: "alex.camper@example.com" },
      stay: { campsite: "Creekside Camp", checkIn: paid.checkInDate, dogs: 1 },
      subtotalCents: 11000,
      discountCents: 1000,
      totalCents: 10000,
      gstCents: 909,
      prepaidCents: 2000,
      paidByCardCents: 8000,
      ended: null,
    });
    expect(invoice.lines.map((l) => l.description)).toEqual([
      "2 nights at $50.00 (Standard)",
      "1 dog × 2 nights at $5.00",
    ]);
    expect(await invoiceByBookingId(db(), paid.id)).toEqual(invoice);
  });

  it("exists for a stay confirmed without a card, dated the day it was made", async () => {
    const confirmed = await booking("confirmed");
    const invoice = await invoiceByBookingId(db(), confirmed.id);
    expect(invoice?.issueDate).toBe(farmToday(confirmed.createdAt));
  });

  it("does not exist for a pending booking, an unknown token or a malformed one", async () => {
    const pending = await booking("pending");
    expect(
      await invoiceByGuestToken(db(), present(pending.guestToken, "the token")),
    ).toBeUndefined();
    expect(await invoiceByBookingId(db(), pending.id)).toBeUndefined();
    expect(await invoiceByGuestToken(db(), newGuestToken())).toBeUndefined();
    for (const token of ["", "short", "x".repeat(65), "a'; drop table bookings; --aaaaaaaaaa"])
      expect(await invoiceByGuestToken(db(), token)).toBeUndefined();
    expect(await invoiceByBookingId(db(), "not-a-uuid")).toBeUndefined();
    expect(await invoiceByBookingId(db(), "7b0c5a8e-3f43-4a56-9a8f-0c1d2e3f4a5b")).toBeUndefined();
  });

  it("is kept when a paid booking is cancelled, with a note; never for one cancelled while pending", async () => {
    const paid = await paidBooking();
    await cancelBooking(db(), null, paid.id, { refund: { kind: "none" }, notifyGuest: false });
    const invoice = present(await invoiceByBookingId(db(), paid.id), "the cancelled one's invoice");
    expect(invoice.ended).toMatchObject({ status: "cancelled", refundedCents: 0 });
    expect(invoice.totalCents).toBe(10000);

    const pending = await booking("pending");
    await cancelBooking(db(), null, pending.id, { notifyGuest: false });
    expect(await invoiceByBookingId(db(), pending.id)).toBeUndefined();
  });

  it("is linked from the booking's details when it exists, with the lines, dogs and GST", async () => {
    const paid = await paidBooking();
    expect(await getBookingDetails(db(), paid.id)).toMatchObject({
      numberOfDogs: 1,
      priceLines: [
        { description: "2 nights at $50.00 (Standard)", amountCents: 10000 },
        { description: "1 dog × 2 nights at $5.00", amountCents: 1000 },
      ],
      gstAmountCents: 909,
      invoice: { title: "Tax Invoice", href: `/admin/bookings/${paid.id}/invoice` },
    });
    const pending = await booking("pending");
    expect((await getBookingDetails(db(), pending.id)).invoice).toBeNull();
  });
});

describe("the confirmation email's invoice", () => {
  let sink: SmtpSink;
  let mailer: Mailer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    mailer = createSmtpMailer(sink.url);
  });
  afterAll(async () => {
    mailer?.close();
    await sink?.close();
  });

  it("links the guest's invoice page and attaches the PDF, whose bytes survive the outbox and SMTP", async () => {
    const paid = await paidBooking();
    await enqueueBookingConfirmation(db(), paid, "Creekside Camp");
    const email = present(
      (await db().select().from(emailOutbox).where(eq(emailOutbox.bookingId, paid.id)))[0],
      "the confirmation",
    );
    const link = `${siteConfig().siteUrl}${guestInvoicePath(present(paid.guestToken, "token"))}`;
    expect(email.textBody).toContain(`Your tax invoice (also attached as a PDF): ${link}`);
    // The existing words are all still there.
    expect(email.textBody).toContain("The calendar file attached adds your stay to your calendar.");
    expect(email.attachments.map((a) => a.filename)).toEqual([
      `${paid.bookingReference}.ics`,
      `INV-${paid.bookingReference}.pdf`,
    ]);
    const stored = present(email.attachments[1], "the PDF attachment");
    expect(stored).toMatchObject({ contentType: "application/pdf", encoding: "base64" });
    const pdf = Buffer.from(stored.content, "base64");
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    await sendDueEmails(db(), mailer, "Rocky Creek Station <bookings@example.com>");
    const mail = await sink.waitFor((m) => m.raw.includes(`INV-${paid.bookingReference}.pdf`));
    expect(attachmentBytes(mail.raw, `INV-${paid.bookingReference}.pdf`).equals(pdf)).toBe(true);
  });
});

/** The decoded bytes of the named base64 attachment of a raw MIME message. */
function attachmentBytes(raw: string, filename: string): Buffer {
  const start = raw.indexOf(`filename=${filename}`);
  expect(start, "the attachment's headers").toBeGreaterThan(-1);
  const headersEnd = raw.indexOf("\r\n\r\n", start);
  const partEnd = raw.indexOf("\r\n--", headersEnd);
  const headers = raw.slice(raw.lastIndexOf("\r\n--", start), headersEnd);
  expect(headers).toMatch(/Content-Transfer-Encoding: base64/i);
  return Buffer.from(raw.slice(headersEnd + 4, partEnd).replace(/\s+/g, ""), "base64");
}
