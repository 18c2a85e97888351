// Writes the money ledger (issue 29, decision 0027). A payment's entries are
// brought up to what its row says (taken, then refunded) by writing only the
// difference, so every path that moves its money (the checkout, a refund of
// ours or one made in the provider's dashboard, in any order, replayed) calls
// the same function and each cent is entered once. Disputes and prepaid
// credit are entered the same way, by what they should add up to.
import { and, eq, ne, sql } from "drizzle-orm";
import { siteConfig } from "#content/site.ts";
import { farmToday } from "#domain/rules/dates.ts";
import {
  disputedCents,
  gstWithin,
  type LedgerCause,
  type LedgerKind,
  type LedgerMethod,
  methodOfProvider,
  paymentTotals,
} from "#domain/rules/ledger.ts";
import type { Executor } from "#server/db/client.ts";
import { ledgerEntries, payments } from "#server/db/schema.ts";

type Entry = {
  /** The booking whose money moved, or else the gift voucher sold. */
  bookingId?: string;
  giftVoucherId?: string;
  paymentId?: string;
  kind: LedgerKind;
  method: LedgerMethod;
  cause: LedgerCause;
  amountCents: number;
  providerRef?: string;
};

async function enter(db: Executor, entry: Entry, now: Date) {
  if (entry.amountCents === 0) return;
  await db.insert(ledgerEntries).values({
    ...entry,
    // A voucher's GST is due when it is spent (the prepaid credit that pays a stay), not when sold.
    gstCents: entry.giftVoucherId
      ? 0
      : gstWithin(entry.amountCents, siteConfig().business.gstRegistered),
    farmDay: farmToday(now),
    occurredAt: now,
  });
}

/** The sum of the entries matching `where`. */
async function sumOf(db: Executor, where: ReturnType<typeof and>) {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries)
    .where(where);
  return row?.cents ?? 0;
}

/**
 * Enters what the payment took and gave back since its entries were last
 * written. Call it after any change of the payment's status or refunds, in
 * the same transaction, with why the money moved.
 */
export async function enterPayment(
  db: Executor,
  paymentId: string,
  cause: LedgerCause,
  now: Date = new Date(),
) {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) return;
  const { received, refunded } = paymentTotals(payment);
  const of = (kind: LedgerKind) =>
    and(eq(ledgerEntries.paymentId, paymentId), eq(ledgerEntries.kind, kind));
  const entered = {
    received: await sumOf(db, of("payment")),
    refunded: 0 - (await sumOf(db, of("refund"))),
  };
  const common = {
    bookingId: payment.bookingId,
    paymentId,
    method: methodOfProvider(payment.provider),
  };
  await enter(
    db,
    { ...common, kind: "payment", cause, amountCents: received - entered.received },
    now,
  );
  await enter(
    db,
    { ...common, kind: "refund", cause, amountCents: entered.refunded - refunded },
    now,
  );
}

/** Enters what a card dispute has taken (open or lost) or given back (won), once per change. */
export async function enterDispute(
  db: Executor,
  dispute: { bookingId: string; paymentId: string; disputeId: string; amountCents: number },
  state: "open" | "won" | "lost",
  now: Date = new Date(),
) {
  const entered = await sumOf(
    db,
    and(eq(ledgerEntries.kind, "dispute"), eq(ledgerEntries.providerRef, dispute.disputeId)),
  );
  const target = -disputedCents(state, dispute.amountCents);
  await enter(
    db,
    {
      bookingId: dispute.bookingId,
      paymentId: dispute.paymentId,
      kind: "dispute",
      method: "card",
      cause: "dispute",
      amountCents: target - entered,
      providerRef: dispute.disputeId,
    },
    now,
  );
}

/**
 * Brings a gift voucher's card money up to what moved at the provider: its
 * sale, what refunds gave back in all (only ever more: an older event sent
 * again names less), what a dispute took (open or lost) or left (won). Each
 * by the difference, so a replayed event enters nothing. A dispute's opening
 * is entered once, before its close, so an opening sent again, or after the
 * close, finds it and enters nothing. Says what a refund newly gave back, and
 * whether a dispute was applied.
 */
export async function enterGiftVoucher(
  db: Executor,
  giftVoucherId: string,
  moved: {
    receivedCents?: number;
    refundedCents?: number;
    dispute?: { id: string; state: "open" | "won" | "lost"; amountCents: number };
  },
  now: Date = new Date(),
): Promise<{ refundedNowCents: number; disputeApplied: boolean }> {
  const common = { giftVoucherId, method: "card", cause: "voucher" } as const;
  const entered = (kind: LedgerKind, providerRef?: string) =>
    sumOf(
      db,
      and(
        eq(ledgerEntries.giftVoucherId, giftVoucherId),
        eq(ledgerEntries.kind, kind),
        providerRef ? eq(ledgerEntries.providerRef, providerRef) : undefined,
      ),
    );
  if (moved.receivedCents !== undefined) {
    const amountCents = moved.receivedCents - (await entered("payment"));
    await enter(db, { ...common, kind: "payment", amountCents }, now);
  }
  let refundedNowCents = 0;
  if (moved.refundedCents !== undefined) {
    const amountCents = Math.min(0, -moved.refundedCents - (await entered("refund")));
    await enter(db, { ...common, kind: "refund", amountCents }, now);
    refundedNowCents = -amountCents;
  }
  if (!moved.dispute) return { refundedNowCents, disputeApplied: false };
  const { id, state, amountCents } = moved.dispute;
  const opened = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, "dispute"), eq(ledgerEntries.providerRef, id)))
    .limit(1);
  if (state === "open" && opened.length > 0) return { refundedNowCents, disputeApplied: false };
  const dispute = { ...common, kind: "dispute", providerRef: id } as const;
  if (opened.length === 0) await enter(db, { ...dispute, amountCents: -amountCents }, now);
  const target = -disputedCents(state, amountCents);
  await enter(db, { ...dispute, amountCents: target - (await entered("dispute", id)) }, now);
  return { refundedNowCents, disputeApplied: true };
}

/** Enters prepaid credit a booking used (+) or got back (−). */
export async function enterPrepaid(
  db: Executor,
  movement: { bookingId: string; amountCents: number; cause: LedgerCause },
  now: Date = new Date(),
) {
  await enter(db, { ...movement, kind: "prepaid", method: "prepaid" }, now);
}

/** Money a booking has taken and given back so far (cards and payments by hand; credit apart). */
export async function moneyOfBooking(
  db: Executor,
  bookingId: string,
): Promise<{ paidCents: number; refundedCents: number }> {
  const amount = ledgerEntries.amountCents;
  const [row] = await db
    .select({
      paid: sql<number>`coalesce(sum(${amount}) filter (where ${amount} > 0), 0)::int`,
      refunded: sql<number>`coalesce(-sum(${amount}) filter (where ${amount} < 0), 0)::int`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.bookingId, bookingId), ne(ledgerEntries.method, "prepaid")));
  return { paidCents: row?.paid ?? 0, refundedCents: row?.refunded ?? 0 };
}
