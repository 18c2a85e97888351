// The second step of signing in (decision 0018): the 6-digit code from the
// authenticator app, or, behind a switch, one of the recovery codes.
import { useState } from "react";
import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError, Input, Label } from "#app/components/ui/input.tsx";

type Method = "totp" | "recovery";

export function SignInCodeForm({ busy, error }: { busy: boolean; error?: string }) {
  const [method, setMethod] = useState<Method>("totp");
  const id = method === "totp" ? "sign-in-code" : "sign-in-recovery-code";
  return (
    <Form method="post" action="/login" className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="two-factor" />
      <input type="hidden" name="method" value={method} />
      <p className="text-sm text-stone-700">
        {method === "totp"
          ? "Enter the 6-digit code your authenticator app shows for this account."
          : "Enter one of the recovery codes you saved. Each works once."}
      </p>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id}>{method === "totp" ? "Authentication code" : "Recovery code"}</Label>
        <Input
          key={id}
          id={id}
          name="code"
          autoComplete="one-time-code"
          inputMode={method === "totp" ? "numeric" : "text"}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Checking…" : "Verify"}
      </Button>
      <button
        type="button"
        className="text-sm font-medium text-paddock-700 underline-offset-4 hover:underline"
        onClick={() => setMethod(method === "totp" ? "recovery" : "totp")}
      >
        {method === "totp" ? "Use a recovery code instead" : "Use the authenticator app instead"}
      </button>
      <Link
        to="/login"
        reloadDocument
        className="text-center text-sm font-medium text-stone-700 underline-offset-4 hover:underline"
      >
        Start again
      </Link>
    </Form>
  );
}
