// The server side of every form action's answer (`app/lib/action-answer.ts`):
// success, a form the schema refused, and a service's refusal (AppError)
// mapped to its status once, here. Anything else is a fault of ours and goes
// to the error boundary.
import { data } from "react-router";
import type { ToastMessage } from "#app/components/admin/use-toast.ts";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import type { FieldErrors } from "#domain/forms/form-fields.ts";
import { AppError } from "#server/errors.ts";
import { STATUS_OF } from "#server/http/errors.ts";

export function ok<T>(intent?: string, toast?: ToastMessage, result?: T): ActionAnswer<T> {
  return { intent, ok: true, toast, result };
}

/** 400 with the fields the schema refused. */
export function invalidForm(
  intent: string | undefined,
  fieldErrors: FieldErrors,
  toast?: ToastMessage,
) {
  return data<ActionAnswer>({ intent, ok: false, toast, fieldErrors }, { status: 400 });
}

/** A service's refusal as an answer naming what to do; any other error is rethrown. */
export function refused(
  intent: string | undefined,
  error: unknown,
  toast: (message: string) => ToastMessage | undefined,
) {
  if (!(error instanceof AppError)) throw error;
  return data<ActionAnswer>(
    { intent, ok: false, toast: toast(error.message), fieldErrors: error.fieldErrors },
    { status: STATUS_OF[error.refusal] },
  );
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
