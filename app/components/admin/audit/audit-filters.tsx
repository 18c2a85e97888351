// The audit log's filters, a GET form: person, action, from and to (farm days).
import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError, Input, Label } from "#app/components/ui/input.tsx";
import { auditActionLabel } from "#domain/format/audit.ts";
import { SYSTEM_ACTOR } from "#domain/forms/audit-log.ts";
import type { FieldErrors } from "#domain/forms/form-fields.ts";

export type AuditFilterValues = { person?: string; action?: string; from?: string; to?: string };

const selectClass =
  "h-10 w-full rounded-md border border-stone-300 bg-white px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700";

export function AuditFilters({
  values,
  people,
  actions,
  errors,
}: {
  values: AuditFilterValues;
  people: { id: string; label: string }[];
  actions: string[];
  errors: FieldErrors;
}) {
  return (
    <Form
      method="get"
      aria-label="Filter the audit log"
      className="mb-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-[2fr_2fr_1fr_1fr_auto]"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor="audit-person">Person</Label>
        <select
          id="audit-person"
          name="person"
          defaultValue={values.person ?? ""}
          className={selectClass}
        >
          <option value="">Everyone</option>
          <option value={SYSTEM_ACTOR}>System (no one signed in)</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor="audit-action">Action</Label>
        <select
          id="audit-action"
          name="action"
          defaultValue={values.action ?? ""}
          className={selectClass}
        >
          <option value="">Every action</option>
          {actions.map((a) => (
            <option key={a} value={a}>
              {auditActionLabel(a)}
            </option>
          ))}
        </select>
      </div>
      <DayField id="audit-from" name="from" label="From" value={values.from} error={errors.from} />
      <DayField id="audit-to" name="to" label="To" value={values.to} error={errors.to} />
      <div className="flex items-end gap-2">
        <Button type="submit">Filter</Button>
        <Button asChild variant="outline">
          <Link to="/admin/audit-log">Clear</Link>
        </Button>
      </div>
    </Form>
  );
}

function DayField(props: {
  id: string;
  name: string;
  label: string;
  value?: string;
  error?: string;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        name={props.name}
        type="date"
        defaultValue={props.value ?? ""}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
      />
      <FieldError id={`${props.id}-error`}>{props.error}</FieldError>
    </div>
  );
}
