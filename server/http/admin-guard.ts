// The guards of /api/admin: 401 without a session, 403 without a back-office
// role (owner or staff) or, when the owner requires it, without two-factor on
// (decision 0018); ownerOnlyApi answers staff 403 on the owner's endpoints.
import type { RequestHandler, Response } from "express";
import {
  ACCESS_DENIED,
  type AccessContext,
  type AdminUser,
  adminRoleOf,
  getSignedInUser,
  OWNER_ONLY,
} from "#server/services/admin-access.ts";
import { mustSetUpTwoFactor } from "#server/services/two-factor-policy.ts";

/** Express middleware for /api/admin: 401 without a session, 403 without a role. */
export function adminApiGuard(getContext: () => Promise<AccessContext>): RequestHandler {
  return async (req, res, next) => {
    try {
      const context = await getContext();
      const user = await getSignedInUser(context.auth, headersOf(req.headers));
      if (!user) {
        res.status(401).json({ error: "Please sign in.", code: "unauthenticated" });
        return;
      }
      const role = await adminRoleOf(context.db, user.id);
      if (!role) {
        res.status(403).json({ error: ACCESS_DENIED.description, code: "forbidden" });
        return;
      }
      if (await mustSetUpTwoFactor(context.db, user)) {
        const error = "Turn on two-factor sign-in on your account page first.";
        res.status(403).json({ error, code: "two_factor_required" });
        return;
      }
      res.locals.adminUser = { ...user, role } satisfies AdminUser;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The owner or staff member that adminApiGuard let through. */
export function adminUserOf(res: { locals: Record<string, unknown> }): AdminUser {
  const user = res.locals.adminUser as AdminUser | undefined;
  if (!user) throw new Error("adminApiGuard must run before this handler");
  return user;
}

/** After adminApiGuard: the owner's endpoints answer staff 403 before anything runs. */
export const ownerOnlyApi: RequestHandler = (_req, res, next) => {
  if (adminUserOf(res).role === "owner") {
    next();
    return;
  }
  refuseStaff(res);
};

/** The 403 a staff member gets from an owner's endpoint or action: nothing was done. */
export function refuseStaff(res: Response) {
  res.status(403).json({ error: OWNER_ONLY.description, code: OWNER_ONLY.code });
}

function headersOf(incoming: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(incoming)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}
