// A local fake of the parts of Stripe's HTTP API the booking engine uses
// (Checkout Sessions, refunds, the balance, kept cards' payments), on 127.0.0.1, so the official SDK can be
// tested for real: tests point it here with STRIPE_API_BASE-style options.
// Like Stripe, it refuses a refund past what a payment intent captured.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type FakeIntent, fakeKeptCards } from "./fake-stripe-kept-cards";

export type FakeSession = {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  amount_total: number;
  currency: string;
  expires_at: number;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
};

export type FakeRefund = {
  id: string;
  payment_intent: string;
  amount: number;
  idempotencyKey?: string;
};

export type FakeBalanceTransaction = {
  id: string;
  object: "balance_transaction";
  type: string;
  amount: number;
  fee: number;
  currency: string;
  created: number;
};

export type FakeStripe = {
  url: string;
  sessions: Map<string, FakeSession>;
  refunds: FakeRefund[];
  /** What each payment intent captured (cents): `pay` records it, a test may set it. */
  captured: Map<string, number>;
  /**
   * The balance's transactions a test puts there, listed by their `created`
   * second, a page of `limit` (10 unless asked) at a time, the next page
   * after `starting_after`, as Stripe does.
   */
  balanceTransactions: FakeBalanceTransaction[];
  /** How long each page of balance transactions takes to answer, in ms (0 unless a test sets it). */
  balanceDelayMs: number;
  /** The off-session payments of kept cards, by id. */
  intents: Map<string, FakeIntent>;
  requests: { method: string; path: string; authorization?: string; idempotencyKey?: string }[];
  /**
   * While true, every call answers 500 as Stripe does in an incident, marked
   * not to be retried so the SDK gives up at once (no test waits out backoff).
   */
  outage: boolean;
  /** The guest pays at the provider. */
  pay(sessionId: string): FakeSession;
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  let raw = "";
  for await (const chunk of req) raw += chunk;
  return new URLSearchParams(raw);
}

function metadataOf(form: URLSearchParams): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of form) {
    const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
    if (name !== undefined) result[name] = value;
  }
  return result;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const refunds: FakeRefund[] = [];
  const captured = new Map<string, number>();
  const balanceTransactions: FakeBalanceTransaction[] = [];
  const requests: FakeStripe["requests"] = [];
  const control = { outage: false, balanceDelayMs: 0 };
  const keptCards = fakeKeptCards();
  const server: Server = createServer(async (req, res) => {
    const [path = "", search = ""] = (req.url ?? "").split("?");
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    requests.push({
      method: req.method ?? "",
      path,
      authorization: req.headers.authorization,
      idempotencyKey,
    });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        "content-type": "application/json",
        "request-id": id("req"),
        ...headers,
      });
      res.end(JSON.stringify(body));
    };
    const notFound = () =>
      send(404, { error: { type: "invalid_request_error", message: `No such object: ${path}` } });
    if (!req.headers.authorization?.startsWith("Bearer sk_test_"))
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key" } });
    if (control.outage)
      return send(
        500,
        { error: { type: "api_error", message: "An unknown error occurred" } },
        { "stripe-should-retry": "false" },
      );

    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const form = await formBody(req);
      const session: FakeSession = {
        id: id("cs_test"),
        object: "checkout.session",
        url: "",
        status: "open",
        payment_status: "unpaid",
        amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
        currency: form.get("line_items[0][price_data][currency]") ?? "",
        expires_at: Number(form.get("expires_at")),
        customer_email: form.get("customer_email"),
        client_reference_id: form.get("client_reference_id"),
        metadata: metadataOf(form),
        payment_intent: null,
        success_url: form.get("success_url") ?? "",
        cancel_url: form.get("cancel_url") ?? "",
      };
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
      if (session.expires_at * 1000 < Date.now() + 30 * 60_000 - 5_000)
        return send(400, {
          error: {
            type: "invalid_request_error",
            message: "expires_at must be at least 30 minutes away",
          },
        });
      sessions.set(session.id, session);
      return send(200, session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (sessionMatch?.[1]) {
      const session = sessions.get(sessionMatch[1]);
      if (!session) return notFound();
      if (req.method === "POST" && sessionMatch[2]) {
        if (session.status !== "open")
          return send(400, {
            error: { type: "invalid_request_error", message: "Only open sessions can be expired" },
          });
        session.status = "expired";
      }
      return send(200, session);
    }
    if (req.method === "GET" && path === "/v1/balance_transactions") {
      const query = new URLSearchParams(search);
      const from = Number(query.get("created[gte]") ?? 0);
      const to = Number(query.get("created[lt]") ?? Number.POSITIVE_INFINITY);
      const listed = balanceTransactions.filter((t) => t.created >= from && t.created < to);
      const limit = Number(query.get("limit") ?? 10);
      const after = query.get("starting_after");
      const start = after ? listed.findIndex((t) => t.id === after) + 1 : 0;
      const data = listed.slice(start, start + limit);
      const page = { object: "list", data, has_more: start + limit < listed.length, url: path };
      if (control.balanceDelayMs > 0) setTimeout(() => send(200, page), control.balanceDelayMs);
      else send(200, page);
      return;
    }
    const kept = {
      method: req.method ?? "",
      path,
      search,
      key: idempotencyKey,
      form: req.method === "POST" ? await formBody(req) : undefined,
    };
    if (keptCards.handle(kept, send)) return;
    if (req.method === "POST" && path === "/v1/refunds") {
      const form = kept.form ?? new URLSearchParams();
      const earlier = refunds.find((r) => idempotencyKey && r.idempotencyKey === idempotencyKey);
      if (earlier)
        return send(200, {
          id: earlier.id,
          object: "refund",
          amount: earlier.amount,
          status: "succeeded",
        });
      const refund: FakeRefund = {
        id: id("re"),
        payment_intent: form.get("payment_intent") ?? "",
        amount: Number(form.get("amount")),
        idempotencyKey,
      };
      const charged = captured.get(refund.payment_intent);
      const before = refunds
        .filter((r) => r.payment_intent === refund.payment_intent)
        .reduce((sum, r) => sum + r.amount, 0);
      if (charged !== undefined && before + refund.amount > charged)
        return send(400, {
          error: {
            type: "invalid_request_error",
            code: "charge_exceeds_source_limit",
            message: `Refund amount (${refund.amount}) is greater than unrefunded amount on charge (${charged - before})`,
          },
        });
      refunds.push(refund);
      return send(200, {
        id: refund.id,
        object: "refund",
        amount: refund.amount,
        status: "succeeded",
      });
    }
    notFound();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    refunds,
    captured,
    balanceTransactions,
    intents: keptCards.intents,
    requests,
    get outage() {
      return control.outage;
    },
    set outage(on) {
      control.outage = on;
    },
    get balanceDelayMs() {
      return control.balanceDelayMs;
    },
    set balanceDelayMs(ms) {
      control.balanceDelayMs = ms;
    },
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no fake session ${sessionId}`);
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent = id("pi");
      captured.set(session.payment_intent, session.amount_total);
      return session;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
