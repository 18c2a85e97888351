// The server side of every form action's answer (`app/lib/action-answer.ts`):
// success, a form the schema refused, and a service's refusal (AppError)
// mapped to its status once, here. Anything else is a fault of ours and goes
// to the error boundary, unless the screen's spec gives it a toast
// (`refusedOrFailed`).
import { data, type HeadersArgs } from "react-router";
import type { ToastMessage } from "#app/components/admin/use-toast.ts";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import type { FieldErrors } from "#domain/forms/form-fields.ts";
import { AppError } from "#server/errors.ts";
import { STATUS_OF } from "#server/http/errors.ts";
import { log } from "#server/log.ts";

export function ok<T>(intent?: string, toast?: ToastMessage, result?: T): ActionAnswer<T> {
  return { intent, ok: true, toast, result };
}

/**
 * 400 with the fields the schema refused; a toast function gets the first
 * problem. `values` are what the form sent back to fill it again (no password).
 */
export function invalidForm(
  intent: string | undefined,
  fieldErrors: FieldErrors,
  toast?: ToastMessage | ((firstProblem: string | undefined) => ToastMessage),
  values?: Record<string, string>,
) {
  const shown = typeof toast === "function" ? toast(Object.values(fieldErrors)[0]) : toast;
  return data<ActionAnswer>(
    { intent, ok: false, toast: shown, fieldErrors, values },
    { status: 400 },
  );
}

/** The form's own text fields `names`, as sent. */
export function sentValues(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "")]));
}

/**
 * A refusal that comes as a status rather than an AppError (the auth library's
 * answers, the contact service's result), or a fault the spec gives a toast.
 */
export function failed(
  intent: string | undefined,
  toast: ToastMessage,
  init: number | ResponseInit,
  fieldErrors?: FieldErrors,
) {
  return data<ActionAnswer>(
    { intent, ok: false, toast, fieldErrors },
    typeof init === "number" ? { status: init } : init,
  );
}

/** A service's refusal as an answer naming what to do; any other error is rethrown. */
export function refused(
  intent: string | undefined,
  error: unknown,
  toast: (message: string, error: AppError) => ToastMessage | undefined,
) {
  if (!(error instanceof AppError)) throw error;
  return data<ActionAnswer>(
    { intent, ok: false, toast: toast(error.message, error), fieldErrors: error.fieldErrors },
    { status: STATUS_OF[error.refusal], headers: retryAfter(error.retryAfterSeconds) },
  );
}

/** A refusal for too many attempts says when to try again, to programs as well. */
export function retryAfter(seconds: number | undefined): HeadersInit | undefined {
  return seconds ? { "Retry-After": String(Math.ceil(seconds)) } : undefined;
}

/**
 * The `headers` of a page whose action may refuse for too many attempts:
 * React Router keeps only the cookies of an action's headers, so without this
 * the Retry-After is lost from document POSTs and `.data` requests alike.
 */
export function passRetryAfter({ parentHeaders, actionHeaders }: HeadersArgs): Headers {
  const headers = new Headers(parentHeaders);
  const retry = actionHeaders.get("Retry-After");
  if (retry) headers.set("Retry-After", retry);
  return headers;
}

/**
 * `refused`, for the screens whose spec names a toast for our own faults too:
 * anything but an AppError is logged and answered 500 with `fault.toast`.
 */
export function refusedOrFailed(
  intent: string | undefined,
  error: unknown,
  toast: (message: string, error: AppError) => ToastMessage | undefined,
  fault: { log: string; toast: ToastMessage },
) {
  if (error instanceof AppError) return refused(intent, error, toast);
  log.error({ err: error }, fault.log);
  return failed(intent, fault.toast, 500);
}

export function unknownIntent(intent: string) {
  return data<ActionAnswer>(
    {
      intent,
      ok: false,
      toast: { kind: "error", title: "Error", description: "An unexpected error occurred" },
    },
    { status: 400 },
  );
}
