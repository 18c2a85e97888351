// The money ledger (issue 29): what each movement enters, with its cause;
// disputes by what they took, whichever of their events comes first; and
// entries that can never be changed.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ledgerEntries, payments } from "#server/db/schema.ts";
import { createTestProvider } from "#server/payments/test-checkout.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { expectLedgerAgrees, ledgerOf } from "#server/testing/ledger-check.ts";
import { paidStay } from "#server/testing/paid-stay.ts";
import { closeDispute, type DisputeReport, openDispute } from "./payments/disputes";
import { refundPayment } from "./payments/refunds";

const database = setupTestDatabase();
const db = () => database().db;
const checkout = {
  provider: createTestProvider("http://127.0.0.1:9"),
  publicUrl: "http://127.0.0.1:9",
};

const kinds = (entries: Awaited<ReturnType<typeof ledgerOf>>) =>
  entries.map((e) => [e.kind, e.method, e.cause, e.amountCents]);

let stays = 0;
async function paid() {
  stays += 1;
  const stay = await paidStay(db(), checkout, 20 + 7 * stays);
  const [payment] = await db()
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, stay.booking.id));
  return { ...stay, paymentId: payment?.paymentId ?? "" };
}

function dispute(paymentIntentId: string, id: string, status: string): DisputeReport {
  return {
    eventId: `evt_${id}_${status}`,
    eventType: status === "needs_response" ? "charge.dispute.created" : "charge.dispute.closed",
    chargeId: `ch_${id}`,
    paymentIntentId,
    disputeId: `dp_${id}`,
    status,
    reason: "fraudulent",
    amountCents: 10000,
    dueBy: null,
  };
}

describe("the money ledger", () => {
  it("enters a card payment as a sale and each refund with its cause, GST inside", async () => {
    const { booking, paymentId } = await paid();
    await refundPayment(db(), paymentId, 2500, {
      ...checkout,
      cause: "change",
      notifyGuest: false,
    });
    await refundPayment(db(), paymentId, 1000, { ...checkout, notifyGuest: false });
    const entries = await ledgerOf(db(), booking.id);
    expect(kinds(entries)).toEqual([
      ["payment", "card", "sale", 10000],
      ["refund", "card", "change", -2500],
      ["refund", "card", "cancellation", -1000],
    ]);
    expect(entries.map((e) => e.gstCents)).toEqual([909, -227, -91]);
  });

  it("enters a dispute by what it took, whichever event comes first, and each once", async () => {
    const won = await paid();
    const intent = await intentOf(won.paymentId);
    await openDispute(db(), dispute(intent, "won", "needs_response"));
    await openDispute(db(), dispute(intent, "won", "needs_response")); // replayed
    await closeDispute(db(), dispute(intent, "won", "won"));
    expect(kinds(await ledgerOf(db(), won.booking.id))).toEqual([
      ["payment", "card", "sale", 10000],
      ["dispute", "card", "dispute", -10000],
      ["dispute", "card", "dispute", 10000],
    ]);

    // Lost, its closing event before its opening: the money is taken once.
    const lost = await paid();
    const lostIntent = await intentOf(lost.paymentId);
    await closeDispute(db(), dispute(lostIntent, "lost", "lost"));
    await openDispute(db(), dispute(lostIntent, "lost", "needs_response"));
    expect(kinds(await ledgerOf(db(), lost.booking.id))).toEqual([
      ["payment", "card", "sale", 10000],
      ["dispute", "card", "dispute", -10000],
    ]);
    await expectLedgerAgrees(db());
  });

  it("refuses to change or remove an entry", async () => {
    const { booking } = await paid();
    const [entry] = await ledgerOf(db(), booking.id);
    const id = entry?.id ?? "";
    const edit = db().update(ledgerEntries).set({ amountCents: 1 }).where(eq(ledgerEntries.id, id));
    expect(await refusedFor(edit)).toMatch(/never changed or removed/);
    const removal = db().delete(ledgerEntries).where(eq(ledgerEntries.id, id));
    expect(await refusedFor(removal)).toMatch(/never changed or removed/);
  });
});

async function intentOf(paymentId: string) {
  const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
  return row?.stripePaymentIntentId ?? "";
}

/** The database's own words for a refused statement (drizzle wraps them). */
const refusedFor = (statement: Promise<unknown>) =>
  statement.then(
    () => "done",
    (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
  );
