// How the machine endpoints answer refusals and failures: an AppError becomes
// its status with the message a person can act on; input alone never causes a 500.
import type { ErrorRequestHandler, Request } from "express";
import type { z } from "zod";
import { fieldErrorsOf } from "#domain/forms/form-fields.ts";
import { AppError, type Refusal } from "#server/errors.ts";
import { log } from "#server/log.ts";

/** The one mapping from a refusal to an HTTP status. */
export const STATUS_OF: Record<Refusal, number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  upstream: 502,
};

/** Parses a request part with a zod schema, or throws a refusal naming the bad fields. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fieldErrors = fieldErrorsOf(result.error, "body");
  const message = Object.entries(fieldErrors)
    .map(([k, v]) => `${k}: ${v}`)
    .join("; ");
  throw new AppError("invalid", message, { code: "invalid_input", fieldErrors });
}

export const parseBody = <S extends z.ZodType>(schema: S, req: Request) =>
  parseInput(schema, req.body);

export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds) res.set("Retry-After", String(error.retryAfterSeconds));
    const details = error.fieldErrors ? { fieldErrors: error.fieldErrors } : undefined;
    res.status(STATUS_OF[error.refusal]).json({ error: error.message, code: error.code, details });
    return;
  }
  // body-parser: malformed JSON, a body too large, an unsupported charset.
  const status = typeof error?.status === "number" ? error.status : 500;
  if (status >= 400 && status < 500) {
    res.status(status).json({ error: "The request body could not be read.", code: "bad_body" });
    return;
  }
  log.error({ err: error, path: req.path }, "request failed");
  if (!res.headersSent) {
    res
      .status(500)
      .json({ error: "Something went wrong on our side. Please try again.", code: "internal" });
  }
};
