// What a booking has paid: its succeeded payments less their refunds, not
// counting a payment owed back (replaced by a camper's change) or one a lost
// dispute took back (heldCents in domain/rules/refunds.ts).
import { and, eq, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { payments } from "#server/db/schema.ts";

/** A payment that counts towards what its booking paid. */
const countsAsPaid = and(
  eq(payments.status, "succeeded"),
  isNull(payments.refundOwedAt),
  sql`${payments.disputeStatus} is distinct from 'lost'`,
);

/** What the booking (a column or a value) has paid, as SQL: a subquery another query can hold. */
export function paidCentsSql(db: Executor, bookingId: SQL | string, where?: SQL) {
  return db
    .select({
      cents: sql<number>`coalesce(sum(${payments.amountCents} - ${payments.refundedAmountCents}), 0)::int`,
    })
    .from(payments)
    .where(and(sql`${payments.bookingId} = ${bookingId}`, countsAsPaid, where));
}

/** What the booking has paid; or of it, what the payments `only` picks out paid. */
export async function paidCentsOf(
  db: Executor,
  bookingId: string,
  options: { exceptPaymentId?: string; only?: SQL } = {},
): Promise<number> {
  const { exceptPaymentId, only } = options;
  const except = exceptPaymentId ? ne(payments.id, exceptPaymentId) : undefined;
  const [row] = await paidCentsSql(db, bookingId, and(except, only));
  return row?.cents ?? 0;
}
