// What a booking has paid: its succeeded payments less their refunds, not
// counting a payment owed back (replaced by a camper's change) or one a lost
// dispute took back (heldCents in domain/rules/refunds.ts).
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { payments } from "#server/db/schema.ts";

export async function paidCentsOf(
  db: Executor,
  bookingId: string,
  { exceptPaymentId }: { exceptPaymentId?: string } = {},
): Promise<number> {
  const [row] = await db
    .select({
      cents: sql<number>`coalesce(sum(${payments.amountCents} - ${payments.refundedAmountCents}), 0)::int`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        eq(payments.status, "succeeded"),
        isNull(payments.refundOwedAt),
        sql`${payments.disputeStatus} is distinct from 'lost'`,
        exceptPaymentId ? ne(payments.id, exceptPaymentId) : undefined,
      ),
    );
  return row?.cents ?? 0;
}
