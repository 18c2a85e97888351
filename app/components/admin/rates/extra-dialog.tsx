// 'Add extra' and edit: one dialog, checked in the browser with the action's
// own schema. A new extra is offered at once; its row's button deactivates it.
import { SelectField, TextField } from "#app/components/admin/catalogue/field.tsx";
import { useCheckedForm } from "#app/components/admin/catalogue/use-checked-form.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";
import { extraFormSchema, extraPerOptions, MAX_EXTRA_QUANTITY } from "#domain/forms/rates.ts";
import type { ExtraFormValues } from "./rates-view";

export function ExtraDialog({
  extraId,
  values,
  onClose,
}: {
  /** The extra being edited; none when adding. */
  extraId?: string;
  values: ExtraFormValues;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={extraId ? "Edit extra" : "Add extra"}
        description="Something campers can add to their stay, such as firewood or a late checkout."
      >
        <ExtraForm extraId={extraId} values={values} onSaved={onClose} />
      </DialogContent>
    </Dialog>
  );
}

function ExtraForm({
  extraId,
  values,
  onSaved,
}: {
  extraId?: string;
  values: ExtraFormValues;
  onSaved: () => void;
}) {
  const { fetcher, formRef, onSubmit, busy, errors } = useCheckedForm(extraFormSchema, onSaved);
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4 sm:grid-cols-2"
    >
      <input type="hidden" name="intent" value={extraId ? "update-extra" : "add-extra"} />
      {extraId ? <input type="hidden" name="extraId" value={extraId} /> : null}
      <TextField
        label="Extra name"
        name="name"
        required
        maxLength={60}
        defaultValue={values.name}
        error={errors.name ?? errors.extraId}
        className="sm:col-span-2"
      />
      <TextField
        label="Price ($)"
        name="price"
        required
        inputMode="decimal"
        defaultValue={values.price}
        error={errors.price}
      />
      <SelectField
        label="Charged"
        name="per"
        options={extraPerOptions}
        defaultValue={values.per}
        error={errors.per}
      />
      <TextField
        label="Maximum quantity"
        name="maxQuantity"
        required
        type="number"
        min={1}
        max={MAX_EXTRA_QUANTITY}
        step={1}
        defaultValue={values.maxQuantity}
        error={errors.maxQuantity}
        hint="The most a camper can add to one stay."
      />
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : extraId ? "Update extra" : "Add extra"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
