// /admin/staff (issue 17 item 3, decision 0017), the owner's: who can use the
// back office, inviting staff by email, withdrawing an invitation, removing a
// staff member or ending their sessions.
import { ScreenHeader, ScreenLoadError } from "#app/components/admin/catalogue/screen-error.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { InvitationList } from "#app/components/admin/staff/invitation-list.tsx";
import { InviteForm } from "#app/components/admin/staff/invite-form.tsx";
import { RequireTwoFactorForm } from "#app/components/admin/staff/require-two-factor-form.tsx";
import { TeamTable } from "#app/components/admin/staff/team-table.tsx";
import { requireOwnerScreen } from "#app/routes/admin/guards.server.ts";
import { staffAction } from "#app/routes/admin/staff.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { loadTeam } from "#server/services/staff-admin.ts";
import { isTwoFactorRequired } from "#server/services/two-factor-policy.ts";
import type { Route } from "./+types/staff";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Staff") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerScreen(request, context);
  const [team, twoFactorRequired] = await Promise.all([
    loadTeam(context.db),
    isTwoFactorRequired(context.db),
  ]);
  return { ...team, twoFactorRequired };
}

export async function action({ request, context }: Route.ActionArgs) {
  const owner = await requireOwnerScreen(request, context);
  return staffAction(context.db, owner, await readForm(request));
}

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader
        title="Staff"
        description="The people who can use the back office, and the invitations not yet used."
      />
      <InviteForm />
      <RequireTwoFactorForm required={loaderData.twoFactorRequired} />
      <TeamTable members={loaderData.members} />
      <InvitationList invitations={loaderData.invitations} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ScreenLoadError
      error={error}
      title="Failed to load the staff"
      description="Please reload the page to try again."
      reloadHref="/admin/staff"
    />
  );
}
