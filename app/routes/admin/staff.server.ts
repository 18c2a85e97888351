// The Staff screen's actions (decision 0017): invite by email, withdraw an
// invitation, remove a staff member, end their sessions, require two-factor. Each answers the
// ActionAnswer shape with a toast; bad input is a 400 before any service runs.
import type { AppLoadContext } from "react-router";
import type { ToastMessage } from "#app/components/admin/use-toast.ts";
import { invalidForm, ok, refused, unknownIntent } from "#app/routes/action-answer.server.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import { inviteStaffSchema } from "#domain/forms/staff.ts";
import { requireTwoFactorSchema } from "#domain/forms/two-factor.ts";
import { z } from "#domain/forms/zod.ts";
import { env } from "#server/config.ts";
import type { AdminUser } from "#server/services/admin-access.ts";
import { endStaffSessions, removeStaff } from "#server/services/staff-admin.ts";
import { inviteStaff, revokeInvitation } from "#server/services/staff-invitations.ts";
import { setTwoFactorRequired } from "#server/services/two-factor-policy.ts";

type Db = AppLoadContext["db"];

const personSchema = z.object({ userId: z.string().min(1).max(100) });
const invitationSchema = z.object({ invitationId: z.uuid() });

const failure =
  (title: string) =>
  (description?: string): ToastMessage => ({ kind: "error", title, description });

export async function staffAction(db: Db, owner: AdminUser, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  if (intent === "invite") return invite(db, owner, form);
  if (intent === "revoke") return revoke(db, owner, form);
  if (intent === "require-two-factor") return requireTwoFactor(db, owner, form);
  if (intent === "remove" || intent === "end-sessions")
    return changePerson(db, owner, form, intent);
  return unknownIntent(intent);
}

async function invite(db: Db, owner: AdminUser, form: FormData) {
  const toast = failure("Invitation Not Sent");
  const parsed = parseForm(inviteStaffSchema, form);
  if (!parsed.ok) return invalidForm("invite", parsed.errors, toast);
  try {
    await inviteStaff(db, owner, parsed.data.email);
    return ok("invite", {
      kind: "success",
      title: "Invitation Sent",
      description: env().SMTP_URL
        ? `${parsed.data.email} gets a link to set their password, valid for 7 days.`
        : `The invitation to ${parsed.data.email} waits in the outbox until a mail server is set up.`,
    });
  } catch (error) {
    return refused("invite", error, toast);
  }
}

async function requireTwoFactor(db: Db, owner: AdminUser, form: FormData) {
  const parsed = parseForm(requireTwoFactorSchema, form);
  if (!parsed.ok) return invalidForm("require-two-factor", parsed.errors);
  try {
    await setTwoFactorRequired(db, owner, parsed.data.required);
  } catch (error) {
    return refused("require-two-factor", error, failure("Not Saved"));
  }
  return ok("require-two-factor", {
    kind: "success",
    title: parsed.data.required ? "Two-Factor Required" : "Two-Factor Optional",
    description: parsed.data.required
      ? "Anyone without it is asked to set it up before using the back office."
      : undefined,
  });
}

async function revoke(db: Db, owner: AdminUser, form: FormData) {
  const toast = failure("Invitation Not Withdrawn");
  const parsed = parseForm(invitationSchema, form);
  if (!parsed.ok) return invalidForm("revoke", parsed.errors, toast);
  try {
    await revokeInvitation(db, owner, parsed.data.invitationId);
    return ok("revoke", { kind: "success", title: "Invitation Withdrawn" });
  } catch (error) {
    return refused("revoke", error, toast);
  }
}

async function changePerson(
  db: Db,
  owner: AdminUser,
  form: FormData,
  intent: "remove" | "end-sessions",
) {
  const toast = failure(intent === "remove" ? "Not Removed" : "Sessions Not Ended");
  const parsed = parseForm(personSchema, form);
  if (!parsed.ok) return invalidForm(intent, parsed.errors, toast);
  try {
    if (intent === "remove") {
      await removeStaff(db, owner, parsed.data.userId);
      return ok(intent, {
        kind: "success",
        title: "Staff Member Removed",
        description: "They are signed out everywhere and can no longer open the back office.",
      });
    }
    const { sessionsEnded } = await endStaffSessions(db, owner, parsed.data.userId);
    return ok(intent, {
      kind: "success",
      title: "Sessions Ended",
      description: `${sessionsEnded} ${sessionsEnded === 1 ? "session" : "sessions"} signed out.`,
    });
  } catch (error) {
    return refused(intent, error, toast);
  }
}
