// The accountant's files (issue 29): a stay paid, then cancelled with half
// refunded, gives an invoice and a credit in Xero's sales invoice format and
// a payment and a refund in its bank statement format, in Xero's own columns.
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { farmToday } from "#domain/rules/dates.ts";
import { cancelOwnBooking } from "#server/bookings/guest-cancel.ts";
import { payments } from "#server/db/schema.ts";
import { createTestProvider } from "#server/payments/test-checkout.ts";
import { adminBookingsFixture } from "#server/services/admin-bookings/test-fixture.ts";
import { saveSettings } from "#server/services/settings.ts";
import { createCampsite, insertBooking } from "#server/testing/factories.ts";
import { enterAsHistory } from "#server/testing/ledger-check.ts";
import { paidStay } from "#server/testing/paid-stay.ts";
import { present } from "#server/testing/present.ts";
import {
  accountsCsv,
  DOCUMENT_COLUMNS,
  XERO_INVOICE_COLUMNS,
  XERO_STATEMENT_COLUMNS,
} from "./accounts-export";
import { documentCatchUp } from "./booking-workers";
import { findGiftVoucher, startGiftVoucher } from "./payments/gift-vouchers";
import { completeTestCheckout } from "./payments/test-checkout-session";
import { documentsOf } from "./tax-documents";

const { database } = adminBookingsFixture();
const checkout = {
  provider: createTestProvider("http://127.0.0.1:9"),
  publicUrl: "http://127.0.0.1:9",
};

/** The CSV's rows as objects by column, the header checked against `columns`. */
function rowsOf(csv: string, columns: readonly string[]) {
  const [header, ...rows] = parse(csv.replace(/^\uFEFF/, "")) as string[][];
  expect(header).toEqual([...columns]);
  return rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]])));
}

describe("the accountant's files", () => {
  it("give the invoice and its credit note to Xero, and the money as a bank statement", async () => {
    await saveSettings(database().db, { lateCancellationRefundPercent: 50 });
    try {
      const { booking, token } = await paidStay(database().db, checkout, 3, { nights: 2 });
      await cancelOwnBooking(database().db, token, "198.51.100.90", {});
      const today = farmToday();
      const range = { from: today, to: today };
      const ref = booking.bookingReference;
      const date = today.split("-").reverse().join("/");

      const invoices = rowsOf(
        await accountsCsv(database().db, "xero-invoices", range),
        XERO_INVOICE_COLUMNS,
      ).filter((r) => r.Reference?.startsWith(ref));
      expect(
        invoices.map((r) => [
          r["*InvoiceNumber"],
          r["*UnitAmount"],
          r["*TaxType"],
          r["*InvoiceDate"],
        ]),
      ).toEqual([
        [`ADJ-${ref}-1`, "-50.00", "GST on Income", date],
        [`INV-${ref}`, "100.00", "GST on Income", date],
      ]);
      expect(invoices[0]).toMatchObject({
        "*ContactName": "Sam Drover",
        Reference: `${ref}, adjusts INV-${ref}`,
        "*AccountCode": "200",
        Currency: "AUD",
      });

      const statement = rowsOf(
        await accountsCsv(database().db, "xero-payments", range),
        XERO_STATEMENT_COLUMNS,
      ).filter((r) => r.Reference === ref);
      expect(statement.map((r) => [r["*Date"], r["*Amount"], r.Payee])).toEqual([
        [date, "100.00", "Sam Drover"],
        [date, "-50.00", "Sam Drover"],
      ]);
      const plain = await accountsCsv(database().db, "documents", range);
      expect(plain).toContain(`ADJ-${ref}-1,Adjustment Note,${today},${ref},Sam Drover`);
    } finally {
      await saveSettings(database().db, { lateCancellationRefundPercent: 0 });
    }
  });
});

describe("a gift voucher sold", () => {
  it("is in the bank statement and the ledger file under the voucher's reference and its buyer", async () => {
    const { db } = database();
    const { url } = await startGiftVoucher(
      db,
      {
        amount: "80",
        buyerName: "Ivy Giver",
        buyerEmail: "ivy@example.com",
        recipientName: "Ned Taker",
        recipientEmail: "ned@example.com",
        message: "",
      },
      "198.51.100.91",
      checkout,
    );
    const sessionId = url.split("/test-checkout/")[1] ?? "";
    expect(await completeTestCheckout(db, sessionId, checkout)).toBe("paid");
    const { reference } = present(await findGiftVoucher(db, sessionId), "the voucher");
    const today = farmToday();
    const range = { from: today, to: today };
    const statement = rowsOf(
      await accountsCsv(db, "xero-payments", range),
      XERO_STATEMENT_COLUMNS,
    ).filter((r) => r.Reference === reference);
    expect(statement.map((r) => [r["*Amount"], r.Payee, r.Description])).toEqual([
      ["80.00", "Ivy Giver", `card payment (voucher), gift voucher ${reference}`],
    ]);
    const ledger = await accountsCsv(db, "ledger", range);
    expect(ledger).toContain(`${reference},Ivy Giver,payment,card,voucher,80.00,0.00`);
  });
});

describe("bookings sold before documents were issued", () => {
  it("get their invoice in the export of the days their money moved, and from the catch-up worker", async () => {
    const { db } = database();
    const campsite = await createCampsite(db, { name: "Before Invoices" });
    const sold = async (day: string) => {
      const booking = await insertBooking(db, campsite, { status: "paid", checkInDate: day });
      const [payment] = await db
        .insert(payments)
        .values({
          bookingId: booking.id,
          provider: "test",
          stripeSessionId: `cs_before_${booking.id}`,
          guestEmail: booking.guestEmail,
          amountCents: booking.finalAmountCents,
          currency: "aud",
          status: "succeeded",
          createdAt: new Date(`${day}T02:00:00Z`),
          updatedAt: new Date(`${day}T02:00:00Z`),
        })
        .returning();
      await enterAsHistory(db, present(payment, "the payment"));
      return booking;
    };
    const inRange = await sold("2025-03-04");
    const elsewhere = await sold("2025-05-06");
    expect(await documentsOf(db, inRange.id)).toEqual([]);

    const march = { from: "2025-03-01", to: "2025-03-31" };
    const numbers = rowsOf(await accountsCsv(db, "documents", march), DOCUMENT_COLUMNS).map(
      (r) => r.Number,
    );
    expect(numbers).toContain(`INV-${inRange.bookingReference}`);
    expect(await documentsOf(db, elsewhere.id)).toEqual([]);

    // The worker goes through every booking left, once per process.
    await documentCatchUp.run({ db } as Parameters<typeof documentCatchUp.run>[0]);
    expect((await documentsOf(db, elsewhere.id)).map((d) => d.number)).toEqual([
      `INV-${elsewhere.bookingReference}`,
    ]);
  });
});
