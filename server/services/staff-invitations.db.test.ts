// Inviting staff against a real database and Better Auth (decision 0017): the
// email goes through the outbox with a single-use link; accepting it makes a
// staff member who can sign in; an expired, used or withdrawn link is refused
// with its own sentence; removing staff takes the role and every session.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createAuth } from "#server/auth.ts";
import { env } from "#server/config.ts";
import {
  account,
  auditLog,
  emailOutbox,
  session,
  staffInvitations,
  user,
  userRoles,
} from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import { signIn, testOrigin } from "#server/testing/admin-route-calls.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { adminRoleOf } from "./admin-access";
import { createOrPromoteAdmin } from "./admin-accounts";
import { endStaffSessions, loadTeam, removeStaff } from "./staff-admin";
import {
  acceptInvitation,
  INVITATION_REFUSALS,
  inviteStaff,
  readInvitation,
  revokeInvitation,
} from "./staff-invitations";

const database = setupTestDatabase();
let auth: ReturnType<typeof createAuth>;
let owner: { id: string };

beforeAll(async () => {
  const { db } = database();
  auth = createAuth(db, {
    ...env(),
    PUBLIC_URL: testOrigin,
    AUTH_SECRET: "a-test-secret-that-is-long-enough-to-use-0123",
  });
  const made = await createOrPromoteAdmin(
    { db, auth },
    { email: "owner@example.com", password: "owner-password-1" },
  );
  owner = { id: made.userId };
});

/** Invites `email` and reads the token back out of the queued email's link. */
async function invite(email: string, now = new Date()) {
  const { db } = database();
  await inviteStaff(db, owner, email, now);
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "staff-invitation")))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const token = /staff-invitation\?token=([\w-]+)/.exec(mail?.textBody ?? "")?.[1];
  if (!token) throw new Error("no invitation link in the email");
  return token;
}

const deps = () => ({ db: database().db, auth });

describe("staff invitations", () => {
  it("makes the owner with admin:create's service, and keeps the token only as a hash", async () => {
    expect(await adminRoleOf(database().db, owner.id)).toBe("owner");
    // The specification's 'admin' became 'owner' in migration 0007; the database refuses it now.
    await expect(
      database()
        .db.insert(userRoles)
        .values({ userId: owner.id, role: "admin" as "owner" }),
    ).rejects.toThrow();
    const token = await invite("kim@example.com");
    const rows = await database().db.select().from(staffInvitations);
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);
  });

  it("accepts a valid link once: a staff member with their name, who can sign in", async () => {
    const token = await invite("jo@example.com");
    const { userId } = await acceptInvitation(deps(), {
      token,
      name: "Jo Helper",
      password: "jo-password-123",
    });
    const { db } = database();
    expect(await adminRoleOf(db, userId)).toBe("staff");
    await signIn(auth, "jo@example.com", "jo-password-123");
    const team = await loadTeam(db);
    expect(team.members.find((m) => m.userId === userId)).toMatchObject({
      name: "Jo Helper",
      role: "staff",
      activeSessions: 1,
    });
    const [joined] = await db.select().from(auditLog).where(eq(auditLog.action, "staff.joined"));
    expect(joined?.actorUserId).toBe(userId);

    await expect(
      acceptInvitation(deps(), { token, name: "Someone Else", password: "other-password-1" }),
    ).rejects.toThrow(INVITATION_REFUSALS.used);
    expect(await readInvitation(db, token)).toEqual({ ok: false, problem: "used" });
  });

  it("refuses an expired link with its own sentence and makes no account", async () => {
    const sentAt = new Date(Date.now() - 8 * 86_400_000);
    const token = await invite("late@example.com", sentAt);
    await expect(
      acceptInvitation(deps(), { token, name: "Late", password: "late-password-1" }),
    ).rejects.toThrow(INVITATION_REFUSALS.expired);
    const ctx = await auth.$context;
    expect(await ctx.internalAdapter.findUserByEmail("late@example.com")).toBeNull();
  });

  it("refuses a withdrawn link, an unknown one, and an earlier link once a new one is sent", async () => {
    const { db } = database();
    const first = await invite("sam@example.com");
    const second = await invite("sam@example.com");
    expect(await readInvitation(db, first)).toEqual({ ok: false, problem: "revoked" });
    const open = await readInvitation(db, second);
    if (!open.ok) throw new Error("the newest link should work");
    await revokeInvitation(db, owner, open.id);
    expect(await readInvitation(db, second)).toEqual({ ok: false, problem: "revoked" });
    expect(await readInvitation(db, "made-up-token")).toEqual({ ok: false, problem: "unknown" });
  });

  it("refuses to invite someone who can already use the back office", async () => {
    await expect(inviteStaff(database().db, owner, "owner@example.com")).rejects.toThrow(
      "owner@example.com can already use the back office.",
    );
  });
});

/** The account of `email` as stored: its password hash, confirmation, name and role. */
async function accountOf(email: string) {
  const { db } = database();
  const [row] = await db
    .select({ id: user.id, name: user.name, verified: user.emailVerified, hash: account.password })
    .from(user)
    .leftJoin(account, eq(account.userId, user.id))
    .where(eq(user.email, email));
  return row ? { ...row, role: await adminRoleOf(db, row.id) } : null;
}

/** Which of `passwords` the stored hash is of. */
async function passwordsMatching(hash: string | null | undefined, passwords: string[]) {
  const ctx = await auth.$context;
  const matches = await Promise.all(
    passwords.map((password) => (hash ? ctx.password.verify({ hash, password }) : false)),
  );
  return passwords.filter((_, i) => matches[i]);
}

const passwordOf = (i: number) => `racer-password-${i}`;

describe("a link used by several requests at once", () => {
  it("8 accepts at once: one wins, the other 7 are refused, and the winner's password is in force", async () => {
    const token = await invite("race@example.com");
    const passwords = Array.from({ length: 8 }, (_, i) => passwordOf(i));
    const results = await Promise.allSettled(
      passwords.map((password, i) =>
        acceptInvitation(deps(), { token, name: `Racer ${i}`, password }),
      ),
    );
    const won = results.flatMap((r, i) => (r.status === "fulfilled" ? [i] : []));
    expect(won).toHaveLength(1);
    const winner = won[0] ?? -1;
    for (const r of results) {
      if (r.status === "fulfilled") continue;
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).message).toBe(INVITATION_REFUSALS.used);
    }
    const stored = await accountOf("race@example.com");
    expect(stored).toMatchObject({ name: `Racer ${winner}`, verified: true, role: "staff" });
    expect(await passwordsMatching(stored?.hash, passwords)).toEqual([passwordOf(winner)]);
    const joined = await database()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "staff.joined"), eq(auditLog.entityId, stored?.id ?? "")));
    expect(joined).toHaveLength(1);
  });

  it("8 accepts and the owner's withdrawal at once: exactly one of them happens", async () => {
    const { db } = database();
    const token = await invite("withdrawn-race@example.com");
    const open = await readInvitation(db, token);
    if (!open.ok) throw new Error("the link should be open");
    const passwords = Array.from({ length: 8 }, (_, i) => passwordOf(i));
    const accepts = passwords.map((password, i) =>
      acceptInvitation(deps(), { token, name: `Racer ${i}`, password }),
    );
    const withdrawal = revokeInvitation(db, owner, open.id);
    const [revoked, ...results] = await Promise.allSettled([withdrawal, ...accepts]);
    const won = results.flatMap((r, i) => (r.status === "fulfilled" ? [i] : []));
    expect(won.length + (revoked?.status === "fulfilled" ? 1 : 0)).toBe(1);
    const stored = await accountOf("withdrawn-race@example.com");
    if (revoked?.status === "fulfilled") {
      expect(stored).toBeNull();
    } else {
      expect(stored?.role).toBe("staff");
      expect(await passwordsMatching(stored?.hash, passwords)).toEqual([passwordOf(won[0] ?? -1)]);
    }
  });

  it("a link withdrawn while the password is being hashed changes nothing of the account", async () => {
    const { db } = database();
    const email = "signed-up@example.com";
    await auth.api.signUpEmail({
      body: { email, password: "own-password-1", name: "Own Name" },
      headers: new Headers({ origin: testOrigin }),
    });
    const before = await accountOf(email);
    expect(before).toMatchObject({ verified: false, role: null });
    const token = await invite(email);
    const open = await readInvitation(db, token);
    if (!open.ok) throw new Error("the link should be open");
    // The owner withdraws the link after the page checked it and before it is claimed.
    const ctx = await auth.$context;
    const hash = ctx.password.hash;
    vi.spyOn(ctx.password, "hash").mockImplementationOnce(async (password) => {
      await revokeInvitation(db, owner, open.id);
      return hash(password);
    });
    await expect(
      acceptInvitation(deps(), { token, name: "Taken Over", password: "attacker-password-1" }),
    ).rejects.toThrow(INVITATION_REFUSALS.revoked);
    expect(await accountOf(email)).toEqual(before);
    expect(await passwordsMatching(before?.hash, ["own-password-1"])).toEqual(["own-password-1"]);
  });
});

describe("removing staff", () => {
  it("ends their sessions, then removes the role, and never touches the owner", async () => {
    const { db } = database();
    const token = await invite("lee@example.com");
    const { userId } = await acceptInvitation(deps(), {
      token,
      name: "Lee",
      password: "lee-password-12",
    });
    await signIn(auth, "lee@example.com", "lee-password-12");
    await signIn(auth, "lee@example.com", "lee-password-12");

    expect(await endStaffSessions(db, owner, userId)).toEqual({ sessionsEnded: 2 });
    expect(await db.select().from(session).where(eq(session.userId, userId))).toEqual([]);
    expect(await adminRoleOf(db, userId)).toBe("staff");

    const cookie = await signIn(auth, "lee@example.com", "lee-password-12");
    await removeStaff(db, owner, userId);
    expect(await adminRoleOf(db, userId)).toBeNull();
    expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
    const [removed] = await db.select().from(auditLog).where(eq(auditLog.action, "staff.removed"));
    expect(removed).toMatchObject({ actorUserId: owner.id, entityId: userId });

    await expect(removeStaff(db, owner, owner.id)).rejects.toThrow("The owner's account");
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, owner.id))).toHaveLength(1);
  });
});
