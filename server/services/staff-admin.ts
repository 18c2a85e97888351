// The Staff screen (decision 0017): who can use the back office, the open
// invitations, and the owner's two actions on a staff member: remove them
// (their role and every session go at once) or only end their sessions.
import { and, asc, count, desc, eq, gt, isNull, max } from "drizzle-orm";
import type { AdminRole } from "#domain/rules/admin-roles.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { session, staffInvitations, user, userRoles } from "#server/db/schema.ts";
import { conflict, notFound } from "#server/errors.ts";
import { adminRoleOf } from "./admin-access";
import { type AuditActor, recordAudit } from "./audit-log";

export type TeamMember = {
  userId: string;
  email: string;
  name: string;
  role: AdminRole;
  twoFactorEnabled: boolean;
  activeSessions: number;
  lastActiveAt: Date | null;
};

export type OpenInvitation = { id: string; email: string; expiresAt: Date; createdAt: Date };

/** Everyone with a role (the owner first), and the invitations not yet used. */
export async function loadTeam(
  db: Executor,
  now = new Date(),
): Promise<{ members: TeamMember[]; invitations: OpenInvitation[] }> {
  const members = await db
    .select({
      userId: user.id,
      email: user.email,
      name: user.name,
      role: userRoles.role,
      twoFactorEnabled: user.twoFactorEnabled,
      activeSessions: count(session.id),
      lastActiveAt: max(session.updatedAt),
    })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .leftJoin(session, and(eq(session.userId, user.id), gt(session.expiresAt, now)))
    .groupBy(user.id, userRoles.role)
    .orderBy(asc(userRoles.role), asc(user.email));
  const invitations = await db
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      expiresAt: staffInvitations.expiresAt,
      createdAt: staffInvitations.createdAt,
    })
    .from(staffInvitations)
    .where(
      and(
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(staffInvitations.createdAt));
  return {
    members: members.map((m) => ({ ...m, twoFactorEnabled: m.twoFactorEnabled === true })),
    invitations,
  };
}

/** Takes the staff role away and ends every session of the person, in one transaction. */
export async function removeStaff(db: Database, owner: AuditActor, userId: string) {
  await db.transaction(async (tx) => {
    const email = await staffEmail(tx, userId);
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    const ended = await tx.delete(session).where(eq(session.userId, userId)).returning();
    await recordAudit(
      tx,
      owner,
      "staff.removed",
      { type: "user", id: userId },
      {
        email,
        sessionsEnded: ended.length,
      },
    );
  });
}

/** Signs the staff member out everywhere; they keep their role and can sign in again. */
export async function endStaffSessions(db: Database, owner: AuditActor, userId: string) {
  return db.transaction(async (tx) => {
    const email = await staffEmail(tx, userId);
    const ended = await tx.delete(session).where(eq(session.userId, userId)).returning();
    await recordAudit(
      tx,
      owner,
      "staff.sessions_ended",
      { type: "user", id: userId },
      {
        email,
        sessionsEnded: ended.length,
      },
    );
    return { sessionsEnded: ended.length };
  });
}

/** The staff member's email; the owner's account is not this screen's to change. */
async function staffEmail(tx: Executor, userId: string): Promise<string> {
  const role = await adminRoleOf(tx, userId);
  if (role === "owner") throw conflict("The owner's account cannot be changed here.", "owner");
  const [row] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!row || role !== "staff") throw notFound("That person is not on the staff.");
  return row.email;
}
