// /staff-invitation?token=...: the page the owner's invitation email links to
// (decision 0017). The person chooses their name and password; the link works
// once and for 7 days, and an expired, used or withdrawn one says so.
import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { newPasswordRefusal, PasswordField } from "#app/components/admin/auth-fields.tsx";
import { flashToastHeaders } from "#app/components/admin/flash.server.ts";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { AnswerToast } from "#app/components/public/answer-toast.tsx";
import { islandsPage } from "#app/components/public/route-exports.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { FieldError, Input, Label } from "#app/components/ui/input.tsx";
import { failed, invalidForm, sentValues } from "#app/routes/action-answer.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import { acceptInvitationSchema } from "#domain/forms/staff.ts";
import { AppError } from "#server/errors.ts";
import {
  acceptInvitation,
  INVITATION_REFUSALS,
  readInvitation,
} from "#server/services/staff-invitations.ts";
import type { Route } from "./+types/staff-invitation";

// A form and its answer: no React Router scripts, its toast an island (decision 0022).
export const handle = islandsPage;

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: adminPageTitle(matches, "Join the back office") },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = token ? await readInvitation(context.db, token) : null;
  if (!found?.ok) {
    return { token: "", email: null, problem: INVITATION_REFUSALS[found?.problem ?? "unknown"] };
  }
  return { token, email: found.email, problem: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = parseForm(acceptInvitationSchema, form);
  if (!parsed.ok) {
    const toast = newPasswordRefusal(parsed.errors, "Not Saved");
    return invalidForm(undefined, parsed.errors, toast, sentValues(form, ["name"]));
  }
  try {
    await acceptInvitation(context, parsed.data);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const status = error.refusal === "not_found" ? 404 : 409;
    return failed(
      undefined,
      { kind: "error", title: "Not Saved", description: error.message },
      status,
    );
  }
  const headers = await flashToastHeaders({
    kind: "success",
    title: "Welcome aboard",
    description: "Sign in with your email and the password you chose.",
  });
  return redirect("/login", { headers });
}

export default function StaffInvitation({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const errors = actionData?.fieldErrors ?? {};
  // A link that stopped working while the page was open (used in another tab) says so too.
  const problem =
    loaderData.problem ?? (actionData?.fieldErrors ? null : actionData?.toast?.description);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-paddock-50 px-4 py-12">
      <AnswerToast toast={actionData?.toast} />
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-stone-900">Join the back office</h1>
        {problem ? (
          <p className="mt-4 text-stone-800" role="alert">
            {problem}
          </p>
        ) : (
          <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
            <p className="text-stone-800">
              You are invited as staff with <strong>{loaderData.email}</strong>. Choose the name
              others will see and your password.
            </p>
            <input type="hidden" name="token" value={loaderData.token} />
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="invitation-name">Your name</Label>
              <Input
                id="invitation-name"
                name="name"
                autoComplete="name"
                required
                maxLength={100}
                defaultValue={actionData?.values?.name}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? "invitation-name-error" : undefined}
              />
              <FieldError id="invitation-name-error">{errors.name}</FieldError>
            </div>
            <PasswordField
              id="invitation-password"
              name="password"
              label="Password"
              autoComplete="new-password"
              hint="At least 8 characters."
              error={errors.password}
            />
            <PasswordField
              id="invitation-confirm"
              name="confirmPassword"
              label="Confirm password"
              autoComplete="new-password"
              error={errors.confirmPassword}
            />
            <Button type="submit" disabled={busy}>
              {busy ? "Saving…" : "Save and continue to sign in"}
            </Button>
          </Form>
        )}
        <Link
          to="/login"
          className="mt-6 block text-center text-sm font-medium text-paddock-700 underline-offset-4 hover:underline"
        >
          Go to sign in
        </Link>
      </Card>
    </main>
  );
}
