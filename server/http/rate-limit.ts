// Rate limits as Express middleware: the service counts, this answers 429.
import type { RequestHandler } from "express";
import { getAppContext } from "#server/context.ts";
import { AppError } from "#server/errors.ts";
import { hitRateLimit, type RateLimitRule, tooManyRequests } from "#server/services/rate-limit.ts";
import { clientOf } from "./client-address";

/** Answers 429 with Retry-After once a client exceeds the rule. */
export function rateLimited(rule: RateLimitRule): RequestHandler {
  return async (req, _res, next) => {
    const { db } = await getAppContext();
    const result = await hitRateLimit(db, rule, clientOf(req));
    if (result.allowed) return next();
    next(
      new AppError("rate_limited", tooManyRequests(result.retryAfterSeconds), {
        retryAfterSeconds: result.retryAfterSeconds,
      }),
    );
  };
}
