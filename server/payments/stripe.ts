// Stripe Checkout through the official SDK. STRIPE_API_BASE (tests only)
// points the SDK at a local fake of Stripe's HTTP API.
import { createRequire } from "node:module";
import type Stripe from "stripe";
import type { ProviderBalance } from "#domain/api/money-figures.ts";
import { isLiveStripeKey } from "#domain/rules/provider-events.ts";
import type { CheckoutState, PaymentProvider, SavedCardCharge } from "./provider";

export type StripeOptions = { secretKey: string; webhookSecret: string; apiBase?: string };

/**
 * The SDK is some 200 modules: loaded on the first call to Stripe, not at
 * start, and never by a server on the built-in test checkout. Required, not
 * imported, because a webhook's signature is checked synchronously.
 */
const loadStripe = (): typeof Stripe => createRequire(import.meta.url)("stripe");

export function stripeClient(options: StripeOptions): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const StripeSdk = loadStripe();
  return new StripeSdk(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "rocky-creek-station-bookings" },
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === "https:" ? 443 : 80),
      protocol: base.protocol === "http:" ? "http" : "https",
    }),
  });
}

/** An expandable field's id: Stripe sends the id, or the object when asked to expand it. */
const idOf = (value: string | { id: string } | null) =>
  typeof value === "string" ? value : (value?.id ?? null);

export function toCheckoutState(session: Stripe.Checkout.Session): CheckoutState {
  return {
    id: session.id,
    status:
      session.status === "complete"
        ? "complete"
        : session.status === "expired"
          ? "expired"
          : "open",
    paymentStatus:
      session.payment_status === "paid"
        ? "paid"
        : session.payment_status === "no_payment_required"
          ? "no_payment_required"
          : "unpaid",
    amountTotalCents: session.amount_total,
    paymentIntentId: idOf(session.payment_intent),
    customerId: idOf(session.customer),
  };
}

export function createStripeProvider(options: StripeOptions): PaymentProvider & {
  /** Verifies a webhook's signature on its raw body; throws on a bad one. */
  constructEvent(rawBody: Buffer | string, signature: string): Stripe.Event;
} {
  let client: Stripe | undefined;
  const stripe = () => {
    client ??= stripeClient(options);
    return client;
  };
  return {
    name: "stripe",
    livemode: isLiveStripeKey(options.secretKey),
    async createCheckoutSession(request) {
      const session = await stripe().checkout.sessions.create(
        {
          mode: "payment",
          customer_email: request.guestEmail,
          client_reference_id: request.bookingId,
          metadata: { bookingId: request.bookingId, bookingReference: request.bookingReference },
          payment_intent_data: {
            // What was bought, as the card statement's detail: a stay, or a gift voucher.
            description: request.description,
            metadata: { bookingId: request.bookingId, bookingReference: request.bookingReference },
            // A deposit: the card is kept, on the customer made for it, for the balance's charge.
            ...(request.keepCard && { setup_future_usage: "off_session" as const }),
          },
          ...(request.keepCard && {
            // A card, and only a card, is what the balance can be charged to off session.
            payment_method_types: ["card"],
            customer_creation: "always" as const,
            custom_text: { submit: { message: request.keepCard.consent } },
          }),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `checkout-${request.bookingId}-${request.expiresAt.getTime()}` },
      );
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return {
        id: session.id,
        url: session.url,
        expiresAt: new Date(session.expires_at * 1000),
      };
    },
    async retrieveCheckoutSession(sessionId) {
      return toCheckoutState(await stripe().checkout.sessions.retrieve(sessionId));
    },
    async expireCheckoutSession(sessionId) {
      await stripe().checkout.sessions.expire(sessionId);
    },
    async chargeSavedCard(charge) {
      try {
        const intent = charge.paymentIntentId
          ? await stripe().paymentIntents.retrieve(charge.paymentIntentId)
          : await chargeKeptCard(stripe(), charge);
        if (!intent) return { status: "refused", reason: "No card is kept for this booking." };
        if (intent.status === "succeeded") return { status: "paid", paymentIntentId: intent.id };
        if (intent.status === "processing")
          return { status: "processing", paymentIntentId: intent.id };
        // It failed after processing (or was cancelled): the camper pays by link.
        return {
          status: "refused",
          reason: intent.last_payment_error?.message ?? `The card payment was ${intent.status}.`,
        };
      } catch (error) {
        // Declined, expired, the bank wants the camper present, or Stripe refuses the request
        // (a customer deleted, an amount it will not charge): the camper pays by link.
        const type = (error as { type?: string }).type;
        if (type === "StripeCardError" || type === "StripeInvalidRequestError")
          return { status: "refused", reason: (error as Error).message };
        throw error;
      }
    },
    async refund({ paymentIntentId, amountCents, idempotencyKey }) {
      if (!paymentIntentId) throw new Error("a Stripe refund needs the payment intent");
      await stripe().refunds.create(
        { payment_intent: paymentIntentId, amount: amountCents, reason: "requested_by_customer" },
        { idempotencyKey },
      );
    },
    async balance({ from, to }, { deadline = Number.POSITIVE_INFINITY, signal } = {}) {
      // Page by page rather than by the SDK's auto-paging, which goes on to the
      // last page whoever still waits for it. No page is asked for after the
      // deadline; each request waits no longer than is left and is not retried
      // (a retry comes after a backoff, past the deadline as likely as not).
      const left = () => deadline - Date.now();
      const requestOptions = (): Stripe.RequestOptions =>
        Number.isFinite(deadline)
          ? { timeout: Math.max(1, Math.ceil(left())), maxNetworkRetries: 0 }
          : {};
      const transactions: Stripe.BalanceTransaction[] = [];
      let startingAfter: string | undefined;
      do {
        signal?.throwIfAborted();
        if (left() <= 0) throw new Error("the deadline for Stripe's balance passed");
        const page = await stripe().balanceTransactions.list(
          {
            created: {
              gte: Math.floor(from.getTime() / 1000),
              lt: Math.floor(to.getTime() / 1000),
            },
            limit: 100,
            ...(startingAfter && { starting_after: startingAfter }),
          },
          requestOptions(),
        );
        transactions.push(...page.data);
        startingAfter = page.has_more ? page.data.at(-1)?.id : undefined;
      } while (startingAfter && transactions.length < BALANCE_CAP);
      return sumBalance(transactions.slice(0, BALANCE_CAP));
    },
    constructEvent(rawBody, signature) {
      return stripe().webhooks.constructEvent(rawBody, signature, options.webhookSecret);
    },
  };
}

/** The most balance transactions one reconciliation reads (a hundred pages). */
const BALANCE_CAP = 10_000;

/** A new off-session payment of the customer's kept card; undefined when none is kept. */
async function chargeKeptCard(stripe: Stripe, charge: SavedCardCharge) {
  const methods = await stripe.paymentMethods.list({
    customer: charge.customerId,
    type: "card",
    limit: 1,
  });
  const method = methods.data[0];
  if (!method) return undefined;
  return stripe.paymentIntents.create(
    {
      amount: charge.amountCents,
      currency: charge.currency.toLowerCase(),
      customer: charge.customerId,
      payment_method: method.id,
      allowed_payment_method_types: ["card"],
      off_session: true,
      confirm: true,
      description: charge.description,
      metadata: { bookingId: charge.bookingId, bookingReference: charge.bookingReference },
    },
    { idempotencyKey: charge.idempotencyKey },
  );
}

/** Stripe's balance transactions summed by what they were, in Australian dollars only. */
export function sumBalance(transactions: Stripe.BalanceTransaction[]): ProviderBalance {
  const total: ProviderBalance = {
    chargesCents: 0,
    refundsCents: 0,
    feesCents: 0,
    payoutsCents: 0,
    transactions: 0,
    // As many as were asked for: there may have been more.
    truncated: transactions.length >= BALANCE_CAP,
  };
  for (const t of transactions) {
    if (t.currency !== "aud") continue;
    total.transactions += 1;
    total.feesCents += t.fee;
    if (t.type === "charge" || t.type === "payment") total.chargesCents += t.amount;
    else if (t.type === "payout") total.payoutsCents -= t.amount;
    // A fee Stripe charged on its own (its amount is the fee).
    else if (t.type === "stripe_fee") total.feesCents -= t.amount;
    // Refunds, disputes and their reversals: money back out of the balance.
    else total.refundsCents -= t.amount;
  }
  return total;
}
