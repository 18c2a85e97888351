import type Stripe from "stripe";
import {
  disputeOutcome,
  type EventMismatch,
  eventMismatch,
} from "#domain/rules/provider-events.ts";
import type { Executor } from "#server/db/client.ts";
import { log } from "#server/log.ts";
import { PAYMENT_CURRENCY } from "#server/services/payment-messages.ts";
import { idOf } from "./charge-payments";
import { depsOf, type PaymentDeps } from "./deps";
import {
  closeDispute,
  type DisputeEventOutcome,
  type DisputeReport,
  openDispute,
  UNKNOWN_DISPUTE_WORD,
} from "./disputes";
import { expireGiftVoucher, fulfilGiftVoucher, withdrawGiftVoucher } from "./gift-vouchers";
import { applyParkedEvents, type ParkedEvent } from "./parked-events";
import {
  applyProviderRefund,
  type ChargeRefunded,
  type ProviderRefundOutcome,
} from "./provider-refunds";
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
      const paymentIntentId = idOf(session.payment_intent);
      // A gift voucher's session is the voucher's own; a booking's, its payment's.
      const voucher = await fulfilGiftVoucher(db, { sessionId: session.id, paymentIntentId });
      const outcome =
        voucher ??
        (await fulfilCheckout(
          db,
          {
            ...base,
            sessionId: session.id,
            paymentIntentId,
            amountTotalCents: session.amount_total,
            customerId: idOf(session.customer),
          },
          options,
        ));
      // A refund or dispute of this payment (or voucher) that came first is applied now.
      if (paymentIntentId)
        await applyParkedEvents(db, parkedApplier(db, options), { paymentIntentId });
      return outcome;
    }
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed": {
      const sessionId = event.data.object.id;
      if (await expireGiftVoucher(db, sessionId)) return "expired";
      const failed = event.type === "checkout.session.async_payment_failed";
      return expireCheckout(db, { ...base, sessionId, ...(failed && { failed }) });
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const amountRefundedCents = centsOf(charge.amount_refunded);
      if (amountRefundedCents === null) {
        log.warn(base, "a refund event without a refunded amount this site can read; not applied");
        return "ignored";
      }
      const refund = {
        ...base,
        chargeId: charge.id,
        paymentIntentId: idOf(charge.payment_intent),
        amountRefundedCents,
        fullyRefunded: charge.refunded === true,
      };
      return applyRefund(db, refund, depsOf(options).now);
    }
    case "charge.dispute.created":
    case "charge.dispute.closed": {
      const report = disputeReport(event.data.object, base);
      if (!report) return "ignored";
      const opened = event.type === "charge.dispute.created";
      return applyDispute(db, report, opened, depsOf(options).now);
    }
  }
}

/** A refund at the provider: a gift voucher's payment's, or else a booking's (parked if unknown yet). */
async function applyRefund(db: Executor, refund: ChargeRefunded, now: Date) {
  const back = { refundedCents: refund.amountRefundedCents };
  if (await withdrawGiftVoucher(db, refund.paymentIntentId, back, now))
    return "refund_recorded" as const;
  return applyProviderRefund(db, refund, now);
}

/** A dispute opened or closed: of a gift voucher's payment, or else a booking's (parked if unknown yet). */
async function applyDispute(db: Executor, report: DisputeReport, opened: boolean, now: Date) {
  const state = opened ? ("open" as const) : disputeOutcome(report.status);
  const dispute = state && { id: report.disputeId, state, amountCents: report.amountCents };
  if (dispute && (await withdrawGiftVoucher(db, report.paymentIntentId, { dispute }, now)))
    return opened ? ("dispute_opened" as const) : ("dispute_closed" as const);
  return opened ? openDispute(db, report) : closeDispute(db, report);
}

/** Applies a parked refund or dispute event with the handler it first went to. */
export const parkedApplier =
  (db: Executor, options: PaymentDeps) =>
  async (event: ParkedEvent): Promise<string> => {
    const { now } = depsOf(options);
    if (event.eventType === "charge.refunded")
      return applyRefund(db, event.report as ChargeRefunded, now);
    const dispute = event.report as DisputeReport;
    const revived = { ...dispute, dueBy: dispute.dueBy && new Date(dispute.dueBy) };
    return applyDispute(db, revived, event.eventType === "charge.dispute.created", now);
  };

/**
 * The dispute an event describes, each field checked: a signed event may
 * still lack one (Stripe's API versions differ). An unknown reason or status,
 * amount or deadline is recorded as unknown; without the dispute's id there is
 * nothing to keep, so the event is logged and not applied.
 */
function disputeReport(
  dispute: Stripe.Dispute,
  base: { eventId: string; eventType: string },
): DisputeReport | null {
  const fields = dispute as unknown as Record<string, unknown>;
  if (typeof fields.id !== "string" || fields.id === "") {
    log.warn(base, "a dispute event without the dispute's id; not applied");
    return null;
  }
  const evidence = fields.evidence_details as Record<string, unknown> | null | undefined;
  return {
    ...base,
    chargeId: idOf(dispute.charge) ?? "",
    paymentIntentId: idOf(dispute.payment_intent),
    disputeId: fields.id,
    status: wordOf(fields.status),
    reason: wordOf(fields.reason),
    amountCents: centsOf(fields.amount),
    dueBy: dateOfSeconds(evidence?.due_by),
  };
}

/** One of Stripe's words (a status, a reason), or `unknown`. */
const wordOf = (value: unknown) =>
  typeof value === "string" && /^[a-z_]{1,64}$/.test(value) ? value : UNKNOWN_DISPUTE_WORD;

const centsOf = (value: unknown) =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null;

function dateOfSeconds(value: unknown): Date | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  const date = new Date(value * 1000);
  return Number.isNaN(date.getTime()) ? null : date;
}
