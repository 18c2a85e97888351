// An account with a confirmed email and a password, made or updated through
// Better Auth's own user and password functions (never our own hashing): for
// `admin:create` and for a staff member accepting the owner's invitation.
import type { Auth } from "#server/auth.ts";
import { invalid } from "#server/errors.ts";

type AuthContext = Awaited<Auth["$context"]>;

export type AccountInput = {
  email: string;
  /** Set (or replaced) when given; a new account needs one. */
  password?: string;
  /** A new account's name; `renameTo` also renames an existing one. */
  name?: string;
  renameTo?: string;
};

/** The account's id, and whether it existed before. Confirms the email either way. */
export async function ensureConfirmedAccount(
  auth: Auth,
  input: AccountInput,
): Promise<{ userId: string; existed: boolean }> {
  const ctx = await auth.$context;
  const hash = input.password ? await ctx.password.hash(input.password) : undefined;
  const existing = await ctx.internalAdapter.findUserByEmail(input.email, {
    includeAccounts: true,
  });
  if (!existing) {
    if (!hash) throw invalid("A new account needs a password.");
    const name = input.renameTo ?? input.name ?? input.email.split("@")[0] ?? input.email;
    const created = await ctx.internalAdapter.createUser(
      { email: input.email, name, emailVerified: true },
      { method: "admin" },
    );
    await linkCredential(ctx, created.id, hash);
    return { userId: created.id, existed: false };
  }
  const userId = existing.user.id;
  const changes = {
    ...(existing.user.emailVerified ? {} : { emailVerified: true }),
    ...(input.renameTo ? { name: input.renameTo } : {}),
  };
  if (Object.keys(changes).length > 0) await ctx.internalAdapter.updateUser(userId, changes);
  const hasCredential = existing.accounts.some(
    (a) => a.providerId === "credential" && a.accountId === userId,
  );
  if (hash && hasCredential) await ctx.internalAdapter.updatePassword(userId, hash);
  else if (hash) await linkCredential(ctx, userId, hash);
  else if (!hasCredential) {
    throw invalid(`${input.email} has no password yet: pass --password to set one.`);
  }
  return { userId, existed: true };
}

async function linkCredential(ctx: AuthContext, userId: string, hash: string) {
  await ctx.internalAdapter.linkAccount({
    userId,
    providerId: "credential",
    accountId: userId,
    password: hash,
  });
}
