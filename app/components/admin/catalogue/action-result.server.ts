// Server side of the catalogue actions: the admin check, the form's intent,
// and refused changes turned into answers with a status and a toast.
import { data } from "react-router";
import type { ToastMessage } from "#app/components/admin/use-toast.ts";
import type { FieldErrors } from "#domain/forms/form-fields.ts";
import { CatalogueError } from "#server/services/catalogue-errors.ts";
import type { ActionResult } from "./action-result";

const statusOf = { not_found: 404, conflict: 409, in_use: 409, invalid: 400 } as const;

/** 400 with the fields the schema refused. */
export function invalidForm(intent: string, errors: FieldErrors, toast: ToastMessage) {
  return data<ActionResult>({ intent, ok: false, toast, errors }, { status: 400 });
}

/**
 * A refused change (CatalogueError) as an answer naming what to do; any other
 * error is a fault of ours and is rethrown to the error boundary.
 */
export function refusedChange(
  intent: string,
  error: unknown,
  toast: (message: string) => ToastMessage,
) {
  if (!(error instanceof CatalogueError)) throw error;
  const errors = error.field ? { [error.field]: error.message } : undefined;
  return data<ActionResult>(
    { intent, ok: false, toast: toast(error.message), errors },
    { status: statusOf[error.code] },
  );
}

export function unknownIntent(intent: string) {
  return data<ActionResult>(
    {
      intent,
      ok: false,
      toast: { kind: "error", title: "Error", description: "An unexpected error occurred" },
    },
    { status: 400 },
  );
}

export function ok<T>(intent: string, toast?: ToastMessage, result?: T): ActionResult<T> {
  return { intent, ok: true, toast, result };
}
