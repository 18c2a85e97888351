// What every form action answers, in one shape: which form (the intent, when
// a screen has several), whether it worked, the spec's toast, and field
// errors from the same zod schema the browser checked before sending.
import type { ToastMessage } from "#app/components/admin/use-toast.ts";
import type { FieldErrors } from "#domain/forms/form-fields.ts";

export type ActionAnswer<T = unknown> = {
  intent?: string;
  ok: boolean;
  toast?: ToastMessage;
  fieldErrors?: FieldErrors;
  result?: T;
  /** What a refused form sent (never a password), to fill it again on a page posted without scripts. */
  values?: Record<string, string>;
};

/** Moves focus to the first field named in `errors` inside `form`. */
export function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors) {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && errors[name]) {
      (element as HTMLElement).focus();
      return;
    }
  }
}
