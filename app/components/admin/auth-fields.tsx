// The email and password fields of the sign-in, sign-up and password forms,
// and the toast of a refused new password.
import type { ToastMessage } from "#app/components/admin/use-toast.ts";
import { FieldError, Input, Label } from "#app/components/ui/input.tsx";
import { PASSWORD_MISMATCH } from "#domain/forms/auth.ts";
import type { FieldErrors } from "#domain/forms/form-fields.ts";

/** The spec's 'Password Mismatch' when the confirmation differs, else the first problem under `title`. */
export function newPasswordRefusal(errors: FieldErrors, title: string): ToastMessage {
  return errors.confirmPassword === PASSWORD_MISMATCH.description
    ? { kind: "error", ...PASSWORD_MISMATCH }
    : { kind: "error", title, description: Object.values(errors)[0] };
}

export function EmailField({
  id,
  error,
  defaultValue,
}: {
  id: string;
  error?: string;
  defaultValue?: string;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Email</Label>
      <Input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

export function PasswordField({
  id,
  name,
  label,
  autoComplete,
  hint,
  error,
}: {
  id: string;
  name: string;
  label: string;
  autoComplete: string;
  hint?: string;
  error?: string;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        type="password"
        autoComplete={autoComplete}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-stone-700">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
