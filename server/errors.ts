// The one error type for an expected refusal: what a service throws when the
// request cannot be done as asked (bad input, not found, taken meanwhile, too
// many attempts). It carries the text a person reads and a stable code a
// program reads, and knows nothing of HTTP: the HTTP layer
// (`server/http/errors.ts`) and the route actions (`app/routes/action-answer.server.ts`)
// each map it once. Anything else thrown is a fault of ours.
import type { FieldErrors } from "#domain/forms/form-fields.ts";

/** Why the request was refused; each maps to one HTTP status. */
export type Refusal =
  | "invalid" // the input is wrong: say which field
  | "not_found" // no such thing (or not yours to see)
  | "forbidden" // signed in, but not allowed
  | "conflict" // the state changed or does not allow it
  | "rate_limited" // too many attempts: try again later
  | "upstream"; // an outside service (card payments) did not answer

export type AppErrorOptions = {
  /** A stable code for programs; the refusal itself when omitted. */
  code?: string;
  /** The form or API field the message is about. */
  field?: string;
  /** Several fields at once (a whole form refused). */
  fieldErrors?: FieldErrors;
  /** For `rate_limited`: when a new attempt can succeed. */
  retryAfterSeconds?: number;
};

export class AppError extends Error {
  override readonly name = "AppError";
  readonly code: string;
  readonly fieldErrors?: FieldErrors;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly refusal: Refusal,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.code = options.code ?? refusal;
    this.fieldErrors =
      options.fieldErrors ?? (options.field ? { [options.field]: message } : undefined);
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const notFound = (message: string, code?: string) =>
  new AppError("not_found", message, { code });
export const invalid = (message: string, options: AppErrorOptions = {}) =>
  new AppError("invalid", message, { code: "invalid_input", ...options });
export const conflict = (message: string, code?: string) =>
  new AppError("conflict", message, { code });
