// The account page's 'Two-factor sign-in' card (decision 0018): password ->
// the secret as a QR code and as text -> a code from the app -> the recovery
// codes, shown this once; or, when it is on, turning it off with the password.
import { useState } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import { useAnswer } from "#app/components/admin/use-answer.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { FieldError, Input, Label } from "#app/components/ui/input.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";

type Fetcher = FetcherWithComponents<ActionAnswer>;

/** What the first step answers: the secret to type in, and the same as a scannable picture. */
export type TwoFactorSetup = { secret: string; qrCode: string };

export function TwoFactorSection({ enabled, required }: { enabled: boolean; required: boolean }) {
  const fetcher = useFetcher<ActionAnswer>({ key: "two-factor" });
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  useAnswer(fetcher, (answer) => {
    if (!answer.ok) return;
    if (answer.intent === "start") setSetup(answer.result as TwoFactorSetup);
    if (answer.intent === "confirm") {
      setSetup(null);
      setRecoveryCodes((answer.result as { recoveryCodes: string[] }).recoveryCodes);
    }
    if (answer.intent === "disable") setRecoveryCodes(null);
  });
  return (
    <Card className="max-w-2xl p-5">
      <h2 className="text-lg font-semibold">Two-factor sign-in</h2>
      <p className="mt-1 text-sm text-stone-700">
        {enabled
          ? "On: signing in asks for your password and a code from your authenticator app."
          : "Off: your password alone signs you in. With it on, a stolen password is not enough."}
      </p>
      {required && !enabled ? (
        <p role="alert" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          The owner requires two-factor sign-in. Set it up here to use the rest of the back office.
        </p>
      ) : null}
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
      {enabled ? (
        <PasswordStep fetcher={fetcher} intent="disable" label="Turn off two-factor" />
      ) : setup ? (
        <ConfirmStep fetcher={fetcher} setup={setup} />
      ) : (
        <PasswordStep fetcher={fetcher} intent="start" label="Set up two-factor" />
      )}
    </Card>
  );
}

function errorOf(fetcher: Fetcher, intent: string, field: string) {
  return fetcher.data?.intent === intent ? fetcher.data.fieldErrors?.[field] : undefined;
}

function PasswordStep({
  fetcher,
  intent,
  label,
}: {
  fetcher: Fetcher;
  intent: "start" | "disable";
  label: string;
}) {
  const id = `two-factor-${intent}-password`;
  const error = errorOf(fetcher, intent, "password");
  return (
    <fetcher.Form method="post" className="mt-4 flex flex-col gap-2 sm:max-w-sm" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <Label htmlFor={id}>Your password</Label>
      <Input
        id={id}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <Button
        type="submit"
        variant={intent === "disable" ? "destructive" : "default"}
        disabled={fetcher.state !== "idle"}
      >
        {label}
      </Button>
    </fetcher.Form>
  );
}

function ConfirmStep({ fetcher, setup }: { fetcher: Fetcher; setup: TwoFactorSetup }) {
  const error = errorOf(fetcher, "confirm", "code");
  return (
    <div className="mt-4 flex flex-col gap-4">
      <p className="text-sm text-stone-700">
        Scan this code with your authenticator app (Google Authenticator, 1Password, Authy, ...), or
        type in the key below. Then enter the 6-digit code the app shows.
      </p>
      <img src={setup.qrCode} alt="QR code for your authenticator app" width={192} height={192} />
      <p className="text-sm">
        Key:{" "}
        <code data-testid="totp-secret" className="break-all font-mono">
          {setup.secret}
        </code>
      </p>
      <fetcher.Form method="post" className="flex flex-col gap-2 sm:max-w-sm" noValidate>
        <input type="hidden" name="intent" value="confirm" />
        <Label htmlFor="two-factor-code">Code from the app</Label>
        <Input
          id="two-factor-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "two-factor-code-error" : undefined}
        />
        <FieldError id="two-factor-code-error">{error}</FieldError>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Turn on two-factor
        </Button>
      </fetcher.Form>
    </div>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section
      aria-labelledby="recovery-codes"
      className="mt-4 rounded-md border border-stone-300 p-4"
    >
      <h3 id="recovery-codes" className="font-semibold">
        Your recovery codes
      </h3>
      <p className="mt-1 text-sm text-stone-700">
        Keep them somewhere safe: each signs you in once without the app. They are shown only now.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </section>
  );
}
