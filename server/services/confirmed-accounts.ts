// An account with a confirmed email and a password: for `admin:create` and for a
// staff member accepting the owner's invitation. Better Auth hashes the password
// and makes the ids (never our own hashing); the rows are written here, in the
// caller's transaction, so an account changes only together with what allowed it
// (a claimed invitation, the owner row) and a refused request changes nothing.
import { and, eq } from "drizzle-orm";
import type { Auth } from "#server/auth.ts";
import type { Tx } from "#server/db/client.ts";
import { account, user } from "#server/db/schema.ts";
import { invalid } from "#server/errors.ts";

export type AccountInput = {
  email: string;
  /** From `hashPassword`, made before the transaction (hashing is slow on purpose). */
  passwordHash?: string;
  /** A new account's name; `renameTo` also renames an existing one. */
  name?: string;
  renameTo?: string;
};

/** Better Auth's own hash of a password, as its sign-in verifies it. */
export async function hashPassword(auth: Auth, password: string): Promise<string> {
  return (await auth.$context).password.hash(password);
}

/**
 * The account's id, and whether it existed before: made, or updated, in `tx`.
 * Confirms the email either way; sets the password when a hash is given.
 */
export async function confirmAccount(
  tx: Tx,
  auth: Auth,
  input: AccountInput,
): Promise<{ userId: string; existed: boolean }> {
  const ctx = await auth.$context;
  const newId = (model: "user" | "account") => {
    const id = ctx.generateId({ model });
    if (!id) throw new Error("Better Auth left the id to the database, which has no default");
    return id;
  };
  const email = input.email.toLowerCase();
  const made = await createUser(tx, newId("user"), email, input);
  const userId = made ?? (await updateUser(tx, email, input));
  if (input.passwordHash) {
    await setCredential(tx, newId("account"), userId, input.passwordHash);
  } else if (!(await credentialOf(tx, userId))) {
    throw invalid(`${input.email} has no password yet: pass --password to set one.`);
  }
  return { userId, existed: !made };
}

/** The new user's id, or null when the email already has an account. */
async function createUser(tx: Tx, id: string, email: string, input: AccountInput) {
  if (!input.passwordHash) return null;
  const name = input.renameTo ?? input.name ?? email.split("@")[0] ?? email;
  const [row] = await tx
    .insert(user)
    .values({ id, email, name, emailVerified: true })
    .onConflictDoNothing({ target: user.email })
    .returning({ id: user.id });
  return row?.id ?? null;
}

async function updateUser(tx: Tx, email: string, input: AccountInput): Promise<string> {
  const [row] = await tx
    .update(user)
    .set({ emailVerified: true, ...(input.renameTo ? { name: input.renameTo } : {}) })
    .where(eq(user.email, email))
    .returning({ id: user.id });
  if (!row) throw invalid("A new account needs a password.");
  return row.id;
}

const credentialWhere = (userId: string) =>
  and(
    eq(account.userId, userId),
    eq(account.providerId, "credential"),
    eq(account.accountId, userId),
  );

async function credentialOf(tx: Tx, userId: string) {
  const [row] = await tx.select({ id: account.id }).from(account).where(credentialWhere(userId));
  return row ?? null;
}

async function setCredential(tx: Tx, id: string, userId: string, passwordHash: string) {
  const updated = await tx
    .update(account)
    .set({ password: passwordHash })
    .where(credentialWhere(userId))
    .returning({ id: account.id });
  if (updated.length > 0) return;
  await tx
    .insert(account)
    .values({ id, userId, providerId: "credential", accountId: userId, password: passwordHash });
}
