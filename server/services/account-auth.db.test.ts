// Sign-in, sign-up, password reset and admin creation against Better Auth
// with a real database: only administrators keep a session.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "#server/auth.ts";
import { env } from "#server/config.ts";
import { auditLog, emailOutbox, session, user, userRoles } from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { assertPresent, present } from "#server/testing/present.ts";
import { requestPasswordReset, resetPassword, signInAdmin, signUp } from "./account-auth";
import { getSignedInUser, hasAdminRole } from "./admin-access";
import { createOrPromoteAdmin } from "./admin-accounts";

const database = setupTestDatabase();
const origin = "http://localhost:3000";
let auth: ReturnType<typeof createAuth>;

const page = (cookie?: string) =>
  new Request(`${origin}/login`, {
    method: "POST",
    headers: { origin, ...(cookie ? { cookie } : {}) },
  });
const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
const deps = () => ({ db: database().db, auth });

beforeAll(async () => {
  auth = createAuth(database().db, {
    ...env(),
    PUBLIC_URL: origin,
    AUTH_SECRET: "a-test-secret-that-is-long-enough-to-use-0123",
  });
  await createOrPromoteAdmin(deps(), { email: "owner@example.com", password: "owner-password-1" });
});

describe("making administrators (admin:create)", () => {
  it("creates an account with a confirmed email, the admin row and an audit entry", async () => {
    const { db } = database();
    const result = await createOrPromoteAdmin(deps(), {
      email: " Manager@Example.com ",
      password: "manager-password",
    });
    expect(result).toMatchObject({ email: "manager@example.com", created: true });
    const [row] = await db.select().from(user).where(eq(user.id, result.userId));
    expect(present(row, "the new user").emailVerified).toBe(true);
    expect(await hasAdminRole(db, result.userId)).toBe(true);
    const entries = await db.select().from(auditLog).where(eq(auditLog.entityId, result.userId));
    expect(entries.map((e) => e.action)).toEqual(["admin.created"]);
    // No confirmation email for an account made by the farm itself.
    const mail = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "manager@example.com"));
    expect(mail).toEqual([]);
  });

  it("promotes an existing account, confirming it, and is safe to run twice", async () => {
    const { db } = database();
    const signedUp = await signUp(auth, page(), {
      email: "helper@example.com",
      password: "helper-password",
    });
    expect(signedUp.ok).toBe(true);
    const first = await createOrPromoteAdmin(deps(), { email: "helper@example.com" });
    const second = await createOrPromoteAdmin(deps(), { email: "helper@example.com" });
    expect(first).toMatchObject({ created: false, userId: second.userId });
    const roles = await db.select().from(userRoles).where(eq(userRoles.userId, first.userId));
    // admin:create makes the owner: the specification's admin (decision 0017).
    expect(roles.map((r) => r.role)).toEqual(["owner"]);
    const outcome = await signInAdmin(deps(), page(), {
      email: "helper@example.com",
      password: "helper-password",
    });
    expect(outcome.kind).toBe("admin");
  });

  it("refuses a bad email, a short password, or a new account without a password", async () => {
    await expect(
      createOrPromoteAdmin(deps(), { email: "nope", password: "long-enough-1" }),
    ).rejects.toBeInstanceOf(AppError);
    await expect(
      createOrPromoteAdmin(deps(), { email: "a@example.com", password: "short" }),
    ).rejects.toThrow("at least 8");
    await expect(createOrPromoteAdmin(deps(), { email: "new@example.com" })).rejects.toThrow(
      "needs a --password",
    );
  });
});

describe("signing in", () => {
  it("gives an administrator a session the server recognises", async () => {
    const outcome = await signInAdmin(deps(), page(), {
      email: "owner@example.com",
      password: "owner-password-1",
    });
    expect(outcome.kind).toBe("admin");
    if (outcome.kind !== "admin") return;
    const signedIn = await getSignedInUser(
      auth,
      new Headers({ cookie: cookieOf(outcome.headers) }),
    );
    expect(signedIn?.email).toBe("owner@example.com");
  });

  it("signs a confirmed non-admin straight out again, leaving no session", async () => {
    const { db } = database();
    await createOrPromoteAdmin(deps(), {
      email: "camper@example.com",
      password: "camper-password",
    });
    const [camper] = await db.select().from(user).where(eq(user.email, "camper@example.com"));
    assertPresent(camper, "the camper's user row");
    await db.delete(userRoles).where(eq(userRoles.userId, camper.id));

    const outcome = await signInAdmin(deps(), page(), {
      email: "camper@example.com",
      password: "camper-password",
    });
    expect(outcome.kind).toBe("not-admin");
    expect(await db.select().from(session).where(eq(session.userId, camper.id))).toEqual([]);
    // The answer clears the browser's cookie too.
    expect(outcome.kind === "not-admin" && outcome.headers.getSetCookie().join()).toContain(
      "Max-Age=0",
    );
  });

  it("refuses a wrong password and an unconfirmed email with Better Auth's message", async () => {
    const wrong = await signInAdmin(deps(), page(), {
      email: "owner@example.com",
      password: "not-the-password",
    });
    expect(wrong).toEqual({ kind: "failed", status: 401, message: "Invalid email or password" });
    await signUp(auth, page(), { email: "unconfirmed@example.com", password: "some-password" });
    const unconfirmed = await signInAdmin(deps(), page(), {
      email: "unconfirmed@example.com",
      password: "some-password",
    });
    expect(unconfirmed).toMatchObject({ kind: "failed", status: 403 });
    expect(unconfirmed.kind === "failed" && unconfirmed.message).toMatch(/verif/i);
  });
});

/** Makes an administrator `email` and asks for a reset link: the token in the emailed link. */
async function resetTokenOf(email: string, password: string) {
  const { db } = database();
  await createOrPromoteAdmin(deps(), { email, password });
  const asked = await requestPasswordReset(auth, page(), email);
  expect(asked.ok).toBe(true);
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "password-reset")));
  const link = /https?:\/\/\S+\/reset-password\/([\w-]+)\?callbackURL=%2Freset-password/.exec(
    present(mail, "the reset email").textBody,
  );
  return present(link?.[1], "the token in the reset link");
}

describe("signing up and resetting a password", () => {
  it("asks a new account to confirm its email through the outbox", async () => {
    const { db } = database();
    const result = await signUp(auth, page(), {
      email: "newbie@example.com",
      password: "newbie-password",
    });
    expect(result.ok).toBe(true);
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "newbie@example.com"));
    expect(mail).toMatchObject({ kind: "email-verification" });
    expect(present(mail, "the confirmation email").textBody).toContain(
      `${origin}/api/auth/verify-email?token=`,
    );
  });

  it("emails a reset link that sets a new password once", async () => {
    const token = await resetTokenOf("forgetful@example.com", "first-password");

    const reset = await resetPassword(auth, page(), { token, newPassword: "second-password" });
    expect(reset.ok).toBe(true);
    expect(
      (
        await signInAdmin(deps(), page(), {
          email: "forgetful@example.com",
          password: "second-password",
        })
      ).kind,
    ).toBe("admin");
    expect(
      (
        await signInAdmin(deps(), page(), {
          email: "forgetful@example.com",
          password: "first-password",
        })
      ).kind,
    ).toBe("failed");
    const again = await resetPassword(auth, page(), { token, newPassword: "third-password" });
    expect(again).toMatchObject({ ok: false, status: 400 });
  });

  it("uses a reset link once when 8 requests send it at once: the winner's password is in force", async () => {
    const token = await resetTokenOf("hurried@example.com", "first-password");
    const passwords = Array.from({ length: 8 }, (_, i) => `hurried-password-${i}`);
    const results = await Promise.all(
      passwords.map((newPassword) => resetPassword(auth, page(), { token, newPassword })),
    );
    const won = passwords.filter((_, i) => results[i]?.ok);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.status)).toEqual(Array(7).fill(400));
    const signedIn = await Promise.all(
      [...passwords, "first-password"].map(
        async (password) =>
          (await signInAdmin(deps(), page(), { email: "hurried@example.com", password })).kind,
      ),
    );
    expect(signedIn.filter((kind) => kind === "admin")).toHaveLength(1);
    expect(signedIn[passwords.indexOf(won[0] ?? "")]).toBe("admin");
  });

  it("answers a reset request for an unknown address the same way, sending nothing", async () => {
    const { db } = database();
    const asked = await requestPasswordReset(auth, page(), "nobody@example.com");
    expect(asked.ok).toBe(true);
    expect(
      await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "nobody@example.com")),
    ).toEqual([]);
  });
});
