// The payment provider of this process, chosen from the environment.
import { env, publicUrl } from "#server/config.ts";
import type { PaymentProvider } from "./provider";
import { createStripeProvider } from "./stripe";
import { createTestProvider } from "./test-checkout";

export type StripeProvider = ReturnType<typeof createStripeProvider>;

let cached: PaymentProvider | undefined;

export function paymentProvider(): PaymentProvider {
  if (cached) return cached;
  const e = env();
  cached =
    e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
      ? createStripeProvider({
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiBase: e.STRIPE_API_BASE,
        })
      : createTestProvider(publicUrl(e));
  return cached;
}

/** The Stripe provider when configured (the webhook needs it), else undefined. */
export function stripeProvider(): StripeProvider | undefined {
  const provider = paymentProvider();
  return provider.name === "stripe" ? (provider as StripeProvider) : undefined;
}

/**
 * True when a production server takes bookings through the built-in test
 * checkout: every "payment" is pretend, so the farm must be told loudly.
 */
export function takesPretendPayments(): boolean {
  return env().NODE_ENV === "production" && paymentProvider().name === "test";
}

/** Tests swap the provider (e.g. Stripe pointed at a local fake). */
export function setPaymentProvider(provider: PaymentProvider | undefined) {
  cached = provider;
}
