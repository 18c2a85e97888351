// The guards of the back office's loaders and actions (spec 6, amendment
// 2.7): each admin loader and action calls one before anything else, because
// hiding a screen is not protection.
import { data, redirect } from "react-router";
import {
  ACCESS_DENIED,
  type AccessContext,
  getSignedInUser,
  hasAdminRole,
  type SignedInUser,
  signOutHeaders,
} from "#server/services/admin-access.ts";

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
