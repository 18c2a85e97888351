// Test-only: a confirmed account that is not an administrator, in DATA_DIR's database.
import { eq } from "drizzle-orm";
import { createAuth } from "#server/auth.ts";
import { closeDatabase, getDatabase } from "#server/db/index.ts";
import { userRoles } from "#server/db/schema.ts";
import { createOrPromoteAdmin } from "#server/services/admin-accounts.ts";

const [email, password] = process.argv.slice(2);
if (!email || !password) throw new Error("usage: create-camper.ts <email> <password>");
const database = await getDatabase();
const deps = { db: database.db, auth: createAuth(database.db) };
const { userId } = await createOrPromoteAdmin(deps, { email, password });
await database.db.delete(userRoles).where(eq(userRoles.userId, userId));
await closeDatabase();
