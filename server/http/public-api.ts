// The public booking API of docs/api.md, which the booking pages are built
// on. Every input is validated (400 with a message a person can act on);
// no answer carries a guest's personal data.
import express, { type RequestHandler, Router } from "express";
import { z } from "zod";
import {
  bookingRequestSchema,
  campsiteIdSchema,
  discountCodeValidationSchema,
  holdChangeSchema,
  paymentStartSchema,
  prepaidCardValidationSchema,
  quoteRequestSchema,
} from "#domain/forms/booking-request.ts";
import { plainText } from "#domain/forms/plain-text.ts";
import { getAppContext } from "#server/context.ts";
import type { Executor } from "#server/db/client.ts";
import { invalid, notFound } from "#server/errors.ts";
import { log } from "#server/log.ts";
import { type StripeProvider, stripeProvider } from "#server/payments/index.ts";
import { cachedCampsiteAvailability, listActiveCampsites } from "#server/services/availability.ts";
import { createBooking, priceRequest } from "#server/services/bookings.ts";
import { checkCodeGuess } from "#server/services/code-guesses.ts";
import { validateDiscountCode } from "#server/services/discount-codes.ts";
import {
  changeHeldBooking,
  heldBookingState,
  releaseHeldBooking,
} from "#server/services/held-bookings.ts";
import { PAYMENT_CURRENCY } from "#server/services/payment-messages.ts";
import { startPayment } from "#server/services/payments/start.ts";
import { verifyPayment } from "#server/services/payments/verify.ts";
import { handleStripeEvent } from "#server/services/payments/webhook.ts";
import { validatePrepaidCard } from "#server/services/prepaid-cards.ts";
import { availabilityCacheOf } from "./availability-answers";
import { clientOf } from "./client-address";
import { parseBody, parseInput } from "./errors";
import { sendKeptJson } from "./kept-body";
import { rateLimited } from "./rate-limit";

/** Code and card guesses are rate limited per client (amendment 2.8), and wrong ones across all. */
const validationLimit = { name: "validate-code", max: 30, windowSeconds: 60 };

const validationRateLimit = rateLimited(validationLimit);

/**
 * Any request that carries a code or a card number counts as a guess (a quote
 * or a booking too, so none bypasses the limits): the client's own limit, then
 * the budget of wrong guesses shared by all (services/code-guesses.ts). Each
 * route names the keys its schema reads, so no other key can hide a guess.
 */
function codeGuessLimit(keys: { code?: string; card?: string }): RequestHandler {
  return (req, res, next) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const text = (key?: string) => {
      const value = key ? body[key] : undefined;
      return typeof value === "string" && value.trim() !== "" ? value : undefined;
    };
    const guess = { discountCode: text(keys.code), prepaidCardNumber: text(keys.card) };
    if (!guess.discountCode && !guess.prepaidCardNumber) return next();
    validationRateLimit(req, res, (error?: unknown) => {
      if (error) return next(error);
      getAppContext()
        .then(({ db }) => checkCodeGuess(db, guess))
        .then(() => next(), next);
    });
  };
}

/** The keys of a quote, a booking and a hold's change. */
const stayGuessLimit = codeGuessLimit({ code: "discountCode", card: "prepaidCardNumber" });

const idParams = z.object({ id: campsiteIdSchema });
const bookingIdParams = z.object({ id: z.uuid({ error: "That is not a booking id." }) });
const availabilityQuery = z.object({
  from: z.string().trim().optional(),
  to: z.string().trim().optional(),
});
const verifySchema = z.object({
  sessionId: z
    .string({ error: "sessionId is required." })
    .trim()
    .min(1, "sessionId is required.")
    .max(255, "sessionId is too long.")
    .refine(...plainText("sessionId")),
});

const noStore = (res: express.Response) => res.set("Cache-Control", "no-store");

const holdSecretSchema = z
  .string({ error: "This request needs the booking's X-Hold-Secret header." })
  .min(1, "This request needs the booking's X-Hold-Secret header.")
  .max(200, "That X-Hold-Secret is too long.");

/** The secret the held booking was made with, sent back by the browser that made it. */
const holdSecretOf = (req: express.Request) =>
  parseInput(holdSecretSchema, req.get("x-hold-secret"));

export function publicBookingRouter(): Router {
  const api = Router();

  api.get("/campsites", async (_req, res) => {
    const { db } = await getAppContext();
    const rows = await listActiveCampsites(db);
    noStore(res).json({ campsites: rows });
  });

  api.get("/campsites/:id/availability", async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const range = parseInput(availabilityQuery, req.query);
    const { database, db } = await getAppContext();
    const cache = availabilityCacheOf(database);
    const answer = await cachedCampsiteAvailability(cache, db, id, range);
    sendKeptJson(req, res, answer, { noStore: true });
  });

  api.post("/quote", stayGuessLimit, async (req, res) => {
    const request = parseBody(quoteRequestSchema, req);
    const { db } = await getAppContext();
    const { quote, discountCodeAnswer, prepaidCardAnswer } = await priceRequest(db, request);
    noStore(res).json({
      ...quote,
      currency: PAYMENT_CURRENCY,
      ...(discountCodeAnswer && { discountCode: discountCodeAnswer }),
      ...(prepaidCardAnswer && { prepaidCard: prepaidCardAnswer }),
    });
  });

  api.post("/discount-codes/validate", codeGuessLimit({ code: "code" }), async (req, res) => {
    const { code, bookingAmount } = parseBody(discountCodeValidationSchema, req);
    const { db } = await getAppContext();
    const result = await validateDiscountCode(db, code, bookingAmount);
    noStore(res).json(
      result.valid
        ? { valid: true, discountCode: result.discountCode }
        : { valid: false, error: result.error },
    );
  });

  api.post("/prepaid-cards/validate", codeGuessLimit({ card: "cardNumber" }), async (req, res) => {
    const { cardNumber } = parseBody(prepaidCardValidationSchema, req);
    const { db } = await getAppContext();
    const result = await validatePrepaidCard(db, cardNumber);
    noStore(res).json(
      result.valid
        ? { valid: true, prepaidCard: result.prepaidCard }
        : { valid: false, error: result.error },
    );
  });

  api.post("/bookings", stayGuessLimit, async (req, res) => {
    const request = parseBody(bookingRequestSchema, req);
    const { db } = await getAppContext();
    const { holdSecret, ...booking } = await createBooking(db, request, new Date(), {
      clientAddress: clientOf(req),
    });
    noStore(res).status(201).json({ booking, holdSecret });
  });

  // The held booking: only with the secret it was made with (X-Hold-Secret).
  api.get("/bookings/:id", async (req, res) => {
    const { id } = parseInput(bookingIdParams, req.params);
    const { db } = await getAppContext();
    noStore(res).json({ booking: await heldBookingState(db, id, holdSecretOf(req)) });
  });

  api.patch("/bookings/:id", stayGuessLimit, async (req, res) => {
    const { id } = parseInput(bookingIdParams, req.params);
    const change = parseBody(holdChangeSchema, req);
    const { db } = await getAppContext();
    noStore(res).json({ booking: await changeHeldBooking(db, id, holdSecretOf(req), change) });
  });

  api.delete("/bookings/:id", async (req, res) => {
    const { id } = parseInput(bookingIdParams, req.params);
    const { db } = await getAppContext();
    await releaseHeldBooking(db, id, holdSecretOf(req));
    noStore(res).json({ released: true });
  });

  api.post("/bookings/:id/payment", async (req, res) => {
    const { id } = parseInput(bookingIdParams, req.params);
    const { policy, termsVersion } = parseBody(paymentStartSchema, req);
    const { db } = await getAppContext();
    const accepted = { policy, termsVersion };
    noStore(res).json(await startPayment(db, id, holdSecretOf(req), { accepted }));
  });

  api.post("/payments/verify", async (req, res) => {
    const { sessionId } = parseBody(verifySchema, req);
    const { db } = await getAppContext();
    noStore(res).json(await verifyPayment(db, sessionId));
  });

  return api;
}

/**
 * POST /api/webhooks/stripe: Stripe's signed events. The signature is checked
 * on the raw body, so this router is mounted before the JSON body parser.
 * Tests pass their own provider (pointed at a local fake) and database.
 */
export function stripeWebhookRouter(
  options: { provider?: () => StripeProvider | undefined; db?: () => Promise<Executor> } = {},
): Router {
  const providerOf = options.provider ?? stripeProvider;
  const dbOf = options.db ?? (async () => (await getAppContext()).db);
  const api = Router();
  api.post(
    "/webhooks/stripe",
    express.raw({ type: () => true, limit: "1mb" }),
    async (req, res) => {
      const stripe = providerOf();
      if (!stripe) throw notFound("Card payments are not configured.");
      const signature = req.get("stripe-signature");
      if (!signature) throw invalid("Missing Stripe-Signature header.", { code: "bad_signature" });
      let event: ReturnType<StripeProvider["constructEvent"]>;
      try {
        event = stripe.constructEvent(req.body as Buffer, signature);
      } catch {
        throw invalid("The webhook signature could not be verified.", { code: "bad_signature" });
      }
      const outcome = await handleStripeEvent(await dbOf(), event, { provider: stripe });
      log.info({ eventId: event.id, type: event.type, outcome }, "stripe webhook");
      // A refused event is answered 200 too, so Stripe does not send it again for days.
      const refused = outcome === "wrong_currency" || outcome === "wrong_mode";
      res.json(refused ? { received: true, ignored: outcome } : { received: true });
    },
  );
  return api;
}
