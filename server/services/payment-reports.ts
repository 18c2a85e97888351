// The Payments screen (spec 2.15, 7.4; amendment 2.10): the three summary
// cards (this month's takings, refunds and pending amounts, in the farm's
// month), the searchable list of payments with their booking, guest and
// campsite, and the CSV export of exactly what a search shows.
import { and, desc, eq, gte, lt, or, type SQL, sql } from "drizzle-orm";
import { centsToAmount } from "#domain/format/money.ts";
import { addDays, farmMonth, startOfFarmDay } from "#domain/rules/dates.ts";
import { isLiveStripeKey } from "#domain/rules/provider-events.ts";
import { wholeMonth } from "#domain/rules/report-range.ts";
import { type PaymentStatus, paymentStatuses } from "#domain/rules/statuses.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings, campsites, payments } from "#server/db/schema.ts";
import { bookingSearch, likeLiteral, SEARCH_MAX_LENGTH } from "./booking-search";
import { toCsv } from "./csv";
import { moneyFigures } from "./money-figures";

export type PaymentSummary = {
  /** yyyy-MM of the farm's current month. */
  month: string;
  takingsCents: number;
  takingsCount: number;
  refundsCents: number;
  refundsCount: number;
  pendingCents: number;
  pendingCount: number;
  /** Of the takings, the gift vouchers sold. */
  vouchersSoldCents: number;
  vouchersSold: number;
};

export type PaymentRow = {
  id: string;
  provider: string;
  /** The payment intent, or the checkout session while there is none yet. */
  paymentId: string;
  stripePaymentIntentId: string | null;
  stripeSessionId: string;
  amountCents: number;
  refundedAmountCents: number;
  currency: string;
  status: PaymentStatus;
  guestEmail: string;
  createdAt: Date;
  bookingId: string;
  bookingReference: string;
  guestName: string;
  campsiteName: string | null;
};

/** The instants the farm's current month starts and the next one starts. */
export function farmMonthRange(now: Date = new Date()) {
  const month = farmMonth(now);
  const first = `${month}-01`;
  const nextFirst = `${addDays(`${month}-28`, 4).slice(0, 7)}-01`;
  return { month, start: startOfFarmDay(first), end: startOfFarmDay(nextFirst) };
}

/**
 * This month's takings and refunds as the ledger has them (money-figures.ts:
 * the same figures Reports and the dashboard show), and the checkout payments
 * started this month and not yet settled.
 */
export async function paymentSummary(
  db: Executor,
  now: Date = new Date(),
): Promise<PaymentSummary> {
  const { month, start, end } = farmMonthRange(now);
  const [money, [pending]] = await Promise.all([
    moneyFigures(db, wholeMonth(month)),
    db
      .select({
        cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int`,
        n: sql<number>`count(*)::int`,
      })
      .from(payments)
      .where(
        and(
          eq(payments.status, "pending"),
          gte(payments.createdAt, start),
          lt(payments.createdAt, end),
        ),
      ),
  ]);
  return {
    month,
    takingsCents: money.takingsCents,
    takingsCount: money.payments,
    refundsCents: money.refundedCents,
    refundsCount: money.refunds,
    pendingCents: pending?.cents ?? 0,
    pendingCount: pending?.n ?? 0,
    vouchersSoldCents: money.vouchersSoldCents,
    vouchersSold: money.vouchersSold,
  };
}

/** Most rows the screen shows at once; the CSV export has no such limit. */
export const PAYMENTS_PAGE_SIZE = 200;
/**
 * Most matches of a search the screen shows: a search looks for a payment,
 * and each match of a common name costs a look at its booking (decision 0025).
 */
export const PAYMENTS_SEARCH_LIMIT = 50;

/**
 * Payments newest first, matching `query` when one is given: a payment or
 * session id by its start, or else what the Bookings search finds (a guest's
 * name or email, a reference, a campsite). With a `limit`, `more` says whether
 * more matched: a count of every match would read them all (decision 0025).
 */
export async function searchPayments(
  db: Executor,
  options: { query?: string; limit?: number } = {},
): Promise<{ rows: PaymentRow[]; more: boolean }> {
  const { limit } = options;
  const where = await paymentSearch(db, options.query ?? "");
  // A page is read newest first until it is full: parallel workers would only
  // read ahead of it (on a busy 2-core host, several times the rows), so none.
  const rows =
    limit === undefined
      ? await readPayments(db, where, limit)
      : await db.transaction(async (tx) => {
          await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
          return readPayments(tx, where, limit);
        });
  return {
    more: limit !== undefined && rows.length > limit,
    rows: rows.slice(0, limit).map(toPaymentRow),
  };
}

/** The payments matching `where`, newest first; one more than `limit`, to tell whether more match. */
function readPayments(db: Executor, where: SQL | undefined, limit: number | undefined) {
  let query = db
    .select({
      payment: payments,
      bookingReference: bookings.bookingReference,
      firstName: bookings.guestFirstName,
      lastName: bookings.guestLastName,
      campsiteName: campsites.name,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(campsites, eq(campsites.id, bookings.campsiteId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .$dynamic();
  if (limit !== undefined) query = query.limit(limit + 1);
  return query;
}

type ReadPayment = Awaited<ReturnType<typeof readPayments>>[number];

function toPaymentRow({ payment: p, ...r }: ReadPayment): PaymentRow {
  return {
    id: p.id,
    provider: p.provider,
    paymentId: p.stripePaymentIntentId ?? p.stripeSessionId,
    stripePaymentIntentId: p.stripePaymentIntentId,
    stripeSessionId: p.stripeSessionId,
    amountCents: p.amountCents,
    refundedAmountCents: p.refundedAmountCents,
    currency: p.currency,
    status: knownStatus(p.status),
    guestEmail: p.guestEmail,
    createdAt: p.createdAt,
    bookingId: p.bookingId,
    bookingReference: r.bookingReference,
    guestName: `${r.firstName} ${r.lastName}`.trim(),
    campsiteName: r.campsiteName,
  };
}

/** A provider's id (pi_3N…, cs_test_…, test_pi_…): word characters around an underscore. */
const PAYMENT_ID = /^[A-Za-z0-9-]*_[A-Za-z0-9_-]*$/;

/**
 * The payments a search matches, on `payments` joined to its booking. An
 * id-shaped search reads the ids' prefix indexes; any other the booking
 * search's; never both at once, as an OR across the two tables could use
 * neither index.
 */
async function paymentSearch(db: Executor, raw: string): Promise<SQL | undefined> {
  const text = raw.trim().slice(0, SEARCH_MAX_LENGTH);
  if (!PAYMENT_ID.test(text)) return bookingSearch(db, text);
  const prefix = `${likeLiteral(text)}%`;
  return or(
    sql`${payments.stripePaymentIntentId} like ${prefix}`,
    sql`${payments.stripeSessionId} like ${prefix}`,
  );
}

/** An unknown status shows as pending (spec section 4). */
export function knownStatus(status: string): PaymentStatus {
  return (paymentStatuses as readonly string[]).includes(status)
    ? (status as PaymentStatus)
    : "pending";
}

/** "1234.5" with two decimals and the uppercase currency code: 123450, "aud" -> "1,234.50 AUD". */
export function formatPaymentAmount(cents: number, currency: string): string {
  const amount = new Intl.NumberFormat("en-AU", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
  return `${amount} ${currency.toUpperCase()}`;
}

export const PAYMENTS_CSV_COLUMNS = [
  "Payment ID",
  "Checkout session",
  "Booking",
  "Guest",
  "Guest email",
  "Campsite",
  "Amount",
  "Refunded",
  "Currency",
  "Status",
  "Date",
] as const;

/**
 * The payments as CSV for a spreadsheet: amounts in dollars with 2 decimals,
 * dates as ISO instants. A cell a spreadsheet would run as a formula is
 * prefixed with an apostrophe.
 */
export function paymentsCsv(rows: PaymentRow[]): string {
  return toCsv(
    PAYMENTS_CSV_COLUMNS,
    rows.map((r) => [
      r.paymentId,
      r.stripeSessionId,
      r.bookingReference,
      r.guestName,
      r.guestEmail,
      r.campsiteName ?? "Unknown Campsite",
      centsToAmount(r.amountCents),
      centsToAmount(r.refundedAmountCents),
      r.currency.toUpperCase(),
      r.status,
      r.createdAt.toISOString(),
    ]),
  );
}

export type PaymentProviderConnection =
  | { provider: "stripe"; mode: "live" | "test" }
  | { provider: "test-checkout" };

/**
 * Which card payment provider takes payments, from the configuration: Stripe
 * when its secret key is set (test or live by the key's prefix), otherwise the
 * built-in test checkout.
 */
export function paymentProviderConnection(
  stripeSecretKey: string | undefined,
): PaymentProviderConnection {
  if (!stripeSecretKey) return { provider: "test-checkout" };
  return { provider: "stripe", mode: isLiveStripeKey(stripeSecretKey) ? "live" : "test" };
}

/** The provider's dashboard page for a payment intent, or null when it has none. */
export function providerDashboardUrl(
  row: Pick<PaymentRow, "provider" | "stripePaymentIntentId">,
  connection: PaymentProviderConnection,
): string | null {
  if (row.provider !== "stripe" || !row.stripePaymentIntentId) return null;
  const test = connection.provider === "stripe" && connection.mode === "test" ? "/test" : "";
  return `https://dashboard.stripe.com${test}/payments/${encodeURIComponent(row.stripePaymentIntentId)}`;
}
