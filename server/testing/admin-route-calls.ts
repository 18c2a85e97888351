// Calling an admin screen's loader or action in a database test as React
// Router would: Better Auth on the file's test database, the owner, a staff
// member and a camper (a confirmed account without a role) signed in before the
// file's tests, the request arguments as one of them (or a visitor without a
// session) sends them, and what the loader or action answered or threw.
import { eq } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import { createAuth } from "#server/auth.ts";
import { env } from "#server/config.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { userRoles } from "#server/db/schema.ts";
import { createOrPromoteAdmin } from "#server/services/admin-accounts.ts";

export const testOrigin = "http://localhost:3000";

type Auth = ReturnType<typeof createAuth>;

/** Who sends the request: a signed-in account of the file, a visitor (`null`), or a cookie. */
export type Caller = "admin" | "staff" | "camper" | null | { cookie: string };

/** Loader and action arguments; each route types them its own way, so they are cast. */
type Args = never;

export const adminAccount = { email: "owner@example.com", password: "owner-password-1" };
export const camperAccount = { email: "camper@example.com", password: "camper-password-1" };
export const staffAccount = { email: "staff@example.com", password: "staff-password-1" };

/** Signs `email` in through Better Auth; the session's cookie header. */
export async function signIn(auth: Auth, email: string, password: string): Promise<string> {
  const response = await auth.api.signInEmail({
    body: { email, password },
    headers: new Headers({ origin: testOrigin }),
    asResponse: true,
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Before the file's tests: Better Auth, and the administrator and the camper signed in. */
export function setupAdminRouteCalls(database: () => DatabaseHandle) {
  let signedIn:
    | {
        auth: Auth;
        adminId: string;
        staffId: string;
        cookies: { admin: string; staff: string; camper: string };
      }
    | undefined;
  beforeAll(async () => {
    const { db } = database();
    const auth = createAuth(db, {
      ...env(),
      PUBLIC_URL: testOrigin,
      AUTH_SECRET: "a-test-secret-that-is-long-enough-to-use-0123",
    });
    const admin = await createOrPromoteAdmin({ db, auth }, adminAccount);
    const camper = await createOrPromoteAdmin({ db, auth }, camperAccount);
    await db.delete(userRoles).where(eq(userRoles.userId, camper.userId));
    const staff = await createOrPromoteAdmin({ db, auth }, staffAccount);
    await db.update(userRoles).set({ role: "staff" }).where(eq(userRoles.userId, staff.userId));
    signedIn = {
      auth,
      adminId: admin.userId,
      staffId: staff.userId,
      cookies: {
        admin: await signIn(auth, adminAccount.email, adminAccount.password),
        staff: await signIn(auth, staffAccount.email, staffAccount.password),
        camper: await signIn(auth, camperAccount.email, camperAccount.password),
      },
    };
  });
  const session = () => {
    if (!signedIn) throw new Error("the test accounts are not signed in yet");
    return signedIn;
  };

  return {
    auth: () => session().auth,
    adminId: () => session().adminId,
    staffId: () => session().staffId,
    signIn: (email: string, password: string) => signIn(session().auth, email, password),
    /** A loader's arguments (GET), or an action's when there is a form to post. */
    args(path: string, caller: Caller, form?: Record<string, string>): Args {
      const { auth, cookies } = session();
      const cookie =
        caller === null ? null : typeof caller === "string" ? cookies[caller] : caller.cookie;
      let body: FormData | undefined;
      if (form) {
        body = new FormData();
        for (const [k, v] of Object.entries(form)) body.set(k, v);
      }
      const request = new Request(`${testOrigin}${path}`, {
        method: form ? "POST" : "GET",
        headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
        body,
      });
      return { request, params: {}, context: { db: database().db, auth, cspNonce: "" } } as Args;
    },
  };
}

export type RouteOutcome = {
  status: number;
  data?: Record<string, unknown>;
  location?: string | null;
};

/** What a loader or action answered or threw: its status, its data, a redirect's target. */
export async function outcome(run: () => Promise<unknown>): Promise<RouteOutcome> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("location") };
  }
  const v = value as { type?: string; data?: Record<string, unknown>; init?: { status?: number } };
  if (v?.type === "DataWithResponseInit") return { status: v.init?.status ?? 200, data: v.data };
  return { status: 200, data: value as Record<string, unknown> };
}
