// 'Add season' and edit: one dialog, checked in the browser with the action's
// own schema. An overlap with another season is the database's refusal,
// shown on the start date with the season it overlaps.
import { TextField } from "#app/components/admin/catalogue/field.tsx";
import { MAX_MINIMUM_NIGHTS, seasonFormSchema } from "#domain/forms/rates.ts";
import { RatesFormDialog } from "./dialog-form";
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
    <RatesFormDialog
      title={seasonId ? "Edit season" : "Add season"}
      description="The season's nights run from the start date to the end date, both included. Seasons of a campsite may not overlap."
      className="max-w-xl"
      schema={seasonFormSchema}
      intent={seasonId ? "update-season" : "add-season"}
      idField="seasonId"
      id={seasonId}
      submitLabel={seasonId ? "Update season" : "Add season"}
      onClose={onClose}
    >
      {(errors) => (
        <>
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
        </>
      )}
    </RatesFormDialog>
  );
}
