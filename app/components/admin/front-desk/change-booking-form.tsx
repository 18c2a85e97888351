// The change-and-move form of the front desk (issue 28): the booking as it
// stands, the new stay, and once previewed the new price with the farm's
// choice for the money. 'Preview change' and 'Save change' are its submits.
import { Form, Link, useNavigation } from "react-router";
import { useToastOnce } from "#app/components/admin/use-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import type {
  DeskBookingToChange,
  DeskCampsite,
  DeskChangePreview,
} from "#domain/api/front-desk.ts";
import { formatDay } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import {
  collectChoices,
  collectLabels,
  giveBackChoices,
  giveBackLabels,
} from "#domain/rules/front-desk-change.ts";
import {
  type Errors,
  Field,
  type FormValues,
  OverrideFields,
  QuoteBox,
  RecordedPaymentFields,
  StayFields,
} from "./stay-fields";

type Props = {
  booking: DeskBookingToChange;
  campsites: DeskCampsite[];
  mayOverride: boolean;
  mayRefund: boolean;
  today: string;
  prefill: FormValues;
  answer: ActionAnswer | undefined;
};

export function ChangeBookingForm(props: Props) {
  const { booking, campsites, mayOverride, today, prefill, answer } = props;
  const values = { ...prefill, ...answer?.values };
  const errors = answer?.fieldErrors;
  const preview = answer?.result as DeskChangePreview | undefined;
  const busy = useNavigation().state === "submitting";
  useToastOnce(answer?.ok === false ? answer.toast : undefined);

  return (
    <div className="flex flex-col gap-5">
      <Card className="p-4 sm:p-6">
        <p className="text-stone-800">
          <strong>{booking.guestName}</strong>: {booking.campsiteName}, {booking.unitName},{" "}
          {formatDay(booking.checkIn)} to {formatDay(booking.checkOut)}. Total{" "}
          {formatMoney(booking.totalCents)}, paid {formatMoney(booking.paidCents)}.
        </p>
      </Card>
      {booking.closed ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3">
          {booking.closed} <Link to="/admin/bookings">Back to Bookings</Link>
        </p>
      ) : (
        <Form method="post" className="flex flex-col gap-5" noValidate>
          <input type="hidden" name="version" value={values.version} />
          <Card className="flex flex-col gap-6 p-4 sm:p-6">
            <StayFields campsites={campsites} values={values} errors={errors} today={today} />
            {mayOverride ? <OverrideFields values={values} errors={errors} /> : null}
          </Card>
          {preview ? (
            <>
              <QuoteBox quote={preview} title="New price" />
              <p role="status" className="text-stone-800">
                Was {formatMoney(preview.beforeCents)}. {preview.statement}
              </p>
              <MoneyChoice {...props} preview={preview} values={values} errors={errors} />
            </>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="preview" variant="outline" disabled={busy}>
              Preview change
            </Button>
            <Button type="submit" name="intent" value="change" disabled={busy}>
              Save change
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}

/** How a dearer stay is collected, or what happens to what a cheaper one leaves over. */
function MoneyChoice({
  preview,
  values,
  errors,
  mayRefund,
  booking,
}: Props & { preview: DeskChangePreview; values: FormValues; errors: Errors }) {
  if (preview.choice === "collect")
    return (
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-stone-900">
          Collect {formatMoney(preview.balanceCents)}
        </legend>
        <Radios
          name="collect"
          options={collectChoices}
          labels={collectLabels}
          values={values}
          errors={errors}
        />
        <RecordedPaymentFields
          values={values}
          errors={errors}
          methodLabel="Paid by (for a recorded payment)"
          amount={(preview.balanceCents / 100).toFixed(2)}
        />
      </fieldset>
    );
  if (preview.choice === "give-back") {
    const offered = giveBackChoices.filter(
      (c) => c === "keep" || (mayRefund && (c !== "credit" || booking.hasPrepaidCard)),
    );
    return (
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-stone-900">
          {formatMoney(-preview.balanceCents)} paid over the new price
        </legend>
        <Radios
          name="giveBack"
          options={offered}
          labels={giveBackLabels}
          values={values}
          errors={errors}
        />
        {mayRefund ? null : (
          <p className="text-sm text-stone-700 sm:col-span-2">Refunds are the owner's to give.</p>
        )}
        <Field name="keepReason" label="Reason for keeping it" errors={errors}>
          {(p) => (
            <Input {...p} name="keepReason" maxLength={200} defaultValue={values.keepReason} />
          )}
        </Field>
      </fieldset>
    );
  }
  return null;
}

function Radios<T extends string>({
  name,
  options,
  labels,
  values,
  errors,
}: {
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  values: FormValues;
  errors: Errors;
}) {
  return (
    <div
      className="flex flex-col gap-2 sm:col-span-2"
      role="radiogroup"
      aria-label={name === "collect" ? "How to collect it" : "What to do with it"}
    >
      {options.map((option) => (
        <label key={option} className="flex items-center gap-2 text-sm text-stone-900">
          <input
            type="radio"
            name={name}
            value={option}
            defaultChecked={values[name] === option}
            className="size-4 shrink-0 accent-paddock-700"
          />
          {labels[option]}
        </label>
      ))}
      {errors?.[name] ? (
        <p role="alert" className="text-sm text-red-700">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
}
