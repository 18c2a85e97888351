// The machine-facing endpoints under /api. Each capability adds its router here.
import express, { Router } from "express";
import { notFound } from "#server/errors.ts";
import { adminGuard, adminOperationsRouter } from "./admin-operations";
import { calendarFeedsRouter } from "./calendar-feeds";
import { contactRouter } from "./contact";
import { errorHandler } from "./errors";
import { health } from "./health";
import { noStore } from "./no-store";
import { refuseNulInBody } from "./plain-input";
import { publicBookingRouter, stripeWebhookRouter } from "./public-api";
import { requireSameOrigin } from "./same-origin";

/** `trustedOrigins` replaces the configured origins (tests listen on a port of their own). */
export function apiRouter(options: { trustedOrigins?: () => string[] } = {}): Router {
  const api = Router();
  api.get("/health", health);
  // The back office: every /api/admin call is kept by no cache and needs an
  // administrator's session (401, 403); a write must come from the site's own pages (403).
  api.use("/admin", noStore, adminGuard, requireSameOrigin(options.trustedOrigins));
  api.use(calendarFeedsRouter());
  // Stripe signs the raw body: the webhook reads it before the JSON parser.
  api.use(stripeWebhookRouter());
  api.use(express.json({ limit: "100kb" }), refuseNulInBody);
  api.use("/admin", adminOperationsRouter());
  api.use(publicBookingRouter());
  api.use(contactRouter());
  api.use((_req, _res, next) => next(notFound("No such endpoint.")));
  api.use(errorHandler);
  return api;
}
