// The money figures (issue 29) over generated histories: stays paid by card,
// refunded in parts for a change or a cancellation, cancelled with a share
// kept, disputed and won or lost. Whatever happened, the takings are what the
// payments took less what went back, Reports and Payments show the same
// figures, and what cancelled bookings kept is counted.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { farmMonth } from "#domain/rules/dates.ts";
import { wholeMonth } from "#domain/rules/report-range.ts";
import { bookings, payments } from "#server/db/schema.ts";
import { createTestProvider } from "#server/payments/test-checkout.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { expectLedgerAgrees } from "#server/testing/ledger-check.ts";
import { paidStay } from "#server/testing/paid-stay.ts";
import { loadDashboard } from "./dashboard";
import { moneyFigures } from "./money-figures";
import { paymentSummary } from "./payment-reports";
import { cancelBooking } from "./payments/cancel";
import { closeDispute, openDispute } from "./payments/disputes";
import { refundPayment } from "./payments/refunds";
import { loadReport } from "./reports";
import { documentsOf } from "./tax-documents";

const database = setupTestDatabase();
const db = () => database().db;
const checkout = {
  provider: createTestProvider("http://127.0.0.1:9"),
  publicUrl: "http://127.0.0.1:9",
};

/** A small seeded generator, so a failing history can be run again. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % below;
  };
}

/** One stay's history: paid, then one of the ways its money moves on. */
async function history(n: number, pick: (below: number) => number) {
  const { booking } = await paidStay(db(), checkout, 20 + 5 * n);
  const [payment] = await db().select().from(payments).where(eq(payments.bookingId, booking.id));
  if (!payment) throw new Error("the stay was paid");
  const refund = (cents: number, cause: "change" | "cancellation") =>
    refundPayment(db(), payment.id, cents, { ...checkout, cause, notifyGuest: false });
  const dispute = (status: string) => ({
    eventId: `evt_${n}_${status}`,
    eventType: status === "needs_response" ? "charge.dispute.created" : "charge.dispute.closed",
    chargeId: `ch_${n}`,
    paymentIntentId: payment.stripePaymentIntentId,
    disputeId: `dp_${n}`,
    status,
    reason: "fraudulent",
    amountCents: payment.amountCents,
    dueBy: null,
  });
  switch (pick(5)) {
    case 0:
      return refund(100 * (1 + pick(50)), "change");
    case 1:
      await refund(100 * (1 + pick(20)), "change");
      return refund(100 * (1 + pick(20)), "cancellation");
    case 2:
      // Cancelled with part of the card payment kept under the policy.
      return cancelBooking(db(), null, booking.id, {
        ...checkout,
        refund: { kind: "partial", amountCents: 100 * (1 + pick(80)) },
        notifyGuest: false,
      });
    case 3:
      await openDispute(db(), dispute("needs_response"));
      return closeDispute(db(), dispute(pick(2) ? "won" : "lost"));
    default:
      return undefined;
  }
}

describe("the money figures over generated histories", () => {
  it("are the payments less what went back, the same on Payments, Reports and the dashboard", async () => {
    const pick = random(20261128);
    for (let n = 0; n < 12; n++) await history(n, pick);
    await expectLedgerAgrees(db());

    // The takings worked out apart, from the payments and the disputes themselves.
    const rows = await db()
      .select({ payment: payments, disputeStatus: bookings.disputeStatus, status: bookings.status })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId));
    const taken = rows.reduce((sum, { payment: p, disputeStatus }) => {
      const lost = disputeStatus === "open" || disputeStatus === "lost" ? p.amountCents : 0;
      return sum + p.amountCents - p.refundedAmountCents - lost;
    }, 0);
    const kept = rows
      .filter((r) => r.status === "cancelled")
      .reduce((sum, { payment: p }) => sum + p.amountCents - p.refundedAmountCents, 0);

    const everything = { from: "2000-01-01", to: "2100-12-31" };
    const money = await moneyFigures(db(), everything);
    expect(money.takingsCents).toBe(taken);
    expect(money.keptCents).toBe(kept);

    // One month, seen from the three screens: the same figures.
    const now = new Date();
    const month = farmMonth(now);
    const report = await loadReport(db(), "this-month", wholeMonth(month), now);
    const summary = await paymentSummary(db(), now);
    const dashboard = await loadDashboard(db(), now);
    expect(summary.takingsCents).toBe(report.money.takingsCents);
    expect(summary.refundsCents).toBe(report.money.refundedCents);
    expect(dashboard.totalEarningsCents).toBe(report.money.takingsCents);

    // Each booking's invoice and notes add up to what the sale is worth: what a
    // cancelled one kept, or the stay's price less a dispute it lost.
    const sales = await db().select().from(bookings);
    for (const b of sales) {
      const documents = await documentsOf(db(), b.id);
      const issued = documents.reduce((sum, d) => sum + d.totalCents, 0);
      const paid = rows.filter((r) => r.payment.bookingId === b.id).map((r) => r.payment);
      const net = paid.reduce((sum, p) => sum + p.amountCents - p.refundedAmountCents, 0);
      const price = b.totalAmountCents - b.discountAmountCents;
      const worth =
        b.status === "cancelled"
          ? net
          : price - (b.disputeStatus === "lost" ? (paid[0]?.amountCents ?? 0) : 0);
      expect(issued, `booking ${b.bookingReference}, ${b.status}`).toBe(worth);
      expect(documents[0]?.totalCents).toBe(price);
    }
  });
});
