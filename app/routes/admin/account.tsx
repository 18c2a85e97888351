// /admin/account (decision 0018): each owner's and staff member's own sign-in
// security: two-factor sign-in with an authenticator app and recovery codes.
// The one admin screen open to someone who must still set two-factor up.

import { TwoFactorSection } from "#app/components/admin/account/two-factor-section.tsx";
import { ScreenHeader, ScreenLoadError } from "#app/components/admin/catalogue/screen-error.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { passRetryAfter } from "#app/routes/action-answer.server.ts";
import { accountAction } from "#app/routes/admin/account.server.ts";
import { requireAccountScreen } from "#app/routes/admin/guards.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { isTwoFactorRequired } from "#server/services/two-factor-policy.ts";
import type { Route } from "./+types/account";

// A password or code refused for too many attempts says when to try again.
export const headers = passRetryAfter;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Your account") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const person = await requireAccountScreen(request, context);
  return {
    email: person.email,
    twoFactorEnabled: person.twoFactorEnabled,
    required: await isTwoFactorRequired(context.db),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const person = await requireAccountScreen(request, context);
  return accountAction(context, request, person, await readForm(request));
}

export default function AdminAccount({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader title="Your account" description={`Signed in as ${loaderData.email}.`} />
      <TwoFactorSection enabled={loaderData.twoFactorEnabled} required={loaderData.required} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ScreenLoadError
      error={error}
      title="Failed to load your account"
      description="Please reload the page to try again."
      reloadHref="/admin/account"
    />
  );
}
