import type Stripe from "stripe";
import type { Executor } from "#server/db/client.ts";
import type { PaymentDeps } from "./deps";
import { type CheckoutOutcome, expireCheckout, fulfilCheckout } from "./settle";

/** A verified Stripe event: the checkout session events change bookings, others are ignored. */
export async function handleStripeEvent(
  db: Executor,
  event: Stripe.Event,
  options: PaymentDeps = {},
): Promise<CheckoutOutcome> {
  const base = { eventId: event.id, eventType: event.type };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      if (session.payment_status === "unpaid") {
        // Paid later by a delayed method: async_payment_succeeded or _failed follows.
        return "ignored";
      }
      const intent = session.payment_intent;
      return fulfilCheckout(
        db,
        {
          ...base,
          sessionId: session.id,
          paymentIntentId: typeof intent === "string" ? intent : (intent?.id ?? null),
          amountTotalCents: session.amount_total,
        },
        options,
      );
    }
    case "checkout.session.expired":
      return expireCheckout(db, { ...base, sessionId: event.data.object.id });
    case "checkout.session.async_payment_failed":
      return expireCheckout(db, { ...base, sessionId: event.data.object.id, failed: true });
    default:
      return "ignored";
  }
}
