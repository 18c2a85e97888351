// /reset-password?token=...: the page the emailed link opens (through Better
// Auth's /api/auth/reset-password/:token, which checks the token first).
// Choosing a new password here ends with a redirect to /login.
import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { newPasswordRefusal, PasswordField } from "#app/components/admin/auth-fields.tsx";
import { flashToastHeaders } from "#app/components/admin/flash.server.ts";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { AnswerToast } from "#app/components/public/answer-toast.tsx";
import { islandsPage } from "#app/components/public/route-exports.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import {
  failed,
  invalidForm,
  passRetryAfter,
  retryAfter,
} from "#app/routes/action-answer.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { resetPasswordSchema } from "#domain/forms/auth.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import { resetPassword } from "#server/services/account-auth.ts";
import type { Route } from "./+types/reset-password";

// A form and its answer: no React Router scripts, its toast an island (decision 0022).
export const handle = islandsPage;

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: adminPageTitle(matches, "Choose a new password") },
    { name: "robots", content: "noindex" },
  ];
}

// A new password refused for too many attempts says when to try again.
export const headers = passRetryAfter;

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const invalid = url.searchParams.get("error") === "INVALID_TOKEN" || token === "";
  return { token, invalid };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(resetPasswordSchema, await readForm(request));
  if (!parsed.ok) {
    return invalidForm(undefined, parsed.errors, newPasswordRefusal(parsed.errors, "Error"));
  }
  const result = await resetPassword(
    context.auth,
    request,
    {
      token: parsed.data.token,
      newPassword: parsed.data.password,
    },
    context.clientAddress,
  );
  if (!result.ok) {
    const description =
      result.status === 400 && /token/i.test(result.message)
        ? "This reset link has expired or was already used. Please ask for a new one."
        : result.message;
    return failed(
      undefined,
      { kind: "error", title: "Error", description },
      { status: result.status, headers: retryAfter(result.retryAfterSeconds) },
    );
  }
  const headers = await flashToastHeaders({
    kind: "success",
    title: "Password updated",
    description: "Sign in with your new password.",
  });
  return redirect("/login", { headers });
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <main className="flex min-h-dvh items-center justify-center bg-paddock-50 px-4 py-12">
      <AnswerToast toast={actionData?.toast} />
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-stone-900">Choose a new password</h1>
        {loaderData.invalid ? (
          <p className="mt-4 text-stone-800" role="alert">
            This reset link has expired or was already used.{" "}
            <Link to="/forgot-password" className="font-semibold text-paddock-700 underline">
              Ask for a new one
            </Link>
            .
          </p>
        ) : (
          <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
            <input type="hidden" name="token" value={loaderData.token} />
            <PasswordField
              id="reset-password"
              name="password"
              label="New password"
              autoComplete="new-password"
              hint="At least 8 characters."
              error={actionData?.fieldErrors?.password}
            />
            <PasswordField
              id="reset-confirm"
              name="confirmPassword"
              label="Confirm new password"
              autoComplete="new-password"
              error={actionData?.fieldErrors?.confirmPassword}
            />
            <Button type="submit" disabled={busy}>
              {busy ? "Saving…" : "Save new password"}
            </Button>
          </Form>
        )}
        <Link
          to="/login"
          className="mt-6 block text-center text-sm font-medium text-paddock-700 underline-offset-4 hover:underline"
        >
          Back to sign in
        </Link>
      </Card>
    </main>
  );
}
