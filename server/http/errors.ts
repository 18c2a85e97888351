// How the machine endpoints answer bad input and failures: a 400 with a
// message a person can act on, never a 500 caused by input alone.
import type { ErrorRequestHandler, Request } from "express";
import type { z } from "zod";
import { log } from "#server/log.ts";

/** An error whose message is safe to show and whose code a program can read. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = "bad_request",
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** Parses a request part with a zod schema, or throws a 400 naming the bad fields. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "body";
    fieldErrors[key] ??= issue.message;
  }
  const message = Object.entries(fieldErrors)
    .map(([k, v]) => `${k}: ${v}`)
    .join("; ");
  throw new HttpError(400, message, "invalid_input", { fieldErrors });
}

export const parseBody = <S extends z.ZodType>(schema: S, req: Request) =>
  parseInput(schema, req.body);

export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  if (error instanceof HttpError) {
    res
      .status(error.status)
      .json({ error: error.message, code: error.code, details: error.details });
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
