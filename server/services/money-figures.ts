// The money figures (issue 29, decision 0027), defined once and read from the
// ledger by the Payments screen, Reports and the dashboard, so they agree for
// any range of farm days:
// - Takings: money received less money refunded (and taken by disputes), by
//   the day it moved. Prepaid credit is not money received: it was, when the
//   card was sold (a gift voucher's sale is in Takings, and counted apart).
// - Refunds: money given back, by why.
// - Kept: what bookings cancelled in the range still hold (a fee under the
//   policy, or prepaid credit kept).
// - The reconciliation: money in and out by way of paying.
import { and, gte, inArray, lte, ne, sql } from "drizzle-orm";
import type { ReportRange } from "#domain/api/admin-reports.ts";
import type { MoneyFigures } from "#domain/api/money-figures.ts";
import type { LedgerCause, LedgerMethod } from "#domain/rules/ledger.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings, ledgerEntries } from "#server/db/schema.ts";
import { endedInDays } from "./stay-nights";

export type { MoneyFigures } from "#domain/api/money-figures.ts";

const inDays = (range: ReportRange) =>
  and(gte(ledgerEntries.farmDay, range.from), lte(ledgerEntries.farmDay, range.to));

export async function moneyFigures(db: Executor, range: ReportRange): Promise<MoneyFigures> {
  const [rows, kept] = await Promise.all([movements(db, range), keptFromCancellations(db, range)]);
  const money = rows.filter((r) => r.method !== "prepaid");
  const sumOf = (list: typeof rows, pick: (r: (typeof rows)[number]) => number) =>
    list.reduce((total, r) => total + pick(r), 0);
  const refunds = money.filter((r) => r.kind === "refund" || r.kind === "dispute");
  return {
    range,
    receivedCents: sumOf(money, (r) => r.inCents),
    refundedCents: sumOf(refunds, (r) => r.outCents),
    takingsCents: sumOf(money, (r) => r.inCents - r.outCents),
    payments: sumOf(
      money.filter((r) => r.kind === "payment"),
      (r) => r.entries,
    ),
    refunds: sumOf(
      money.filter((r) => r.kind === "refund"),
      (r) => r.entries,
    ),
    refundsByCause: byCause(refunds),
    ...vouchersSold(money),
    byMethod: byMethod(rows),
    keptCents: kept.cents,
    keptBookings: kept.bookings,
  };
}

/** The range's entries, summed by kind, way and cause. */
function movements(db: Executor, range: ReportRange) {
  const amount = ledgerEntries.amountCents;
  return db
    .select({
      kind: ledgerEntries.kind,
      method: ledgerEntries.method,
      cause: ledgerEntries.cause,
      inCents: sql<number>`coalesce(sum(${amount}) filter (where ${amount} > 0), 0)::int`,
      outCents: sql<number>`coalesce(-sum(${amount}) filter (where ${amount} < 0), 0)::int`,
      entries: sql<number>`count(*)::int`,
    })
    .from(ledgerEntries)
    .where(inDays(range))
    .groupBy(ledgerEntries.kind, ledgerEntries.method, ledgerEntries.cause);
}

type Movement = Awaited<ReturnType<typeof movements>>[number];

/** The card money for gift vouchers sold: in Takings now, spent later as prepaid credit. */
function vouchersSold(rows: readonly Movement[]) {
  const sold = rows.filter((r) => r.kind === "payment" && r.cause === "voucher");
  return {
    vouchersSoldCents: sold.reduce((sum, r) => sum + r.inCents, 0),
    vouchersSold: sold.reduce((n, r) => n + r.entries, 0),
  };
}

/** Money out (net of disputes won back), by why it went. */
function byCause(rows: readonly Movement[]): MoneyFigures["refundsByCause"] {
  const causes: Partial<Record<LedgerCause, number>> = {};
  for (const r of rows) causes[r.cause] = (causes[r.cause] ?? 0) + r.outCents - r.inCents;
  return Object.entries(causes)
    .filter(([, cents]) => cents !== 0)
    .map(([cause, cents]) => ({ cause: cause as LedgerCause, cents }));
}

/** In and out by way of paying: the reconciliation against the bank and the provider. */
function byMethod(rows: readonly Movement[]): MoneyFigures["byMethod"] {
  const methods = new Map<LedgerMethod, { inCents: number; outCents: number }>();
  for (const r of rows) {
    const m = methods.get(r.method) ?? { inCents: 0, outCents: 0 };
    methods.set(r.method, { inCents: m.inCents + r.inCents, outCents: m.outCents + r.outCents });
  }
  return [...methods].map(([method, m]) => ({ method, ...m }));
}

/** What the bookings cancelled on the range's days still hold: all their entries, money and credit. */
async function keptFromCancellations(db: Executor, range: ReportRange) {
  const ended = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(endedInDays(range.from, range.to));
  const held = sql<number>`sum(${ledgerEntries.amountCents})::int`;
  const rows = await db
    .select({ cents: held })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.bookingId, ended), ne(ledgerEntries.kind, "dispute")))
    .groupBy(ledgerEntries.bookingId)
    .having(sql`sum(${ledgerEntries.amountCents}) <> 0`);
  return { cents: rows.reduce((sum, r) => sum + r.cents, 0), bookings: rows.length };
}
