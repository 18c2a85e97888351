import type Stripe from "stripe";
import { type EventMismatch, eventMismatch } from "#domain/rules/provider-events.ts";
import type { Executor } from "#server/db/client.ts";
import { log } from "#server/log.ts";
import { idOf } from "./charge-payments";
import { depsOf, type PaymentDeps } from "./deps";
import {
  closeDispute,
  type DisputeEventOutcome,
  type DisputeReport,
  openDispute,
} from "./disputes";
import { PAYMENT_CURRENCY } from "./messages";
import { applyProviderRefund, type ProviderRefundOutcome } from "./provider-refunds";
import { type CheckoutOutcome, expireCheckout, fulfilCheckout } from "./settle";

/** The Stripe events this site applies: the webhook endpoint subscribes to exactly these (README). */
export const HANDLED_STRIPE_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
  "charge.refunded",
  "charge.dispute.created",
  "charge.dispute.closed",
] as const satisfies Stripe.Event.Type[];

type HandledEvent = Extract<Stripe.Event, { type: (typeof HANDLED_STRIPE_EVENTS)[number] }>;

export type StripeEventOutcome =
  | CheckoutOutcome
  | ProviderRefundOutcome
  | DisputeEventOutcome
  | `wrong_${EventMismatch}`;

const isHandled = (event: Stripe.Event): event is HandledEvent =>
  (HANDLED_STRIPE_EVENTS as readonly string[]).includes(event.type);

/**
 * A verified Stripe event. Events of another currency or of the other mode
 * (test or live) than the configured key are refused and logged, not applied;
 * the webhook still answers 200, so Stripe does not send them again.
 */
export async function handleStripeEvent(
  db: Executor,
  event: Stripe.Event,
  options: PaymentDeps = {},
): Promise<StripeEventOutcome> {
  if (!isHandled(event)) return "ignored";
  const mismatch = eventMismatch(
    { livemode: event.livemode, currency: event.data.object.currency },
    { live: depsOf(options).provider.livemode === true, currency: PAYMENT_CURRENCY },
  );
  if (mismatch) {
    log.warn(
      { eventId: event.id, type: event.type, mismatch, livemode: event.livemode },
      "stripe event refused: it does not match the configured currency or mode",
    );
    return `wrong_${mismatch}`;
  }
  return applyStripeEvent(db, event, options);
}

async function applyStripeEvent(db: Executor, event: HandledEvent, options: PaymentDeps) {
  const base = { eventId: event.id, eventType: event.type };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      if (session.payment_status === "unpaid") {
        // Paid later by a delayed method: async_payment_succeeded or _failed follows.
        return "ignored";
      }
      return fulfilCheckout(
        db,
        {
          ...base,
          sessionId: session.id,
          paymentIntentId: idOf(session.payment_intent),
          amountTotalCents: session.amount_total,
        },
        options,
      );
    }
    case "checkout.session.expired":
      return expireCheckout(db, { ...base, sessionId: event.data.object.id });
    case "checkout.session.async_payment_failed":
      return expireCheckout(db, { ...base, sessionId: event.data.object.id, failed: true });
    case "charge.refunded": {
      const charge = event.data.object;
      return applyProviderRefund(
        db,
        {
          ...base,
          chargeId: charge.id,
          paymentIntentId: idOf(charge.payment_intent),
          amountRefundedCents: charge.amount_refunded,
          fullyRefunded: charge.refunded,
        },
        depsOf(options).now,
      );
    }
    case "charge.dispute.created":
      return openDispute(db, disputeReport(event.data.object, base));
    case "charge.dispute.closed":
      return closeDispute(db, disputeReport(event.data.object, base));
  }
}

function disputeReport(
  dispute: Stripe.Dispute,
  base: { eventId: string; eventType: string },
): DisputeReport {
  const dueBy = dispute.evidence_details?.due_by;
  return {
    ...base,
    chargeId: idOf(dispute.charge) ?? "",
    paymentIntentId: idOf(dispute.payment_intent),
    disputeId: dispute.id,
    status: dispute.status,
    reason: dispute.reason,
    amountCents: dispute.amount,
    dueBy: dueBy ? new Date(dueBy * 1000) : null,
  };
}
