// The frame of the Rates screen's dialogs: a form sent through a fetcher once
// the action's own schema accepts it in the browser (useCheckedForm), and the
// 'Add …'/edit dialog of a season or an extra around it. The messages' reply
// dialog uses the form too.
import type { ReactNode } from "react";
import { useCheckedForm } from "#app/components/admin/catalogue/use-checked-form.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";
import type { FieldErrors } from "#domain/forms/form-fields.ts";
import type { z } from "#domain/forms/zod.ts";

/** Posts to the route's action; `onOk` once the action accepts. */
export function CheckedForm({
  schema,
  onOk,
  className,
  children,
}: {
  schema: z.ZodType;
  onOk: () => void;
  className: string;
  children: (form: { errors: FieldErrors; busy: boolean }) => ReactNode;
}) {
  const { fetcher, formRef, onSubmit, busy, errors } = useCheckedForm(schema, onOk);
  return (
    <fetcher.Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className={className}>
      {children({ errors, busy })}
    </fetcher.Form>
  );
}

/**
 * Adds or edits a season or an extra: the form's intent, the row's id when
 * editing, the fields `children` gives and the save button. Closes once saved.
 */
export function RatesFormDialog({
  title,
  description,
  className,
  schema,
  intent,
  idField,
  id,
  submitLabel,
  onClose,
  children,
}: {
  title: string;
  description: string;
  className?: string;
  schema: z.ZodType;
  intent: string;
  idField: "seasonId" | "extraId";
  /** The row being edited; none when adding. */
  id?: string;
  submitLabel: string;
  onClose: () => void;
  children: (errors: FieldErrors) => ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={title} description={description} className={className}>
        <CheckedForm schema={schema} onOk={onClose} className="grid gap-4 sm:grid-cols-2">
          {({ errors, busy }) => (
            <>
              <input type="hidden" name="intent" value={intent} />
              {id ? <input type="hidden" name={idField} value={id} /> : null}
              {children(errors)}
              <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
                <Button type="submit" disabled={busy}>
                  {busy ? "Saving…" : submitLabel}
                </Button>
              </div>
            </>
          )}
        </CheckedForm>
      </DialogContent>
    </Dialog>
  );
}
