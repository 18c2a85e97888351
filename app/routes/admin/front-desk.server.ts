// What the front desk's forms (new booking, change and move) share on the
// server: reading the form with its extras, and answering a refusal with the
// values sent, so a page posted without scripts is filled again.
import { data } from "react-router";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { refused } from "#app/routes/action-answer.server.ts";
import { fieldErrorsOf, formValues } from "#domain/forms/form-fields.ts";
import { extrasOfForm } from "#domain/forms/front-desk-booking.ts";
import type { z } from "#domain/forms/zod.ts";
import { answersOfForm } from "#domain/rules/booking-questions.ts";

type Parsed<T> =
  | { ok: true; data: T; values: Record<string, string> }
  | { ok: false; refusal: (intent: string) => ReturnType<typeof data<ActionAnswer>> };

/**
 * The form read by `schema`, its `extra:<id>` quantities gathered into
 * `extras` and its `answer:<id>` fields into `answers`.
 */
export function deskForm<S extends z.ZodType>(schema: S, form: FormData): Parsed<z.output<S>> {
  const values = formValues(form);
  const gathered = { extras: extrasOfForm(values), answers: answersOfForm(values) };
  const result = schema.safeParse({ ...values, ...gathered });
  if (result.success) return { ok: true, data: result.data, values };
  const fieldErrors = fieldErrorsOf(result.error);
  return {
    ok: false,
    refusal: (intent) =>
      data<ActionAnswer>(
        {
          intent,
          ok: false,
          fieldErrors,
          values,
          toast: {
            kind: "error",
            title: "Check the form",
            description: Object.values(fieldErrors)[0],
          },
        },
        { status: 400 },
      ),
  };
}

/** A command's refusal (AppError) as the form's answer, with what was sent. */
export function refusedDeskForm(
  intent: string,
  error: unknown,
  values: Record<string, string>,
  title: string,
) {
  const answer = refused(intent, error, (message) => ({
    kind: "error",
    title,
    description: message,
  }));
  return data<ActionAnswer>({ ...answer.data, values }, answer.init ?? undefined);
}
