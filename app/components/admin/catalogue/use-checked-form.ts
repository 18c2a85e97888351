// A catalogue form sent through a fetcher: checked in the browser with the
// same zod schema the action uses (nothing is sent while a field is wrong),
// then the action's answer shown once: its toast, its field errors (focus
// moves to the first), or `onOk`.
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useAnswer } from "#app/components/admin/use-answer.ts";
import { type ActionAnswer, focusFirstError } from "#app/lib/action-answer.ts";
import { type FieldErrors, parseForm } from "#domain/forms/form-fields.ts";
import type { z } from "#domain/forms/zod.ts";

export function useCheckedForm(schema: z.ZodType, onOk?: (result: ActionAnswer) => void) {
  const fetcher = useFetcher<ActionAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const result = fetcher.data;
  useAnswer(fetcher, (answer) => {
    if (answer.ok) onOk?.(answer);
    else if (answer.fieldErrors) focusFirstError(formRef.current, answer.fieldErrors);
  });

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = parseForm(schema, new FormData(form));
    if (!parsed.ok) {
      setClientErrors(parsed.errors);
      focusFirstError(form, parsed.errors);
      return;
    }
    setClientErrors({});
    fetcher.submit(form);
  };

  return {
    fetcher,
    formRef,
    onSubmit,
    setClientErrors,
    busy: fetcher.state !== "idle",
    errors: { ...(result && !result.ok ? result.fieldErrors : {}), ...clientErrors },
  };
}
