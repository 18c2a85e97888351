// 'Prices and fees': the nightly and Friday-and-Saturday prices, the guests
// included and the fee for each one more, the pet fee and how many dogs, and
// the Queensland long-weekend minimum stay. One form, one save.
import { useId, useState } from "react";
import { TextField } from "#app/components/admin/catalogue/field.tsx";
import { useCheckedForm } from "#app/components/admin/catalogue/use-checked-form.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Label } from "#app/components/ui/input.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { baseRatesFormSchema, MAX_MINIMUM_NIGHTS } from "#domain/forms/rates.ts";
import { amountText, type RatesView } from "./rates-view";
import { RatesSection } from "./section";

export function PricesForm({ view }: { view: RatesView }) {
  const { rates, campsite } = view;
  const { fetcher, formRef, onSubmit, busy, errors } = useCheckedForm(baseRatesFormSchema);
  const [longWeekendRule, setLongWeekendRule] = useState(rates.longWeekendMinimumNights !== null);
  const switchId = useId();

  return (
    <RatesSection
      id="prices-heading"
      title="Prices and fees"
      description="What a night costs outside the seasons below, and the fees added to it."
    >
      <fetcher.Form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="prices-heading"
        className="grid gap-4 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="save-rates" />
        <TextField
          label="Nightly price ($)"
          name="pricePerNight"
          required
          inputMode="decimal"
          defaultValue={amountText(rates.nightPriceCents)}
          error={errors.pricePerNight}
        />
        <TextField
          label="Friday and Saturday price ($)"
          name="weekendPrice"
          inputMode="decimal"
          defaultValue={amountText(rates.weekendPriceCents)}
          error={errors.weekendPrice}
          hint="Leave blank to charge the nightly price."
        />
        <TextField
          label="Guests included"
          name="baseOccupancy"
          type="number"
          min={1}
          max={campsite.capacity}
          step={1}
          defaultValue={rates.baseOccupancy ?? ""}
          error={errors.baseOccupancy}
          hint={`Leave blank to include all ${campsite.capacity} guests the campsite takes.`}
        />
        <TextField
          label="Extra guest fee ($)"
          name="extraGuestFee"
          inputMode="decimal"
          defaultValue={amountText(rates.extraGuestFeeCents)}
          error={errors.extraGuestFee}
          hint="Per guest above those included, per night."
        />
        <TextField
          label="Pet fee ($)"
          name="petFee"
          inputMode="decimal"
          defaultValue={amountText(rates.petFeeCents)}
          error={errors.petFee}
          hint="Per dog, per night."
        />
        <TextField
          label="Maximum dogs"
          name="maxDogs"
          required
          type="number"
          min={0}
          step={1}
          defaultValue={rates.maxDogs}
          error={errors.maxDogs}
          hint="0 means no dogs."
        />
        <div className="flex flex-col gap-4 rounded-lg border border-stone-200 p-4 sm:col-span-2">
          <div className="flex items-start justify-between gap-4">
            <div className="flex flex-col gap-0.5">
              <Label htmlFor={switchId}>Long-weekend minimum stay</Label>
              <p id={`${switchId}-hint`} className="text-xs text-stone-700">
                Stays over a Queensland public-holiday long weekend must be at least this long.
              </p>
            </div>
            <Switch
              id={switchId}
              name="longWeekendRule"
              checked={longWeekendRule}
              onCheckedChange={setLongWeekendRule}
              aria-describedby={`${switchId}-hint`}
            />
          </div>
          {longWeekendRule ? (
            <TextField
              label="Long-weekend minimum stay (nights)"
              name="longWeekendMinimumNights"
              required
              type="number"
              min={1}
              max={MAX_MINIMUM_NIGHTS}
              step={1}
              defaultValue={rates.longWeekendMinimumNights ?? 3}
              error={errors.longWeekendMinimumNights}
              className="sm:max-w-xs"
            />
          ) : null}
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy} className="w-full sm:w-auto">
            {busy ? "Saving…" : "Save prices and fees"}
          </Button>
        </div>
      </fetcher.Form>
    </RatesSection>
  );
}
