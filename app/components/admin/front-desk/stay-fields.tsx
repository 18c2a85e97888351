// The stay of a front-desk form (new booking, change and move): campsite and
// unit, dates, guests, dogs and the campsite's extras. Plain fields, so the
// form posts without its script; the script only swaps the units and extras
// when another campsite is chosen.
import { useState } from "react";
import { FieldError, Input, Label } from "#app/components/ui/input.tsx";
import type { DeskCampsite, DeskQuote } from "#domain/api/front-desk.ts";
import { formatMoney } from "#domain/format/money.ts";
import { recordedPaymentLabels, recordedPaymentMethods } from "#domain/rules/statuses.ts";

export type FormValues = Record<string, string>;
export type Errors = Record<string, string> | undefined;

/** One labelled field with its error, wired for screen readers. */
export function Field({
  name,
  label,
  errors,
  children,
}: {
  name: string;
  label: string;
  errors: Errors;
  children: (props: {
    id: string;
    "aria-invalid": boolean;
    "aria-describedby"?: string;
  }) => React.ReactNode;
}) {
  const id = `field-${name}`;
  const error = errors?.[name];
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        "aria-invalid": Boolean(error),
        "aria-describedby": error ? `${id}-error` : undefined,
      })}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

export const selectClass =
  "flex h-10 w-full rounded-md border border-stone-400 bg-white px-3 text-base text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700 aria-invalid:border-red-700 sm:text-sm";

export function StayFields({
  campsites,
  values,
  errors,
  today,
}: {
  campsites: DeskCampsite[];
  values: FormValues;
  errors: Errors;
  today: string;
}) {
  const [campsiteId, setCampsiteId] = useState(values.campsiteId ?? "");
  const campsite = campsites.find((c) => c.id === campsiteId) ?? campsites[0];
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold text-stone-900">Stay</legend>
      <Field name="campsiteId" label="Campsite" errors={errors}>
        {(props) => (
          <select
            {...props}
            name="campsiteId"
            className={selectClass}
            value={campsite?.id ?? ""}
            onChange={(e) => setCampsiteId(e.target.value)}
          >
            {campsites.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} (up to {c.capacity} guests)
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field name="unitId" label="Unit" errors={errors}>
        {(props) => (
          <select
            {...props}
            key={campsite?.id}
            name="unitId"
            className={selectClass}
            defaultValue={values.unitId ?? ""}
          >
            <option value="">Any free unit</option>
            {campsite?.units.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field name="checkIn" label="Check-in" errors={errors}>
        {(props) => (
          <Input
            {...props}
            type="date"
            name="checkIn"
            min={today}
            defaultValue={values.checkIn}
            required
          />
        )}
      </Field>
      <Field name="checkOut" label="Check-out" errors={errors}>
        {(props) => (
          <Input {...props} type="date" name="checkOut" defaultValue={values.checkOut} required />
        )}
      </Field>
      <Field name="guests" label="Guests" errors={errors}>
        {(props) => (
          <Input
            {...props}
            type="number"
            name="guests"
            min={1}
            max={100}
            defaultValue={values.guests}
            required
          />
        )}
      </Field>
      <Field name="dogs" label="Dogs" errors={errors}>
        {(props) => (
          <Input
            {...props}
            type="number"
            name="dogs"
            min={0}
            max={20}
            defaultValue={values.dogs ?? "0"}
          />
        )}
      </Field>
      {campsite && campsite.extras.length > 0 ? (
        <div className="flex flex-col gap-2 sm:col-span-2" key={campsite.id}>
          <p className="text-sm font-medium text-stone-900">Extras</p>
          {campsite.extras.map((extra) => (
            <div key={extra.id} className="flex items-center gap-3">
              <Input
                id={`extra-${extra.id}`}
                type="number"
                name={`extra:${extra.id}`}
                min={0}
                max={extra.maxQuantity}
                defaultValue={values[`extra:${extra.id}`] ?? "0"}
                className="w-20"
              />
              <Label htmlFor={`extra-${extra.id}`} className="font-normal text-stone-800">
                {extra.name} ({formatMoney(extra.priceCents)} per {extra.per})
              </Label>
            </div>
          ))}
          <FieldError id="field-extras-error">{errors?.extras}</FieldError>
        </div>
      ) : null}
    </fieldset>
  );
}

/** The price as the server worked it out, line by line. */
export function QuoteBox({ quote, title = "Price" }: { quote: DeskQuote; title?: string }) {
  return (
    <section aria-label={title} className="rounded-lg border border-paddock-100 bg-paddock-50 p-4">
      <h2 className="mb-2 font-semibold text-stone-900">{title}</h2>
      <dl className="flex flex-col gap-1 text-sm">
        {quote.lines.map((line, i) => (
          <div key={i} className="flex justify-between gap-4">
            <dt className="text-stone-700">{line.description}</dt>
            <dd className="tabular-nums text-stone-900">{formatMoney(line.amountCents)}</dd>
          </div>
        ))}
        <div className="mt-1 flex justify-between gap-4 border-t border-paddock-100 pt-1 font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="quote-total">
            {formatMoney(quote.totalCents)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The owner's overrides of the online rules and the price; a reason is required. */
export function OverrideFields({ values, errors }: { values: FormValues; errors: Errors }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold text-stone-900">Owner's override</legend>
      <label className="flex items-center gap-2 text-sm text-stone-900 sm:col-span-2">
        <input
          type="checkbox"
          name="overrideRules"
          className="size-4 shrink-0 accent-paddock-700"
          defaultChecked={values.overrideRules === "on"}
        />
        Set aside the online rules (minimum and longest stay, how far ahead, capacity)
      </label>
      <Field name="overridePrice" label="Price instead of the rates (optional)" errors={errors}>
        {(props) => (
          <Input
            {...props}
            name="overridePrice"
            inputMode="decimal"
            defaultValue={values.overridePrice}
          />
        )}
      </Field>
      <Field name="overrideReason" label="Reason" errors={errors}>
        {(props) => (
          <Input
            {...props}
            name="overrideReason"
            maxLength={200}
            defaultValue={values.overrideReason}
          />
        )}
      </Field>
    </fieldset>
  );
}

/** A payment the farm took itself: by which way, how much, and its reference. */
export function RecordedPaymentFields({
  values,
  errors,
  methodLabel = "Paid by",
  amount,
}: {
  values: FormValues;
  errors: Errors;
  methodLabel?: string;
  /** The amount shown until one is typed. */
  amount?: string;
}) {
  return (
    <>
      <Field name="method" label={methodLabel} errors={errors}>
        {(props) => (
          <select
            {...props}
            name="method"
            className={selectClass}
            defaultValue={values.method ?? "cash"}
          >
            {recordedPaymentMethods.map((m) => (
              <option key={m} value={m}>
                {recordedPaymentLabels[m]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field name="amount" label="Amount received" errors={errors}>
        {(props) => (
          <Input
            {...props}
            name="amount"
            inputMode="decimal"
            defaultValue={values.amount ?? amount}
          />
        )}
      </Field>
      <Field name="reference" label="Receipt or transfer reference (optional)" errors={errors}>
        {(props) => (
          <Input {...props} name="reference" maxLength={100} defaultValue={values.reference} />
        )}
      </Field>
    </>
  );
}
