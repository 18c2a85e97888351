// The guards of the back office's loaders and actions (spec 6, amendment
// 2.7, decision 0017): each admin loader and action calls one before anything
// else, because hiding a screen is not protection. `requireAdmin*` admit the
// owner and staff; `requireOwner*` admit only the owner and answer staff 403
// 'Owner Only' (staff stay signed in: they may use the rest).
import { data, redirect } from "react-router";
import { ACCOUNT_PATH } from "#domain/rules/admin-roles.ts";
import {
  ACCESS_DENIED,
  type AccessContext,
  type AdminUser,
  adminRoleOf,
  getSignedInUser,
  OWNER_ONLY,
  type SignedInUser,
  signOutHeaders,
} from "#server/services/admin-access.ts";
import { mustSetUpTwoFactor } from "#server/services/two-factor-policy.ts";

/**
 * When the owner requires two-factor (decision 0018), a person without it may
 * open only their account page (and sign out, which is outside the admin
 * area): a screen is sent there, a resource route or action answers 403.
 */
export const TWO_FACTOR_REQUIRED = {
  title: "Two-Factor Required",
  description: "Turn on two-factor sign-in on your account page first.",
  code: "two_factor_required",
} as const;

/** For loaders and actions: the signed-in user, or a redirect to /login. */
export async function requireUser(request: Request, context: AccessContext): Promise<SignedInUser> {
  const user = await userOfRequest(request, context);
  if (!user) throw redirect("/login");
  return user;
}

const usersOfRequests = new WeakMap<Request, Promise<SignedInUser | null>>();

/**
 * The session's user, looked up once per request: a page's loaders run side
 * by side with one Request, and the layout signs a non-admin out; a screen
 * that looked again afterwards would find no session and send the person to
 * /login instead of the layout's 'Admin Login' gate.
 */
function userOfRequest(request: Request, context: AccessContext): Promise<SignedInUser | null> {
  let user = usersOfRequests.get(request);
  if (!user) {
    user = getSignedInUser(context.auth, request.headers);
    usersOfRequests.set(request, user);
  }
  return user;
}

/**
 * For the admin resource routes (exports, JSON, uploads): the signed-in
 * owner or staff member, else 401 (no session) or 403 'Access Denied'. It
 * never signs anyone out: the admin layout (requireAdminArea) answers for pages.
 */
export async function requireAdmin(request: Request, context: AccessContext): Promise<AdminUser> {
  const user = await userOfRequest(request, context);
  if (!user) throw data({ title: "Please sign in.", description: "" }, { status: 401 });
  const admin = await admitAdmin(context, user);
  if (await mustSetUpTwoFactor(context.db, admin)) {
    throw data({ ...TWO_FACTOR_REQUIRED }, { status: 403 });
  }
  return admin;
}

/** requireAdmin for the owner's resource routes: staff get 403 'Owner Only'. */
export async function requireOwner(request: Request, context: AccessContext): Promise<AdminUser> {
  return admitOwner(await requireAdmin(request, context));
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
): Promise<AdminUser> {
  const admin = await requireAccountScreen(request, context);
  if (await mustSetUpTwoFactor(context.db, admin)) throw redirect(ACCOUNT_PATH);
  return admin;
}

/**
 * For the account page only: requireAdminScreen without the two-factor
 * requirement, since this is where a person turns it on.
 */
export async function requireAccountScreen(
  request: Request,
  context: AccessContext,
): Promise<AdminUser> {
  return admitAdmin(context, await requireUser(request, context));
}

/** requireAdminScreen for the owner's screens: staff get 403 'Owner Only'. */
export async function requireOwnerScreen(
  request: Request,
  context: AccessContext,
): Promise<AdminUser> {
  return admitOwner(await requireAdminScreen(request, context));
}

async function admitAdmin(context: AccessContext, user: SignedInUser): Promise<AdminUser> {
  const role = await adminRoleOf(context.db, user.id);
  if (role) return { ...user, role };
  throw data({ ...ACCESS_DENIED }, { status: 403 });
}

/** Staff asking for the owner's screens or actions: 403, nothing done. */
export function admitOwner(admin: AdminUser): AdminUser {
  if (admin.role === "owner") return admin;
  throw ownerOnly();
}

/** The 403 'Owner Only' answer, for a guard or an action that found a staff member. */
export function ownerOnly() {
  return data({ ...OWNER_ONLY }, { status: 403 });
}

/**
 * For the admin layout's loader: no session redirects to /login (spec 2.1);
 * a signed-in user with neither role is signed out and answered 403 'Access
 * Denied', which the layout shows as its 'Admin Login' gate (spec 2.14).
 */
export async function requireAdminArea(
  request: Request,
  context: AccessContext,
): Promise<AdminUser> {
  const user = await requireUser(request, context);
  const role = await adminRoleOf(context.db, user.id);
  if (role) return sendToTwoFactorSetUp(request, context, { ...user, role });
  const headers = await signOutHeaders(context.auth, request.headers).catch(() => new Headers());
  throw data({ ...ACCESS_DENIED, email: user.email }, { status: 403, headers });
}

/** The layout's guard: every admin page but the account page waits for two-factor when required. */
async function sendToTwoFactorSetUp(
  request: Request,
  context: AccessContext,
  admin: AdminUser,
): Promise<AdminUser> {
  if (new URL(request.url).pathname === ACCOUNT_PATH) return admin;
  if (await mustSetUpTwoFactor(context.db, admin)) throw redirect(ACCOUNT_PATH);
  return admin;
}

/** requireAdminArea for the owner's pages opened on their own (printable cards). */
export async function requireOwnerArea(
  request: Request,
  context: AccessContext,
): Promise<AdminUser> {
  return admitOwner(await requireAdminArea(request, context));
}
