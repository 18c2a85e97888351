// Refund and dispute events that arrive before the payment they are about is
// known (issue 29: Stripe sends events in any order, and a refund made in
// the first seconds can come before the checkout's own event). Such an event
// is parked with what it said, its id forgotten as applied, and applied again
// when the checkout is recorded, or by the sweeper; parked events older than
// PARKED_DAYS are dropped with a warning.
import { and, eq, exists, lt, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { parkedProviderEvents, paymentEvents } from "#server/db/schema.ts";
import { log } from "#server/log.ts";
import type { ChargeRef } from "./charge-payments";

/** How long a parked event waits for its payment: Stripe itself retries for three days. */
export const PARKED_DAYS = 30;

type Parkable = ChargeRef & { eventId: string; eventType: string };

/**
 * Parks the event in the handler's transaction, and forgets its id as
 * applied, so that applying it later is not taken for a replay.
 */
export async function parkEvent(tx: Executor, event: Parkable): Promise<"parked"> {
  await tx
    .insert(parkedProviderEvents)
    .values({
      eventId: event.eventId,
      eventType: event.eventType,
      chargeId: event.chargeId,
      paymentIntentId: event.paymentIntentId,
      report: event as unknown as Record<string, unknown>,
    })
    .onConflictDoNothing();
  await tx.delete(paymentEvents).where(eq(paymentEvents.id, event.eventId));
  return "parked";
}

export type ParkedEvent = typeof parkedProviderEvents.$inferSelect;

/**
 * A parked event whose payment is now recorded, by its payment intent or its
 * charge, or whose gift voucher is now paid. Written out: drizzle leaves a
 * one-table query's columns unqualified, which the subquery would read as its own.
 */
const paymentKnown = sql`(${exists(
  sql`(select 1 from payments p
    where p.stripe_payment_intent_id = "parked_provider_events"."payment_intent_id"
       or p.charge_id = "parked_provider_events"."charge_id")`,
)} or ${exists(
  sql`(select 1 from gift_vouchers v
    where v.payment_intent_id = "parked_provider_events"."payment_intent_id")`,
)})`;

/**
 * Applies the parked events whose payment is now known, about
 * `paymentIntentId` (the checkout just recorded) or, for the sweeper, any,
 * with `apply`, the webhook's own handler; each one applied is no longer
 * parked. The sweeper also drops those that waited PARKED_DAYS.
 */
export async function applyParkedEvents(
  db: Executor,
  apply: (event: ParkedEvent) => Promise<string>,
  { paymentIntentId, now = new Date() }: { paymentIntentId?: string | null; now?: Date } = {},
) {
  if (!paymentIntentId) await dropStale(db, now);
  const parked = await db
    .select()
    .from(parkedProviderEvents)
    .where(
      and(
        paymentKnown,
        paymentIntentId ? eq(parkedProviderEvents.paymentIntentId, paymentIntentId) : undefined,
      ),
    )
    .orderBy(parkedProviderEvents.parkedAt)
    .limit(50);
  for (const event of parked) {
    try {
      if ((await apply(event)) === "parked") continue;
      await db.delete(parkedProviderEvents).where(eq(parkedProviderEvents.eventId, event.eventId));
    } catch (error) {
      log.error(
        { err: error, eventId: event.eventId },
        "a parked provider event failed; will retry",
      );
    }
  }
}

async function dropStale(db: Executor, now: Date) {
  const before = new Date(now.getTime() - PARKED_DAYS * 24 * 3600 * 1000);
  const dropped = await db
    .delete(parkedProviderEvents)
    .where(lt(parkedProviderEvents.parkedAt, before))
    .returning({ eventId: parkedProviderEvents.eventId });
  for (const { eventId } of dropped)
    log.warn({ eventId }, "a provider event never found its payment; dropped");
}
