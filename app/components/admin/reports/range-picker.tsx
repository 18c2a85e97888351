// The report's range: the three shortcuts as links, and a start and end the
// owner types (a GET form, so it works before the script loads). A refused
// range comes back with what was typed and a message beside the field.
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { FieldError, Input, Label } from "#app/components/ui/input.tsx";
import type { ReportPreset } from "#domain/api/admin-reports.ts";
import type { FieldErrors } from "#domain/forms/form-fields.ts";
import { isIsoDay } from "#domain/rules/dates.ts";
import { presetLabels } from "#domain/rules/report-range.ts";

const presets = Object.entries(presetLabels) as [Exclude<ReportPreset, "custom">, string][];

export function RangePicker({
  preset,
  values,
  errors = {},
}: {
  preset: ReportPreset;
  values: { from: string; to: string };
  errors?: FieldErrors;
}) {
  return (
    <div className="flex flex-col gap-3">
      <nav aria-label="Report range" className="flex flex-wrap gap-2">
        {presets.map(([name, label]) => (
          <Link
            key={name}
            to={`?range=${name}`}
            preventScrollReset
            aria-current={preset === name ? "page" : undefined}
            className={buttonVariants({ variant: preset === name ? "default" : "outline" })}
          >
            {label}
          </Link>
        ))}
      </nav>
      <Form method="get" className="flex flex-wrap items-start gap-2" aria-label="Custom range">
        <DayField name="from" label="From" value={values.from} error={errors.from} />
        <DayField name="to" label="To" value={values.to} error={errors.to} />
        <Button type="submit" variant="outline" className="mt-6">
          Show
        </Button>
      </Form>
    </div>
  );
}

/** A date field cannot show what is not a date, so the message says what was sent. */
const errorText = (error: string, value: string) =>
  value && !isIsoDay(value) ? `${error} You entered “${value}”.` : error;

function DayField(props: { name: string; label: string; value: string; error?: string }) {
  const id = `report-${props.name}`;
  return (
    // Wide enough for a phone's date field and its calendar button.
    <div className="flex w-44 flex-col gap-1.5">
      <Label htmlFor={id}>{props.label}</Label>
      <Input
        id={id}
        type="date"
        name={props.name}
        defaultValue={props.value}
        key={props.value}
        required
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`}>
        {props.error ? errorText(props.error, props.value) : null}
      </FieldError>
    </div>
  );
}
