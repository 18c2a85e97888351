// Making the owner without a browser: `npm run admin:create` (and the
// end-to-end harness) create or promote an account (its password hashed by
// Better Auth), with its email already confirmed, plus the `owner` row in
// user_roles (the specification's admin, decision 0017), in one transaction.
import { z } from "zod";
import { firstIssue } from "#domain/forms/form-fields.ts";
import type { Auth } from "#server/auth.ts";
import type { Database } from "#server/db/client.ts";
import { userRoles } from "#server/db/schema.ts";
import { invalid } from "#server/errors.ts";
import { recordAudit } from "./audit-log";
import { confirmAccount, hashPassword } from "./confirmed-accounts";

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
 * Creates the owner, or promotes an existing account (setting its password
 * when one is given). Confirms the email either way. Idempotent.
 */
export async function createOrPromoteAdmin(
  deps: { db: Database; auth: Auth },
  input: AdminAccountInput,
): Promise<AdminAccountResult> {
  const parsed = adminAccountInput.safeParse(input);
  if (!parsed.success) throw invalid(firstIssue(parsed.error));
  const { email, password, name } = parsed.data;
  if (!password && !(await accountExists(deps.auth, email))) {
    throw invalid("A new administrator needs a --password.");
  }
  const passwordHash = password ? await hashPassword(deps.auth, password) : undefined;
  return deps.db.transaction(async (tx) => {
    const account = { email, passwordHash, name };
    const { userId, existed } = await confirmAccount(tx, deps.auth, account);
    const granted = await tx
      .insert(userRoles)
      .values({ userId, role: "owner" })
      .onConflictDoNothing()
      .returning({ userId: userRoles.userId });
    await recordAudit(
      tx,
      null,
      existed ? "admin.promoted" : "admin.created",
      { type: "user", id: userId },
      { email, role: "owner", roleGranted: granted.length > 0, passwordSet: Boolean(password) },
    );
    return { userId, email, created: !existed };
  });
}

async function accountExists(auth: Auth, email: string): Promise<boolean> {
  const ctx = await auth.$context;
  return (await ctx.internalAdapter.findUserByEmail(email)) !== null;
}
