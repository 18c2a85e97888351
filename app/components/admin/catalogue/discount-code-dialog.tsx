// The create/edit discount code dialog (spec 2.15, section 5): code forced to
// uppercase, percentage 0-100 in whole numbers or a fixed amount in cents,
// minimum amount, optional usage limit and expiry, active. Checked in the
// browser with the schema the action uses.
import { useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";
import { discountCodeFormSchema, discountTypeOptions } from "#domain/forms/discount-code.ts";
import { SelectField, TextField } from "./field";
import { SwitchField } from "./switch-field";
import { useCheckedForm } from "./use-checked-form";

export type DiscountCodeFormValues = {
  code: string;
  description: string;
  discountType: "percentage" | "fixed_amount";
  discountValue: string;
  minimumAmount: string;
  usageLimit: string;
  validFrom: string;
  validUntil: string;
  isActive: boolean;
};

export function DiscountCodeDialog({
  open,
  onOpenChange,
  codeId,
  values,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  codeId?: string;
  values: DiscountCodeFormValues;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={codeId ? "Edit Discount Code" : "Create Discount Code"}
        description="Fields marked * are required."
        className="max-w-xl"
      >
        <DiscountCodeForm codeId={codeId} values={values} onSaved={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function DiscountCodeForm({
  codeId,
  values,
  onSaved,
}: {
  codeId?: string;
  values: DiscountCodeFormValues;
  onSaved: () => void;
}) {
  const { fetcher, formRef, onSubmit, busy, errors } = useCheckedForm(
    discountCodeFormSchema,
    onSaved,
  );
  const [type, setType] = useState(values.discountType);
  const [code, setCode] = useState(values.code);

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={onSubmit}
    >
      <input type="hidden" name="intent" value={codeId ? "update" : "create"} />
      {codeId ? <input type="hidden" name="id" value={codeId} /> : null}
      <TextField
        label="Code"
        name="code"
        required
        value={code}
        onChange={(event) => setCode(event.currentTarget.value.toUpperCase())}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        error={errors.code}
        hint="Letters and numbers; campers type it at checkout."
        className="sm:col-span-2"
      />
      <TextField
        label="Description"
        name="description"
        defaultValue={values.description}
        error={errors.description}
        className="sm:col-span-2"
      />
      <SelectField
        label="Discount type"
        name="discountType"
        options={discountTypeOptions}
        value={type}
        onChange={(event) =>
          setType(event.currentTarget.value as DiscountCodeFormValues["discountType"])
        }
        error={errors.discountType}
      />
      <TextField
        label={type === "percentage" ? "Discount value (%)" : "Discount value ($)"}
        name="discountValue"
        required
        type="number"
        min={0}
        max={type === "percentage" ? 100 : undefined}
        step={type === "percentage" ? 1 : 0.01}
        inputMode={type === "percentage" ? "numeric" : "decimal"}
        defaultValue={values.discountValue}
        error={errors.discountValue}
      />
      <TextField
        label="Minimum amount ($)"
        name="minimumAmount"
        type="number"
        min={0}
        step={0.01}
        inputMode="decimal"
        defaultValue={values.minimumAmount}
        error={errors.minimumAmount}
        hint="The booking total the code needs; 0 for any booking."
      />
      <TextField
        label="Usage limit"
        name="usageLimit"
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        defaultValue={values.usageLimit}
        error={errors.usageLimit}
        hint="Leave empty for unlimited use."
      />
      <TextField
        label="Valid from"
        name="validFrom"
        required
        type="date"
        defaultValue={values.validFrom}
        error={errors.validFrom}
      />
      <TextField
        label="Valid until"
        name="validUntil"
        type="date"
        defaultValue={values.validUntil}
        error={errors.validUntil}
        hint="Leave empty for no expiry."
      />
      <div className="sm:col-span-2">
        <SwitchField label="Active" name="isActive" defaultChecked={values.isActive} />
      </div>
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : codeId ? "Update Code" : "Create Code"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
