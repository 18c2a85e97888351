// Two-factor sign-in end to end on the route modules (decision 0018): a staff
// member turns it on at /admin/account (password, secret, code, recovery codes
// once); at /login the password alone then gives no session, the code or one
// recovery code does; turning it off needs the password; each step is audited.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as login from "#app/routes/login.tsx";
import { createAuth } from "#server/auth.ts";
import { env } from "#server/config.ts";
import { auditLog, userRoles } from "#server/db/schema.ts";
import { getSignedInUser } from "#server/services/admin-access.ts";
import { createOrPromoteAdmin } from "#server/services/admin-accounts.ts";
import { isTwoFactorRequired, setTwoFactorRequired } from "#server/services/two-factor-policy.ts";
import { outcome, setupAdminRouteCalls, testOrigin } from "#server/testing/admin-route-calls.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { totpNow, wrongTotp } from "#server/testing/totp.ts";
import * as account from "./account";
import * as invoicePdf from "./invoice-pdf";
import * as layout from "./layout";
import * as staffScreen from "./staff";
import * as todayScreen from "./today";

const database = setupTestDatabase();
const calls = setupAdminRouteCalls(database);
const person = { email: "gatekeeper@example.com", password: "gatekeeper-password-1" };

/** A browser's cookie jar: Set-Cookie headers applied, expired ones dropped. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(headers: Headers | undefined) {
    for (const line of headers?.getSetCookie() ?? []) {
      const [pair = ""] = line.split(";");
      const [name = "", ...rest] = pair.split("=");
      const value = rest.join("=");
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get header() {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join("; ");
  }
}

/** Calls a loader or action, keeping the cookies it sets; its status, data and target. */
type Called = { status: number; location: string | null; data: unknown; headers?: Headers };

async function call(jar: Jar, run: () => Promise<unknown>): Promise<Called> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    jar.take(value.headers);
    return { status: value.status, location: value.headers.get("location"), data: undefined };
  }
  const v = value as { type?: string; data?: unknown; init?: ResponseInit };
  if (v?.type !== "DataWithResponseInit") return { status: 200, data: value, location: null };
  const headers = new Headers(v.init?.headers);
  jar.take(headers);
  return { status: v.init?.status ?? 200, data: v.data, location: null, headers };
}

const post = (jar: Jar, path: string, form: Record<string, string>) =>
  calls.args(path, { cookie: jar.header }, form);
const get = (jar: Jar, path: string) => calls.args(path, { cookie: jar.header });

async function signedInAs(jar: Jar) {
  return getSignedInUser(calls.auth(), new Headers({ cookie: jar.header }));
}

async function auditOf(action: string, userId: string) {
  return database()
    .db.select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorUserId, userId)));
}

/** Signs in with the password at /login; the jar holds what the browser would. */
async function passwordStep(jar: Jar) {
  return call(jar, () =>
    login.action(post(jar, "/login", { intent: "sign-in", ...person }) as never),
  );
}

let userId = "";
let secret = "";
let recoveryCodes: string[] = [];

describe("turning two-factor on at /admin/account", () => {
  it("asks for the password, shows the secret, and turns on only with a right code", async () => {
    const { db, auth } = { db: database().db, auth: calls.auth() };
    userId = (await createOrPromoteAdmin({ db, auth }, person)).userId;
    await db.update(userRoles).set({ role: "staff" }).where(eq(userRoles.userId, userId));
    const jar = new Jar();
    jar.take(new Headers([["set-cookie", await calls.signIn(person.email, person.password)]]));

    const wrong = await call(jar, () =>
      account.action(
        post(jar, "/admin/account", { intent: "start", password: "not-it-1" }) as never,
      ),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ fieldErrors: { password: "That password is not right." } });

    const started = await call(jar, () =>
      account.action(
        post(jar, "/admin/account", { intent: "start", password: person.password }) as never,
      ),
    );
    const setup = (started.data as { result: { secret: string; qrCode: string } }).result;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;utf8,/);
    secret = setup.secret;

    const badCode = await call(jar, () =>
      account.action(
        post(jar, "/admin/account", {
          intent: "confirm",
          code: "12345",
        }) as never,
      ),
    );
    expect(badCode.status).toBe(400);
    const notRight = await call(jar, async () =>
      account.action(
        post(jar, "/admin/account", { intent: "confirm", code: await wrongTotp(secret) }) as never,
      ),
    );
    expect(notRight.status).toBe(400);
    expect((await signedInAs(jar))?.twoFactorEnabled).toBe(false);

    const confirmed = await call(jar, async () =>
      account.action(
        post(jar, "/admin/account", { intent: "confirm", code: await totpNow(secret) }) as never,
      ),
    );
    recoveryCodes = (confirmed.data as { result: { recoveryCodes: string[] } }).result
      .recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(await signedInAs(jar)).toMatchObject({ id: userId, twoFactorEnabled: true });
    expect(await auditOf("two_factor.enabled", userId)).toHaveLength(1);
    const page = await call(jar, () => account.loader(get(jar, "/admin/account") as never));
    expect(page.data).toMatchObject({ twoFactorEnabled: true, required: false });
  });
});

describe("signing in with two-factor on", () => {
  it("gives no session for the password alone, and asks for the code", async () => {
    const jar = new Jar();
    const first = await passwordStep(jar);
    expect(first).toMatchObject({ status: 302, location: "/login?step=code" });
    expect(await signedInAs(jar)).toBeNull();
    const page = await call(jar, () => login.loader(get(jar, "/login?step=code") as never));
    expect(page.data).toMatchObject({ step: "code" });
    // Without the challenge cookie the step is not offered.
    const bare = await call(new Jar(), () =>
      login.loader(get(new Jar(), "/login?step=code") as never),
    );
    expect(bare.data).toMatchObject({ step: "password" });
  });

  it("refuses a wrong code and signs in with the right one", async () => {
    const jar = new Jar();
    await passwordStep(jar);
    const wrong = await call(jar, async () =>
      login.action(
        post(jar, "/login", {
          intent: "two-factor",
          method: "totp",
          code: await wrongTotp(secret),
        }) as never,
      ),
    );
    expect(wrong.status).toBe(401);
    expect(await signedInAs(jar)).toBeNull();
    const right = await call(jar, async () =>
      login.action(
        post(jar, "/login", {
          intent: "two-factor",
          method: "totp",
          code: await totpNow(secret),
        }) as never,
      ),
    );
    expect(right).toMatchObject({ status: 302, location: "/admin" });
    expect(await signedInAs(jar)).toMatchObject({ id: userId });
  });

  it("signs in once with a recovery code, audited; the same code is refused after", async () => {
    const code = recoveryCodes[0] ?? "";
    const jar = new Jar();
    await passwordStep(jar);
    const used = await call(jar, () =>
      login.action(
        post(jar, "/login", { intent: "two-factor", method: "recovery", code }) as never,
      ),
    );
    expect(used).toMatchObject({ status: 302, location: "/admin" });
    expect(await signedInAs(jar)).toMatchObject({ id: userId });
    expect(await auditOf("two_factor.recovery_code_used", userId)).toHaveLength(1);

    const again = new Jar();
    await passwordStep(again);
    const reused = await call(again, () =>
      login.action(
        post(again, "/login", { intent: "two-factor", method: "recovery", code }) as never,
      ),
    );
    expect(reused.status).toBe(401);
    expect(await signedInAs(again)).toBeNull();
  });
});

describe("guessing codes", () => {
  it("is rate limited like passwords: 10 a minute from one address, then 429 with Retry-After", async () => {
    // The file's Better Auth counts nothing (NODE_ENV test); this one counts as in production.
    const limited = createAuth(database().db, {
      ...env(),
      NODE_ENV: "production",
      PUBLIC_URL: testOrigin,
      AUTH_SECRET: "a-test-secret-that-is-long-enough-to-use-0123",
    });
    const from = (a: unknown) => {
      const args = a as { context: Record<string, unknown> };
      args.context = { ...args.context, auth: limited, clientAddress: "203.0.113.77" };
      return args as never;
    };
    const jar = new Jar();
    await call(jar, () =>
      login.action(from(post(jar, "/login", { intent: "sign-in", ...person }))),
    );
    const statuses: number[] = [];
    let last: Called | undefined;
    for (let i = 0; i < 11; i++) {
      const form = { intent: "two-factor", method: "totp", code: await wrongTotp(secret) };
      last = await call(jar, () => login.action(from(post(jar, "/login", form))));
      statuses.push(last.status);
    }
    expect(statuses[0]).toBe(401);
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(last?.status).toBe(429);
    expect(Number(last?.headers?.get("Retry-After"))).toBeGreaterThan(0);
    expect(await signedInAs(jar)).toBeNull();
  });
});

describe("turning two-factor off", () => {
  it("needs the password, is audited, and then the password alone signs in again", async () => {
    const jar = new Jar();
    await passwordStep(jar);
    await call(jar, async () =>
      login.action(
        post(jar, "/login", {
          intent: "two-factor",
          method: "totp",
          code: await totpNow(secret),
        }) as never,
      ),
    );
    const wrong = await call(jar, () =>
      account.action(
        post(jar, "/admin/account", { intent: "disable", password: "not-it-1" }) as never,
      ),
    );
    expect(wrong.status).toBe(400);
    const off = await call(jar, () =>
      account.action(
        post(jar, "/admin/account", { intent: "disable", password: person.password }) as never,
      ),
    );
    expect(off.data).toMatchObject({ ok: true });
    expect(await auditOf("two_factor.disabled", userId)).toHaveLength(1);
    const next = new Jar();
    expect(await passwordStep(next)).toMatchObject({ status: 302, location: "/admin" });
  });
});

describe("when the owner requires two-factor", () => {
  const staff = "staff" as const;
  const sentToAccount = { status: 302, location: "/admin/account" };

  it("is refused to an owner who has not turned it on themselves", async () => {
    const result = await outcome(() =>
      staffScreen.action(
        calls.args("/admin/staff", "admin", {
          intent: "require-two-factor",
          required: "on",
        }) as never,
      ),
    );
    expect(result).toMatchObject({ status: 409, data: { ok: false } });
    expect(await isTwoFactorRequired(database().db)).toBe(false);
  });

  it("sends anyone without it to their account page first, and lets them in once not required", async () => {
    const { db } = database();
    await setTwoFactorRequired(db, { id: calls.adminId(), twoFactorEnabled: true }, true);
    const asStaff = (path: string) => calls.args(path, staff) as never;
    expect(await outcome(() => todayScreen.loader(asStaff("/admin/today")))).toMatchObject(
      sentToAccount,
    );
    expect(await outcome(() => layout.loader(asStaff("/admin/today")))).toMatchObject(
      sentToAccount,
    );
    // The owner without it too; the switch is on their Staff screen.
    expect(
      await outcome(() => staffScreen.loader(calls.args("/admin/staff", "admin") as never)),
    ).toMatchObject(sentToAccount);
    // The account page and the frame around it stay open.
    expect((await outcome(() => layout.loader(asStaff("/admin/account")))).status).toBe(200);
    const own = await outcome(() => account.loader(asStaff("/admin/account")));
    expect(own.data).toMatchObject({ twoFactorEnabled: false, required: true });
    // A resource route answers 403 rather than a page.
    const file = await outcome(() =>
      invoicePdf.loader({
        ...(calls.args("/admin/bookings/x/invoice.pdf", staff) as object),
        params: { bookingId: crypto.randomUUID() },
      } as never),
    );
    expect(file).toMatchObject({ status: 403, data: { code: "two_factor_required" } });

    await setTwoFactorRequired(db, { id: calls.adminId(), twoFactorEnabled: true }, false);
    expect((await outcome(() => todayScreen.loader(asStaff("/admin/today")))).status).toBe(200);
  });
});
