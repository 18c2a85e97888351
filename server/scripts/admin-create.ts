// npm run admin:create -- --email owner@example.com --password 'a long password'
// Creates the first administrator (or promotes an existing account) in the
// database named by the environment (DATABASE_URL, or the PGlite under DATA_DIR).
// With the embedded database, stop the app first: PGlite allows one process.
import { parseArgs } from "node:util";
import { createAuth } from "#server/auth.ts";
import { closeDatabase, getDatabase } from "#server/db/index.ts";
import { AppError } from "#server/errors.ts";
import { createOrPromoteAdmin } from "#server/services/admin-accounts.ts";

const usage =
  "Usage: npm run admin:create -- --email <email> [--password <password>] [--name <name>]";

async function main(): Promise<number> {
  let values: { email?: string; password?: string; name?: string };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        password: { type: "string" },
        name: { type: "string" },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (!values.email) {
    console.error(usage);
    return 2;
  }
  const database = await getDatabase();
  try {
    const result = await createOrPromoteAdmin(
      { db: database.db, auth: createAuth(database.db) },
      { email: values.email, password: values.password, name: values.name },
    );
    console.log(
      `${result.created ? "Created" : "Promoted"} administrator ${result.email}; they can sign in at /login.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await closeDatabase();
  }
}

process.exitCode = await main();
