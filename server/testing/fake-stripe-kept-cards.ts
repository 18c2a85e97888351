// The fake Stripe's kept cards (issue 31, deposits): a customer's card is
// listed, and an off-session payment intent is made once per idempotency
// key, as Stripe does. The customer's id says how its card behaves, as
// Stripe's test cards do: "cus_declined…" is declined, "cus_slow…" is still
// processing when made and has succeeded when asked about, "cus_nocard…"
// has none.
import { randomBytes } from "node:crypto";

export type FakeIntent = {
  id: string;
  object: "payment_intent";
  status: "succeeded" | "processing";
  amount: number;
  currency: string;
  customer: string;
  off_session: boolean;
  last_payment_error: null;
};

type Send = (status: number, body: unknown) => void;

export function fakeKeptCards() {
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, string>();

  /** Answers the request when it is one of these routes; false otherwise. */
  function handle(
    request: { method: string; path: string; search: string; key?: string; form?: URLSearchParams },
    send: Send,
  ): boolean {
    const { method, path, search, key, form } = request;
    if (method === "GET" && path === "/v1/payment_methods") {
      const customer = new URLSearchParams(search).get("customer") ?? "";
      const data = customer.startsWith("cus_nocard")
        ? []
        : [{ id: `pm_${customer}`, object: "payment_method", type: "card", customer }];
      send(200, { object: "list", data, has_more: false, url: path });
      return true;
    }
    if (method === "POST" && path === "/v1/payment_intents" && form) {
      const earlier = key ? intents.get(byKey.get(key) ?? "") : undefined;
      if (earlier) return send(200, earlier), true;
      const customer = form.get("customer") ?? "";
      if (customer.startsWith("cus_declined")) {
        send(402, {
          error: {
            type: "card_error",
            code: "card_declined",
            decline_code: "generic_decline",
            message: "Your card was declined.",
          },
        });
        return true;
      }
      const intent: FakeIntent = {
        id: `pi_${randomBytes(12).toString("hex")}`,
        object: "payment_intent",
        status: customer.startsWith("cus_slow") ? "processing" : "succeeded",
        amount: Number(form.get("amount")),
        currency: form.get("currency") ?? "",
        customer,
        off_session: form.get("off_session") === "true",
        last_payment_error: null,
      };
      intents.set(intent.id, intent);
      if (key) byKey.set(key, intent.id);
      send(200, intent);
      return true;
    }
    const asked = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)?.[1];
    if (method === "GET" && asked) {
      const intent = intents.get(asked);
      if (!intent) return false;
      intent.status = "succeeded";
      send(200, intent);
      return true;
    }
    return false;
  }

  return { intents, handle };
}
