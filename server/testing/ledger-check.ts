// The ledger's invariant (issue 29): whatever happened to a payment (paid,
// refunded by us or in the provider's dashboard, events replayed or out of
// order), its entries add up to what its row says; a dispute's entries to
// what its state took; prepaid entries to the card transactions of the
// booking. The payment tests check it after all their histories.
import { eq, inArray, sql } from "drizzle-orm";
import { expect } from "vitest";
import { farmToday } from "#domain/rules/dates.ts";
import { gstWithin, methodOfProvider, paymentTotals } from "#domain/rules/ledger.ts";
import type { Executor } from "#server/db/client.ts";
import {
  bookings,
  giftVouchers,
  ledgerEntries,
  payments,
  prepaidCardTransactions,
} from "#server/db/schema.ts";

const sums = (key: unknown, entries: { key: unknown; amountCents: number }[]) =>
  entries.filter((e) => e.key === key).reduce((sum, e) => sum + e.amountCents, 0);

export async function expectLedgerAgrees(db: Executor) {
  const entries = await db.select().from(ledgerEntries);
  const by = (kind: string, key: (e: (typeof entries)[number]) => unknown) =>
    entries
      .filter((e) => e.kind === kind)
      .map((e) => ({ key: key(e), amountCents: e.amountCents }));
  const rows = await db.select().from(payments);
  for (const payment of rows) {
    const { received, refunded } = paymentTotals(payment);
    const ofPayment = (kind: string) =>
      sums(
        payment.id,
        by(kind, (e) => e.paymentId),
      );
    expect({
      payment: payment.id,
      received: ofPayment("payment"),
      refunded: 0 - ofPayment("refund"),
    }).toEqual({ payment: payment.id, received, refunded });
  }
  const disputed = rows.filter((p) => p.disputeId);
  const states = disputed.length
    ? await db
        .select({ id: bookings.id, state: bookings.disputeStatus })
        .from(bookings)
        .where(
          inArray(
            bookings.id,
            disputed.map((p) => p.bookingId),
          ),
        )
    : [];
  for (const payment of disputed) {
    const state = states.find((b) => b.id === payment.bookingId)?.state;
    if (state !== "open" && state !== "won" && state !== "lost") continue;
    const taken = sums(
      payment.disputeId,
      by("dispute", (e) => e.providerRef),
    );
    // Won: nothing taken; open or lost: the disputed amount, entered once.
    if (state === "won") expect(taken).toBe(0);
    else expect(taken).toBeLessThan(0);
  }
  const prepaid = await db
    .select({
      bookingId: prepaidCardTransactions.bookingId,
      cents: sql<number>`sum(case when ${prepaidCardTransactions.transactionType} = 'debit' then ${prepaidCardTransactions.amountCents} else -${prepaidCardTransactions.amountCents} end)::int`,
    })
    .from(prepaidCardTransactions)
    .where(inArray(prepaidCardTransactions.transactionType, ["debit", "credit"]))
    .groupBy(prepaidCardTransactions.bookingId);
  for (const { bookingId, cents } of prepaid) {
    if (!bookingId) continue;
    expect({
      bookingId,
      prepaid: sums(
        bookingId,
        by("prepaid", (e) => e.bookingId),
      ),
    }).toEqual({
      bookingId,
      prepaid: cents,
    });
  }
  // Each voucher sold: its sale entered once, no GST; none for a voucher unpaid.
  const vouchers = await db.select().from(giftVouchers);
  for (const voucher of vouchers) {
    const sold = entries.filter((e) => e.giftVoucherId === voucher.id && e.kind === "payment");
    expect({
      voucher: voucher.reference,
      sold: sold.reduce((sum, e) => sum + e.amountCents, 0),
      gst: sold.reduce((sum, e) => sum + e.gstCents, 0),
    }).toEqual({
      voucher: voucher.reference,
      sold: voucher.status === "paid" ? voucher.amountCents : 0,
      gst: 0,
    });
  }
  return { entries: entries.length, payments: rows.length };
}

/** The entries of one booking, oldest first, as the tests read them. */
export const ledgerOf = (db: Executor, bookingId: string) =>
  db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId))
    .orderBy(ledgerEntries.createdAt);

/**
 * Enters a payment inserted straight into the table as the checkout and its
 * refunds would have: taken when it was made, refunded when it last changed.
 */
export async function enterAsHistory(db: Executor, payment: typeof payments.$inferSelect) {
  const { received, refunded } = paymentTotals(payment);
  const entry = (amountCents: number, at: Date, kind: "payment" | "refund") => ({
    bookingId: payment.bookingId,
    paymentId: payment.id,
    kind,
    method: methodOfProvider(payment.provider),
    cause: kind === "payment" ? ("sale" as const) : ("cancellation" as const),
    amountCents,
    gstCents: gstWithin(amountCents, true),
    farmDay: farmToday(at),
    occurredAt: at,
  });
  const entries = [
    ...(received ? [entry(received, payment.createdAt, "payment")] : []),
    ...(refunded ? [entry(-refunded, payment.updatedAt, "refund")] : []),
  ];
  if (entries.length) await db.insert(ledgerEntries).values(entries);
}
