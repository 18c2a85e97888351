// Who may use the back office (spec 6, amendment 2.7, decision 0017): a
// signed-in user with an `owner` or `staff` row in user_roles. Every admin
// loader, action and API call checks it on the server, and the owner-only
// ones check for the owner; hiding screens is not protection.
import { eq } from "drizzle-orm";
import { type AdminRole, strongestRole } from "#domain/rules/admin-roles.ts";
import type { Auth } from "#server/auth.ts";
import type { Executor } from "#server/db/client.ts";
import { userRoles } from "#server/db/schema.ts";
import { log } from "#server/log.ts";

export type SignedInUser = { id: string; email: string; name: string; twoFactorEnabled: boolean };
/** A signed-in user with a back-office role. */
export type AdminUser = SignedInUser & { role: AdminRole };
export type AccessContext = { db: Executor; auth: Auth };

export const ACCESS_DENIED = {
  title: "Access Denied",
  description: "You don't have admin privileges.",
} as const;

/** The answer to a staff member asking for the owner's screens or actions (403). */
export const OWNER_ONLY = {
  title: "Owner Only",
  description: "Only the farm's owner can open or change this.",
  code: "owner_only",
} as const;

/** The user of the request's session cookie, or null (expired, revoked or absent). */
export async function getSignedInUser(auth: Auth, headers: Headers): Promise<SignedInUser | null> {
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  const { id, email, name, twoFactorEnabled } = result.user;
  return { id, email, name, twoFactorEnabled: twoFactorEnabled === true };
}

/**
 * The user's back-office role (the owner's when they hold both), or null;
 * any failure to tell means no role (spec 6).
 */
export async function adminRoleOf(db: Executor, userId: string): Promise<AdminRole | null> {
  try {
    const rows = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, userId));
    return strongestRole(rows.map((r) => r.role));
  } catch (error) {
    log.warn({ err: error, userId }, "admin role check failed; treating the user as not admin");
    return null;
  }
}

/** True when the user is the owner or staff: the gate of the whole back office. */
export async function hasAdminRole(db: Executor, userId: string): Promise<boolean> {
  return (await adminRoleOf(db, userId)) !== null;
}

/** Ends the request's session on the server; returns the headers that clear its cookie. */
export async function signOutHeaders(auth: Auth, headers: Headers): Promise<Headers> {
  const response = await auth.api.signOut({ headers, asResponse: true });
  const out = new Headers();
  for (const cookie of response.headers.getSetCookie()) out.append("Set-Cookie", cookie);
  return out;
}
