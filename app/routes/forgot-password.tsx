// /forgot-password: asks for the account's email and sends a reset link
// through the outbox. The answer is the same whether or not the account exists.
import { Form, Link, useActionData, useNavigation } from "react-router";
import { EmailField } from "#app/components/admin/auth-fields.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { AnswerToast } from "#app/components/public/answer-toast.tsx";
import { islandsPage } from "#app/components/public/route-exports.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import {
  failed,
  invalidForm,
  ok,
  passRetryAfter,
  retryAfter,
  sentValues,
} from "#app/routes/action-answer.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { forgotPasswordSchema } from "#domain/forms/auth.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import { requestPasswordReset } from "#server/services/account-auth.ts";
import type { Route } from "./+types/forgot-password";

// A form and its answer: no React Router scripts, its toast an island (decision 0022).
export const handle = islandsPage;

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: adminPageTitle(matches, "Reset your password") },
    { name: "robots", content: "noindex" },
  ];
}

// A request refused for too many attempts says when to try again.
export const headers = passRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = parseForm(forgotPasswordSchema, form);
  if (!parsed.ok) {
    const toast = { kind: "error", title: "Error", description: parsed.errors.email } as const;
    return invalidForm(undefined, parsed.errors, toast, sentValues(form, ["email"]));
  }
  const result = await requestPasswordReset(
    context.auth,
    request,
    parsed.data.email,
    context.clientAddress,
  );
  if (!result.ok) {
    return failed(
      undefined,
      { kind: "error", title: "Error", description: result.message },
      { status: result.status, headers: retryAfter(result.retryAfterSeconds) },
    );
  }
  return ok(undefined, {
    kind: "success",
    title: "Check your email",
    description: "If an account uses that address, a link to reset its password is on its way.",
  });
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <main className="flex min-h-dvh items-center justify-center bg-paddock-50 px-4 py-12">
      <AnswerToast toast={actionData?.toast} />
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-stone-900">Reset your password</h1>
        {actionData?.ok ? (
          <p className="mt-4 text-stone-800" role="status">
            If an account uses that address, a link to reset its password is on its way. The link
            works for one hour.
          </p>
        ) : (
          <>
            <p className="mt-1 text-sm text-stone-700">
              Enter your account's email and we will send you a link to choose a new password.
            </p>
            <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
              <EmailField
                id="forgot-email"
                error={actionData?.fieldErrors?.email}
                defaultValue={actionData?.values?.email}
              />
              <Button type="submit" disabled={busy}>
                {busy ? "Sending…" : "Send reset link"}
              </Button>
            </Form>
          </>
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
