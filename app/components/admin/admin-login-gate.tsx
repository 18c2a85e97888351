// The admin area's second gate (spec 2.14): shown inside /admin to anyone
// without the admin role. It signs in through /login's action and, for an
// administrator, reloads the admin screen in place.
import { useEffect } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { EmailField, PasswordField } from "#app/components/admin/auth-fields.tsx";
import { showToast, type ToastMessage } from "#app/components/admin/use-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";

export function AdminLoginGate({ notice }: { notice?: ToastMessage }) {
  const fetcher = useFetcher<ActionAnswer>();
  const revalidator = useRevalidator();

  // The 'Access Denied' notice of the request that brought us here, once: the
  // error boundary renders again on hydration with a new notice object.
  useEffect(() => {
    if (notice) showToast(notice, "admin-login-gate-notice");
  }, [notice]);

  // On arrival, not once idle: a successful sign-in replaces this gate with the screen.
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (answer.toast) showToast(answer.toast);
    if (answer.ok) void revalidator.revalidate();
  }, [fetcher.data, revalidator.revalidate]);

  const errors = fetcher.data?.fieldErrors ?? {};
  return (
    <main className="flex min-h-dvh items-center justify-center bg-paddock-50 px-4 py-12">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-stone-900">Admin Login</h1>
        <p className="mt-1 text-sm text-stone-700">
          This area is for the farm's administrators. Sign in with an administrator account.
        </p>
        <fetcher.Form method="post" action="/login" className="mt-6 flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="admin-login" />
          <EmailField id="admin-login-email" error={errors.email} />
          <PasswordField
            id="admin-login-password"
            name="password"
            label="Password"
            autoComplete="current-password"
            error={errors.password}
          />
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Signing in…" : "Sign In"}
          </Button>
        </fetcher.Form>
      </Card>
    </main>
  );
}
