// Who may use the back office (spec 6, amendment 2.7): a signed-in user with
// the `admin` row in user_roles. Every admin loader, action and API call
// checks it on the server; hiding screens is not protection.
import { and, eq } from "drizzle-orm";
import type { RequestHandler } from "express";
import { data, redirect } from "react-router";
import type { Auth } from "#server/auth.ts";
import type { Executor } from "#server/db/client.ts";
import { userRoles } from "#server/db/schema.ts";
import { log } from "#server/log.ts";

export type SignedInUser = { id: string; email: string; name: string };
type AccessContext = { db: Executor; auth: Auth };

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

/** For loaders and actions: the signed-in user, or a redirect to /login. */
export async function requireUser(request: Request, context: AccessContext): Promise<SignedInUser> {
  const user = await getSignedInUser(context.auth, request.headers);
  if (!user) throw redirect("/login");
  return user;
}

/**
 * For the admin resource routes (exports, JSON, uploads): the signed-in
 * administrator, else 401 (no session) or 403 'Access Denied'. It never
 * signs anyone out: the admin layout (requireAdminArea) answers for pages.
 */
export async function requireAdmin(
  request: Request,
  context: AccessContext,
): Promise<SignedInUser> {
  const user = await getSignedInUser(context.auth, request.headers);
  if (!user) throw data({ title: "Please sign in.", description: "" }, { status: 401 });
  return admitAdmin(context, user);
}

/**
 * For the admin screens' loaders and actions: as requireAdmin, but a request
 * without a session goes to /login, as the layout's would. A client-side
 * navigation after the session ended elsewhere reruns only the screen's
 * loader, so the screen itself has to send the user to sign in.
 */
export async function requireAdminScreen(
  request: Request,
  context: AccessContext,
): Promise<SignedInUser> {
  return admitAdmin(context, await requireUser(request, context));
}

async function admitAdmin(context: AccessContext, user: SignedInUser): Promise<SignedInUser> {
  if (await hasAdminRole(context.db, user.id)) return user;
  throw data({ ...ACCESS_DENIED }, { status: 403 });
}

/**
 * For the admin layout's loader: no session redirects to /login (spec 2.1);
 * a signed-in non-admin is signed out and answered 403 'Access Denied',
 * which the layout shows as its 'Admin Login' gate (spec 2.14).
 */
export async function requireAdminArea(
  request: Request,
  context: AccessContext,
): Promise<SignedInUser> {
  const user = await requireUser(request, context);
  if (await hasAdminRole(context.db, user.id)) return user;
  const headers = await signOutHeaders(context.auth, request.headers).catch(() => new Headers());
  throw data({ ...ACCESS_DENIED, email: user.email }, { status: 403, headers });
}

/** Express middleware for /api/admin: 401 without a session, 403 without the admin row. */
export function adminApiGuard(getContext: () => Promise<AccessContext>): RequestHandler {
  return async (req, res, next) => {
    try {
      const context = await getContext();
      const user = await getSignedInUser(context.auth, headersOf(req.headers));
      if (!user) {
        res.status(401).json({ error: "Please sign in.", code: "unauthenticated" });
        return;
      }
      if (!(await hasAdminRole(context.db, user.id))) {
        res.status(403).json({ error: ACCESS_DENIED.description, code: "forbidden" });
        return;
      }
      res.locals.adminUser = user;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The administrator that adminApiGuard let through. */
export function adminUserOf(res: { locals: Record<string, unknown> }): SignedInUser {
  const user = res.locals.adminUser as SignedInUser | undefined;
  if (!user) throw new Error("adminApiGuard must run before this handler");
  return user;
}

function headersOf(incoming: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(incoming)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}
