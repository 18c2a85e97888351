// Who may use the back office (spec 6, amendment 2.7): a signed-in user with
// the `admin` row in user_roles. Every admin loader, action and API call
// checks it on the server; hiding screens is not protection.
import { and, eq } from "drizzle-orm";
import type { Auth } from "#server/auth.ts";
import type { Executor } from "#server/db/client.ts";
import { userRoles } from "#server/db/schema.ts";
import { log } from "#server/log.ts";

export type SignedInUser = { id: string; email: string; name: string };
export type AccessContext = { db: Executor; auth: Auth };

export const ACCESS_DENIED = {
  title: "Access Denied",
  description: "You don't have admin privileges.",
} as const;

/** The user of the request's session cookie, or null (expired, revoked or absent). */
export async function getSignedInUser(auth: Auth, headers: Headers): Promise<SignedInUser | null> {
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  const { id, email, name } = result.user;
  return { id, email, name };
}

/** True only when the user has the admin row; any failure to tell means not admin (spec 6). */
export async function hasAdminRole(db: Executor, userId: string): Promise<boolean> {
  try {
    const rows = await db
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
      .limit(1);
    return rows.length === 1;
  } catch (error) {
    log.warn({ err: error, userId }, "admin role check failed; treating the user as not admin");
    return false;
  }
}

/** Ends the request's session on the server; returns the headers that clear its cookie. */
export async function signOutHeaders(auth: Auth, headers: Headers): Promise<Headers> {
  const response = await auth.api.signOut({ headers, asResponse: true });
  const out = new Headers();
  for (const cookie of response.headers.getSetCookie()) out.append("Set-Cookie", cookie);
  return out;
}
