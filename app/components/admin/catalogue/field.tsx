// A labelled form field of the catalogue dialogs: the label, the control, an
// optional hint and the field's error, wired together for screen readers.
import { useId } from "react";
import { FieldError, Input, Label, Textarea } from "#app/components/ui/input.tsx";
import { cn } from "#app/lib/utils.ts";

type Common = { label: string; name: string; error?: string; hint?: string; className?: string };

function describedBy(id: string, hint?: string, error?: string) {
  return (
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") ||
    undefined
  );
}

function Hint({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} className="text-xs text-stone-700">
      {children}
    </p>
  );
}

export function TextField({
  label,
  name,
  error,
  hint,
  className,
  required,
  ...input
}: Common & Omit<React.ComponentProps<"input">, "name">) {
  const id = useId();
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span aria-hidden className="text-red-700">
            {" "}
            *
          </span>
        ) : null}
      </Label>
      <Input
        id={id}
        name={name}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
      <Hint id={`${id}-hint`}>{hint}</Hint>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

export function TextAreaField({
  label,
  name,
  error,
  hint,
  className,
  ...input
}: Common & Omit<React.ComponentProps<"textarea">, "name">) {
  const id = useId();
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
      <Hint id={`${id}-hint`}>{hint}</Hint>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** A native select: keyboard and screen-reader friendly on every phone. */
export function SelectField({
  label,
  name,
  error,
  hint,
  className,
  options,
  ...select
}: Common & { options: readonly { value: string; label: string }[] } & Omit<
    React.ComponentProps<"select">,
    "name"
  >) {
  const id = useId();
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className="h-10 w-full rounded-md border border-stone-400 bg-white px-3 text-base text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700 sm:text-sm"
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Hint id={`${id}-hint`}>{hint}</Hint>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
