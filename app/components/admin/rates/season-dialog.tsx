// 'Add season' and edit: one dialog, checked in the browser with the action's
// own schema. An overlap with another season is the database's refusal,
// shown on the start date with the season it overlaps.
import { TextField } from "#app/components/admin/catalogue/field.tsx";
import { useCheckedForm } from "#app/components/admin/catalogue/use-checked-form.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";
import { MAX_MINIMUM_NIGHTS, seasonFormSchema } from "#domain/forms/rates.ts";
import type { SeasonFormValues } from "./rates-view";

export function SeasonDialog({
  seasonId,
  values,
  onClose,
}: {
  /** The season being edited; none when adding. */
  seasonId?: string;
  values: SeasonFormValues;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={seasonId ? "Edit season" : "Add season"}
        description="The season's nights run from the start date to the end date, both included. Seasons of a campsite may not overlap."
        className="max-w-xl"
      >
        <SeasonForm seasonId={seasonId} values={values} onSaved={onClose} />
      </DialogContent>
    </Dialog>
  );
}

function SeasonForm({
  seasonId,
  values,
  onSaved,
}: {
  seasonId?: string;
  values: SeasonFormValues;
  onSaved: () => void;
}) {
  const { fetcher, formRef, onSubmit, busy, errors } = useCheckedForm(seasonFormSchema, onSaved);
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4 sm:grid-cols-2"
    >
      <input type="hidden" name="intent" value={seasonId ? "update-season" : "add-season"} />
      {seasonId ? <input type="hidden" name="seasonId" value={seasonId} /> : null}
      <TextField
        label="Season name"
        name="name"
        required
        maxLength={60}
        defaultValue={values.name}
        error={errors.name ?? errors.seasonId}
        className="sm:col-span-2"
      />
      <TextField
        label="Start date"
        name="startDate"
        type="date"
        required
        defaultValue={values.startDate}
        error={errors.startDate}
      />
      <TextField
        label="End date"
        name="endDate"
        type="date"
        required
        defaultValue={values.endDate}
        error={errors.endDate}
        hint="The season's last night."
      />
      <TextField
        label="Nightly price ($)"
        name="nightPrice"
        required
        inputMode="decimal"
        defaultValue={values.nightPrice}
        error={errors.nightPrice}
      />
      <TextField
        label="Friday and Saturday price ($)"
        name="weekendPrice"
        inputMode="decimal"
        defaultValue={values.weekendPrice}
        error={errors.weekendPrice}
        hint="Leave blank to charge the season's nightly price."
      />
      <TextField
        label="Minimum stay (nights)"
        name="minimumNights"
        required
        type="number"
        min={1}
        max={MAX_MINIMUM_NIGHTS}
        step={1}
        defaultValue={values.minimumNights}
        error={errors.minimumNights}
        hint="For any stay that includes a night of the season."
      />
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : seasonId ? "Update season" : "Add season"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
