// The guard of /api/admin: 401 without a session, 403 without the admin row.
import type { RequestHandler } from "express";
import {
  ACCESS_DENIED,
  type AccessContext,
  getSignedInUser,
  hasAdminRole,
  type SignedInUser,
} from "#server/services/admin-access.ts";

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
