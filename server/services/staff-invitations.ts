// Inviting staff (decision 0017): the owner names an email; the person gets a
// link through the outbox with a single-use token (kept only as its hash)
// that expires after 7 days, and on it sets their own name and password.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { siteConfig } from "#content/site.ts";
import type { Auth } from "#server/auth.ts";
import type { Database, Executor, Tx } from "#server/db/client.ts";
import { staffInvitations, user, userRoles } from "#server/db/schema.ts";
import { AppError, conflict } from "#server/errors.ts";
import { type AuditActor, recordAudit } from "./audit-log";
import { confirmAccount, hashPassword } from "./confirmed-accounts";
import { enqueueEmail } from "./email-outbox";

export const INVITATION_DAYS = 7;
export const INVITATION_PATH = "/staff-invitation";

export const hashInvitationToken = (token: string) =>
  createHash("sha256").update(token).digest("hex");

/** Why a link cannot be used, in the words the invitation page shows. */
export const INVITATION_REFUSALS = {
  unknown: "This invitation link is not valid. Ask the owner to send you a new one.",
  expired: "This invitation has expired. Ask the owner to send you a new one.",
  used: "This invitation has already been used. Sign in with the password you chose.",
  revoked: "This invitation was withdrawn by the owner.",
} as const;
export type InvitationProblem = keyof typeof INVITATION_REFUSALS;

/**
 * Invites `email` as staff: any earlier open invitation to it is withdrawn,
 * so only the newest link works. An account that already has a role is refused.
 */
export async function inviteStaff(
  db: Database,
  owner: AuditActor & { id: string },
  email: string,
  now = new Date(),
): Promise<{ invitationId: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  return db.transaction(async (tx) => {
    if (await hasRoleByEmail(tx, email)) {
      throw conflict(`${email} can already use the back office.`, "already_staff");
    }
    await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(and(eq(staffInvitations.email, email), openInvitation(now)));
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        email,
        tokenHash: hashInvitationToken(token),
        invitedByUserId: owner.id,
        expiresAt,
      })
      .returning({ id: staffInvitations.id });
    if (!row) throw new Error("the invitation was not stored");
    await enqueueEmail(tx, invitationEmail(email, token, expiresAt));
    await recordAudit(
      tx,
      owner,
      "staff.invited",
      { type: "staff_invitation", id: row.id },
      {
        email,
      },
    );
    return { invitationId: row.id, expiresAt };
  });
}

function invitationEmail(to: string, token: string, expiresAt: Date) {
  const site = siteConfig();
  const link = `${site.siteUrl}${INVITATION_PATH}?token=${token}`;
  return {
    kind: "staff-invitation",
    to,
    subject: `You're invited to help run ${site.farmName} Station`,
    text: [
      `The owner of ${site.farmName} Station has invited you to the back office as staff:`,
      "you will see Today's arrivals, the bookings and the calendar.",
      "",
      `Choose your name and password here: ${link}`,
      "",
      `The link works once and until ${expiresAt.toUTCString()}.`,
      "If you did not expect this, ignore this email.",
    ].join("\n"),
  };
}

const openInvitation = (now: Date) =>
  and(
    isNull(staffInvitations.acceptedAt),
    isNull(staffInvitations.revokedAt),
    gt(staffInvitations.expiresAt, now),
  );

async function hasRoleByEmail(tx: Executor, email: string): Promise<boolean> {
  const rows = await tx
    .select({ role: userRoles.role })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(eq(user.email, email))
    .limit(1);
  return rows.length > 0;
}

/** The invitation behind a link, or why it cannot be used. */
export async function readInvitation(
  db: Executor,
  token: string,
  now = new Date(),
): Promise<{ ok: true; email: string; id: string } | { ok: false; problem: InvitationProblem }> {
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, hashInvitationToken(token)))
    .limit(1);
  if (!row) return { ok: false, problem: "unknown" };
  if (row.acceptedAt) return { ok: false, problem: "used" };
  if (row.revokedAt) return { ok: false, problem: "revoked" };
  if (row.expiresAt <= now) return { ok: false, problem: "expired" };
  return { ok: true, email: row.email, id: row.id };
}

export function invitationRefused(problem: InvitationProblem): AppError {
  const refusal = problem === "unknown" ? "not_found" : "conflict";
  return new AppError(refusal, INVITATION_REFUSALS[problem], { code: `invitation_${problem}` });
}

/**
 * Accepts the invitation: the account (made, or an existing one without a
 * role) gets the name and password typed, a confirmed email and the staff
 * row. The password is hashed first (slow on purpose); then one transaction
 * claims the link and only then changes the account, so of several uses at
 * once, or a use racing the owner's withdrawal, one wins and the refused
 * ones change nothing.
 */
export async function acceptInvitation(
  deps: { db: Database; auth: Auth },
  input: { token: string; name: string; password: string },
  now = new Date(),
): Promise<{ userId: string; email: string }> {
  const found = await readInvitation(deps.db, input.token, now);
  if (!found.ok) throw invitationRefused(found.problem);
  const passwordHash = await hashPassword(deps.auth, input.password);
  return deps.db.transaction(async (tx) => {
    const invitation = await claimInvitation(tx, input.token, now);
    const account = { email: invitation.email, passwordHash, renameTo: input.name };
    const { userId } = await confirmAccount(tx, deps.auth, account);
    await tx
      .update(staffInvitations)
      .set({ acceptedUserId: userId })
      .where(eq(staffInvitations.id, invitation.id));
    await tx.insert(userRoles).values({ userId, role: "staff" }).onConflictDoNothing();
    await recordAudit(
      tx,
      { id: userId },
      "staff.joined",
      { type: "user", id: userId },
      { email: invitation.email, invitationId: invitation.id },
    );
    return { userId, email: invitation.email };
  });
}

/**
 * Marks the link used if it is still open; the row lock makes a concurrent
 * accept or withdrawal wait and then find it closed. Refuses with why not.
 */
async function claimInvitation(tx: Tx, token: string, now: Date) {
  const [claimed] = await tx
    .update(staffInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(staffInvitations.tokenHash, hashInvitationToken(token)), openInvitation(now)))
    .returning({ id: staffInvitations.id, email: staffInvitations.email });
  if (claimed) return claimed;
  const found = await readInvitation(tx, token, now);
  throw invitationRefused(found.ok ? "used" : found.problem);
}

/** Withdraws an open invitation; its link then says so. */
export async function revokeInvitation(
  db: Database,
  owner: AuditActor,
  invitationId: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(and(eq(staffInvitations.id, invitationId), openInvitation(now)))
      .returning({ email: staffInvitations.email });
    if (rows.length === 0)
      throw conflict("That invitation is no longer open.", "invitation_closed");
    await recordAudit(
      tx,
      owner,
      "staff.invitation_revoked",
      {
        type: "staff_invitation",
        id: invitationId,
      },
      { email: rows[0]?.email },
    );
  });
}
