// A fresh, migrated database per test file: PGlite in memory by default, or a
// new PostgreSQL database on TEST_DATABASE_URL's server when TEST_DB=postgres
// (the "postgres" Vitest project), dropped again when the file is done.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { type DatabaseHandle, openDatabase } from "#server/db/client.ts";

export const testingPostgres = () => process.env.TEST_DB === "postgres";

export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (!testingPostgres()) return openDatabase({ memory: true });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `rcs_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), maxConnections: 60 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Opens a test database before the file's tests and closes it after them. */
export function setupTestDatabase(): () => DatabaseHandle {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });
  return () => {
    if (!handle) throw new Error("the test database is not open yet");
    return handle;
  };
}
