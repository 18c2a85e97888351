// Making administrators without a browser: `npm run admin:create` (and the
// end-to-end harness) create or promote an account through Better Auth's own
// user and password functions, with its email already confirmed, plus the
// admin row in user_roles.
import { z } from "zod";
import { firstIssue } from "#domain/forms/form-fields.ts";
import type { Auth } from "#server/auth.ts";
import type { Database } from "#server/db/client.ts";
import { userRoles } from "#server/db/schema.ts";
import { invalid } from "#server/errors.ts";
import { recordAudit } from "./audit-log";

export const adminAccountInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid email address.")),
  password: z
    .string()
    .min(8, "The password needs at least 8 characters.")
    .max(128, "The password may have at most 128 characters.")
    .optional(),
  name: z.string().trim().min(1).max(100).optional(),
});
export type AdminAccountInput = z.input<typeof adminAccountInput>;

export type AdminAccountResult = { userId: string; email: string; created: boolean };

/**
 * Creates the administrator, or promotes an existing account (setting its
 * password when one is given). Confirms the email either way. Idempotent.
 */
export async function createOrPromoteAdmin(
  deps: { db: Database; auth: Auth },
  input: AdminAccountInput,
): Promise<AdminAccountResult> {
  const parsed = adminAccountInput.safeParse(input);
  if (!parsed.success) throw invalid(firstIssue(parsed.error));
  const { email, password } = parsed.data;
  const ctx = await deps.auth.$context;
  const hash = password ? await ctx.password.hash(password) : undefined;

  const existing = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  let userId: string;
  if (existing) {
    userId = existing.user.id;
    if (!existing.user.emailVerified) {
      await ctx.internalAdapter.updateUser(userId, { emailVerified: true });
    }
    const hasCredential = existing.accounts.some(
      (a) => a.providerId === "credential" && a.accountId === userId,
    );
    if (hash && hasCredential) await ctx.internalAdapter.updatePassword(userId, hash);
    else if (hash) await linkCredential(ctx, userId, hash);
    else if (!hasCredential) {
      throw invalid(`${email} has no password yet: pass --password to set one.`);
    }
  } else {
    if (!hash) throw invalid("A new administrator needs a --password.");
    const name = parsed.data.name ?? email.split("@")[0] ?? email;
    const created = await ctx.internalAdapter.createUser(
      { email, name, emailVerified: true },
      { method: "admin" },
    );
    userId = created.id;
    await linkCredential(ctx, userId, hash);
  }

  await deps.db.transaction(async (tx) => {
    const granted = await tx
      .insert(userRoles)
      .values({ userId, role: "admin" })
      .onConflictDoNothing()
      .returning({ userId: userRoles.userId });
    await recordAudit(
      tx,
      null,
      existing ? "admin.promoted" : "admin.created",
      { type: "user", id: userId },
      { email, roleGranted: granted.length > 0, passwordSet: Boolean(hash) },
    );
  });
  return { userId, email, created: !existing };
}

type AuthContext = Awaited<Auth["$context"]>;

async function linkCredential(ctx: AuthContext, userId: string, hash: string) {
  await ctx.internalAdapter.linkAccount({
    userId,
    providerId: "credential",
    accountId: userId,
    password: hash,
  });
}
