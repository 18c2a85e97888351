// The Stripe webhook endpoint on 127.0.0.1 for tests, fed events signed with
// the SDK's own test header helper: the path a real event takes.
import type { AddressInfo } from "node:net";
import express from "express";
import Stripe from "stripe";
import type { Executor } from "#server/db/client.ts";
import { errorHandler } from "#server/http/errors.ts";
import { stripeWebhookRouter } from "#server/http/public-api.ts";
import type { StripeProvider } from "#server/payments/index.ts";

export type StripeWebhook = {
  /** Posts the event signed with the endpoint's secret. */
  deliver(payload: string): Promise<Response>;
  close(): Promise<void>;
};

const signer = new Stripe("sk_test_signer");

export async function startStripeWebhook(options: {
  provider: () => StripeProvider;
  db: () => Executor;
  webhookSecret: string;
}): Promise<StripeWebhook> {
  const app = express();
  app.use(
    "/api",
    stripeWebhookRouter({ provider: options.provider, db: async () => options.db() }),
    errorHandler,
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/stripe`;
  return {
    deliver: (payload) =>
      fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "stripe-signature": signer.webhooks.generateTestHeaderString({
            payload,
            secret: options.webhookSecret,
          }),
        },
        body: payload,
      }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let counter = 0;
/** A Stripe event's JSON around `object`; a test event unless `livemode` says otherwise. */
export function stripeEvent(
  type: string,
  object: object,
  options: { id?: string; livemode?: boolean } = {},
) {
  counter += 1;
  return JSON.stringify({
    id: options.id ?? `evt_test_${Date.now()}_${counter}`,
    object: "event",
    type,
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    livemode: options.livemode ?? false,
    data: { object },
  });
}
