// 'Add extra' and edit: one dialog, checked in the browser with the action's
// own schema. A new extra is offered at once; its row's button deactivates it.
import { SelectField, TextField } from "#app/components/admin/catalogue/field.tsx";
import { extraFormSchema, extraPerOptions, MAX_EXTRA_QUANTITY } from "#domain/forms/rates.ts";
import { RatesFormDialog } from "./dialog-form";
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
    <RatesFormDialog
      title={extraId ? "Edit extra" : "Add extra"}
      description="Something campers can add to their stay, such as firewood or a late checkout."
      schema={extraFormSchema}
      intent={extraId ? "update-extra" : "add-extra"}
      idField="extraId"
      id={extraId}
      submitLabel={extraId ? "Update extra" : "Add extra"}
      onClose={onClose}
    >
      {(errors) => (
        <>
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
        </>
      )}
    </RatesFormDialog>
  );
}
