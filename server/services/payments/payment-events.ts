// The payment_events table: every provider event applied (so a replay changes
// nothing), and the refunds the app itself is asking the provider for (so the
// `charge.refunded` event that follows is not taken for one made at the provider).
import { and, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { paymentEvents } from "#server/db/schema.ts";

/** Stores a provider event's id; false when it was applied before (a replay). */
export async function firstTimeSeen(tx: Executor, eventId: string | undefined, type: string) {
  if (!eventId) return true;
  const rows = await tx
    .insert(paymentEvents)
    .values({ id: eventId, type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length === 1;
}

const OWN_REFUND = "own_refund";
/** Names the refund that brings a payment's refunded total to `totalCents`. */
const ownRefundId = (paymentId: string, totalCents: number) =>
  `own-refund:${paymentId}:${totalCents}`;

/**
 * Written before the app asks the provider for a refund: the provider's event
 * can arrive before the app has recorded the refund, and must then not cancel
 * the booking a second time.
 */
export async function markOwnRefund(db: Executor, paymentId: string, totalCents: number) {
  await db
    .insert(paymentEvents)
    .values({ id: ownRefundId(paymentId, totalCents), type: OWN_REFUND })
    .onConflictDoNothing();
}

/** The provider refused the refund: a refund of the same total made later at the provider is not ours. */
export async function forgetOwnRefund(db: Executor, paymentId: string, totalCents: number) {
  await db
    .delete(paymentEvents)
    .where(
      and(
        eq(paymentEvents.id, ownRefundId(paymentId, totalCents)),
        eq(paymentEvents.type, OWN_REFUND),
      ),
    );
}

/** Whether the app asked for the refund that brought the payment's total to `totalCents`. */
export async function isOwnRefund(db: Executor, paymentId: string, totalCents: number) {
  const rows = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, ownRefundId(paymentId, totalCents)));
  return rows.length > 0;
}
