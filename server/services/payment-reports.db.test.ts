import { describe, expect, it } from "vitest";
import { startOfFarmDay } from "#domain/rules/dates.ts";
import { payments } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, insertBooking } from "#server/testing/factories.ts";
import { enterAsHistory } from "#server/testing/ledger-check.ts";
import { present } from "#server/testing/present.ts";
import {
  farmMonthRange,
  formatPaymentAmount,
  knownStatus,
  PAYMENTS_CSV_COLUMNS,
  paymentProviderConnection,
  paymentSummary,
  paymentsCsv,
  providerDashboardUrl,
  searchPayments,
} from "./payment-reports";

const database = setupTestDatabase();

let sessionNumber = 0;
async function aPayment(
  options: {
    amountCents?: number;
    status?: (typeof payments.$inferInsert)["status"];
    refundedAmountCents?: number;
    createdAt?: Date;
    updatedAt?: Date;
    firstName?: string;
    lastName?: string;
    campsiteName?: string;
    provider?: string;
    paymentIntent?: string | null;
  } = {},
) {
  const { db } = database();
  const site = await createCampsite(db, options.campsiteName ? { name: options.campsiteName } : {});
  const booking = await insertBooking(db, site, {
    guestFirstName: options.firstName ?? "Alex",
    guestLastName: options.lastName ?? "Camper",
    status: "paid",
  });
  const n = ++sessionNumber;
  const [payment] = await db
    .insert(payments)
    .values({
      bookingId: booking.id,
      provider: options.provider ?? "stripe",
      stripeSessionId: `cs_test_${n}_${Math.random().toString(36).slice(2)}`,
      stripePaymentIntentId:
        options.paymentIntent === undefined
          ? `pi_${n}_abcdefghijklmnopqrstuvwxyz`
          : options.paymentIntent,
      guestEmail: booking.guestEmail,
      amountCents: options.amountCents ?? 10000,
      refundedAmountCents: options.refundedAmountCents ?? 0,
      currency: "aud",
      status: options.status ?? "succeeded",
      createdAt: options.createdAt,
      updatedAt: options.updatedAt,
    })
    .returning();
  const inserted = present(payment, "the inserted payment");
  await enterAsHistory(db, inserted);
  return { payment: inserted, booking };
}

describe("the three summary cards (amendment 2.10)", () => {
  it("sum this farm month's takings (less its refunds), refunds and pending amounts", async () => {
    // Mid-March 2032 at the farm; the database is shared, so amounts are unique to this test.
    const now = new Date("2032-03-15T02:00:00Z");
    const inMarch = new Date("2032-03-10T00:00:00Z");
    const inFebruary = new Date("2032-02-20T00:00:00Z");
    await aPayment({ amountCents: 12000, createdAt: inMarch, updatedAt: inMarch });
    await aPayment({
      amountCents: 8000,
      status: "refunded",
      refundedAmountCents: 8000,
      createdAt: inMarch,
      updatedAt: inMarch,
    });
    // Paid in February, half refunded in March: a March refund, not a March taking.
    await aPayment({
      amountCents: 6000,
      refundedAmountCents: 3000,
      createdAt: inFebruary,
      updatedAt: inMarch,
    });
    await aPayment({
      amountCents: 4500,
      status: "pending",
      createdAt: inMarch,
      updatedAt: inMarch,
    });
    await aPayment({ amountCents: 999, status: "failed", createdAt: inMarch, updatedAt: inMarch });
    await aPayment({ amountCents: 7000, createdAt: inFebruary, updatedAt: inFebruary });

    // Takings: received in March ($120 + $80) less refunded in March ($80 + $30).
    expect(await paymentSummary(database().db, now)).toEqual({
      month: "2032-03",
      takingsCents: 9000,
      takingsCount: 2,
      refundsCents: 11000,
      refundsCount: 2,
      pendingCents: 4500,
      pendingCount: 1,
      vouchersSoldCents: 0,
      vouchersSold: 0,
    });
  });

  it("uses the farm's month, not the server's: 1 April 00:30 in Brisbane is April", () => {
    const justAfterMidnight = new Date("2032-03-31T14:30:00Z"); // 00:30 on 1 April AEST
    const range = farmMonthRange(justAfterMidnight);
    expect(range.month).toBe("2032-04");
    expect(range.start).toEqual(startOfFarmDay("2032-04-01"));
    expect(range.end).toEqual(startOfFarmDay("2032-05-01"));
    expect(farmMonthRange(new Date("2032-12-10T00:00:00Z")).end).toEqual(
      startOfFarmDay("2033-01-01"),
    );
  });
});

describe("searching payments", () => {
  it("finds a payment by guest name, booking reference, campsite or payment id", async () => {
    const { payment, booking } = await aPayment({
      firstName: "Matilda",
      lastName: "Quokka",
      campsiteName: "Ironbark Hollow",
    });
    const db = database().db;
    for (const query of [
      "matilda",
      "Matilda Quokka",
      "QUOKKA",
      booking.bookingReference,
      "ironbark",
      present(payment.stripePaymentIntentId, "the payment intent").slice(0, 12),
    ]) {
      const { rows } = await searchPayments(db, { query });
      expect(
        rows.map((r) => r.id),
        query,
      ).toContain(payment.id);
    }
    const { rows } = await searchPayments(db, { query: "Matilda" });
    expect(rows[0]).toMatchObject({
      bookingReference: booking.bookingReference,
      guestName: "Matilda Quokka",
      campsiteName: "Ironbark Hollow",
      amountCents: 10000,
      currency: "aud",
      status: "succeeded",
    });
  });

  it("treats % and _ in a search as plain characters", async () => {
    await aPayment({ firstName: "Percy" });
    const { rows } = await searchPayments(database().db, { query: "%" });
    expect(rows).toEqual([]);
  });

  it("lists newest first and says when more match than the page shows", async () => {
    const db = database().db;
    const older = await aPayment({
      lastName: "Paginate",
      createdAt: new Date("2031-01-01T00:00:00Z"),
    });
    const newer = await aPayment({
      lastName: "Paginate",
      createdAt: new Date("2031-06-01T00:00:00Z"),
    });
    const { rows, more } = await searchPayments(db, { query: "paginate", limit: 1 });
    expect(more).toBe(true);
    expect(rows.map((r) => r.id)).toEqual([newer.payment.id]);
    const both = await searchPayments(db, { query: "paginate", limit: 2 });
    expect(both.more).toBe(false);
    expect(both.rows.map((r) => r.id)).toEqual([newer.payment.id, older.payment.id]);
    expect(older.payment.id).not.toBe(newer.payment.id);
  });
});

describe("the payments CSV", () => {
  it("holds one row per payment shown, amounts with 2 decimals", async () => {
    const { payment, booking } = await aPayment({
      firstName: "Csv",
      lastName: "Exporter",
      amountCents: 13050,
      refundedAmountCents: 5000,
    });
    const { rows } = await searchPayments(database().db, { query: "Csv Exporter" });
    const csv = paymentsCsv(rows);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).trimEnd().split("\n");
    expect(lines[0]).toBe(PAYMENTS_CSV_COLUMNS.join(","));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      [
        payment.stripePaymentIntentId,
        payment.stripeSessionId,
        booking.bookingReference,
        "Csv Exporter",
        booking.guestEmail,
        present(rows[0], "the found payment").campsiteName,
        "130.50",
        "50.00",
        "AUD",
        "succeeded",
        payment.createdAt.toISOString(),
      ].join(","),
    );
  });

  it("neutralises a guest name a spreadsheet would run as a formula", async () => {
    await aPayment({ firstName: '=HYPERLINK("http://x")', lastName: "Evil" });
    const { rows } = await searchPayments(database().db, { query: "Evil" });
    const line = present(paymentsCsv(rows).trimEnd().split("\n")[1], "the CSV's first data line");
    // Quoted by CSV rules (inner quotes doubled), and starting with an apostrophe.
    expect(line).toContain(`"'=HYPERLINK(""http://x"") Evil"`);
  });
});

describe("amounts, statuses and the provider's dashboard", () => {
  it("shows amounts with 2 decimals and the uppercase currency code", () => {
    expect(formatPaymentAmount(9000, "aud")).toBe("90.00 AUD");
    expect(formatPaymentAmount(123456, "aud")).toBe("1,234.56 AUD");
  });

  it("shows an unknown status as pending", () => {
    expect(knownStatus("succeeded")).toBe("succeeded");
    expect(knownStatus("requires_action")).toBe("pending");
  });

  it("links a Stripe payment intent to the live or test dashboard by the key", () => {
    const row = { provider: "stripe", stripePaymentIntentId: "pi_3Abc" };
    expect(paymentProviderConnection(undefined)).toEqual({ provider: "test-checkout" });
    expect(providerDashboardUrl(row, paymentProviderConnection("sk_live_x"))).toBe(
      "https://dashboard.stripe.com/payments/pi_3Abc",
    );
    expect(providerDashboardUrl(row, paymentProviderConnection("sk_test_x"))).toBe(
      "https://dashboard.stripe.com/test/payments/pi_3Abc",
    );
    expect(
      providerDashboardUrl(
        { provider: "test", stripePaymentIntentId: "test_pi_1" },
        {
          provider: "test-checkout",
        },
      ),
    ).toBeNull();
    expect(
      providerDashboardUrl(
        { provider: "stripe", stripePaymentIntentId: null },
        {
          provider: "stripe",
          mode: "live",
        },
      ),
    ).toBeNull();
  });
});
