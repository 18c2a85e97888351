import { and, asc, eq, isNotNull, lt, sql } from "drizzle-orm";
import { HOLD_MINUTES } from "#domain/rules/hold.ts";
import type { Executor } from "#server/db/client.ts";
import { payments } from "#server/db/schema.ts";
import { log } from "#server/log.ts";
import { expireStaleHolds } from "#server/services/bookings.ts";
import { isRefundReason } from "#server/services/payment-messages.ts";
import type { Worker } from "#server/workers.ts";
import { depsOf, type PaymentDeps, providerFor } from "./deps";
import { reconcileStaleGiftVouchers } from "./gift-vouchers";
import { applyParkedEvents } from "./parked-events";
import { refundAutomatically } from "./refunds";
import { applyCheckoutState, expireCheckout } from "./settle";
import { parkedApplier } from "./webhook";

/**
 * The hold sweeper: expires pending bookings whose hold ran out, closes
 * test-checkout sessions past their expiry, asks the provider about its
 * sessions that expired without a word (a missed webhook), and retries
 * refunds that failed.
 */
export async function sweepHoldsAndPayments(db: Executor, options: PaymentDeps = {}) {
  const { now } = depsOf(options);
  const expiredHolds = await expireStaleHolds(db, now);

  const stale = await db
    .select()
    .from(payments)
    // 'pending' written out, not a parameter: a statement's kept plan may then use the partial index.
    .where(and(sql`${payments.status} = 'pending'`, lt(payments.sessionExpiresAt, now)))
    .limit(50);
  for (const payment of stale) {
    try {
      const state = await providerFor(payment, options)?.retrieveCheckoutSession(
        payment.stripeSessionId,
      );
      if (state) await applyCheckoutState(db, state, options);
      else await expireCheckout(db, { sessionId: payment.stripeSessionId });
    } catch (error) {
      log.warn({ err: error, paymentId: payment.id }, "could not reconcile a stale payment");
    }
  }

  // Gift vouchers whose checkout ended without a word from the provider.
  await reconcileStaleGiftVouchers(db, options).catch((error) =>
    log.warn({ err: error }, "could not reconcile stale gift vouchers"),
  );

  // Refunds and disputes that came before their payment, whose checkout came another way.
  await applyParkedEvents(db, parkedApplier(db, options), { now });

  // Refunds owed back that the provider refused: the few payments marked so, by their own
  // index. Not those marked a moment ago, whose refund the settling call may be making now.
  const unrefunded = await db
    .select({ id: payments.id, reason: payments.refundOwedReason })
    .from(payments)
    .where(
      and(
        sql`${payments.status} = 'succeeded'`,
        isNotNull(payments.refundOwedAt),
        lt(payments.refundOwedAt, new Date(now.getTime() - REFUND_RETRY_AFTER_MS)),
      ),
    )
    // Oldest turn first; one not refunded goes to the back, so none holds the others back.
    .orderBy(asc(payments.updatedAt))
    .limit(20);
  for (const { id, reason } of unrefunded) {
    const refunded = await refundAutomatically(
      db,
      id,
      isRefundReason(reason) ? reason : "owed",
      options,
    ).catch((error) => {
      log.error({ err: error, paymentId: id }, "automatic refund failed; will retry");
      return false;
    });
    if (!refunded) await db.update(payments).set({ updatedAt: now }).where(eq(payments.id, id));
  }
  return { expiredHolds, stalePayments: stale.length, refundsRetried: unrefunded.length };
}

/** How long a payment is owed back before the sweeper retries its refund. */
export const REFUND_RETRY_AFTER_MS = 60_000;

export const SWEEP_INTERVAL_MS = Math.min(HOLD_MINUTES * 60_000, 30_000);

/** The sweeper as a background worker, registered in server/app.ts. */
export const holdSweeper: Worker = {
  name: "hold-sweeper",
  intervalMs: SWEEP_INTERVAL_MS,
  run: async ({ db }) => {
    await sweepHoldsAndPayments(db);
  },
};
