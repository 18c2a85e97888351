// A fresh, migrated database per test file: PGlite in memory by default, or a
// new PostgreSQL database on TEST_DATABASE_URL's server when TEST_DB=postgres
// (the "postgres" Vitest project), dropped again when the file is done. Both
// are copies of a template that ./database-templates migrated once; without
// one (another Vitest config), the migrations run here.
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "#server/db/client.ts";
import { adminQuery, databaseUrl, dropDatabase } from "./database-templates";

export const testingPostgres = () => process.env.TEST_DB === "postgres";

// Read once per worker, however many databases its test files open.
let pgliteTemplate: { file: string; blob: Promise<Blob> } | undefined;

export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (!testingPostgres()) {
    const file = inject("pgliteTemplate");
    if (!file) return openDatabase({ memory: true });
    if (pgliteTemplate?.file !== file) {
      pgliteTemplate = { file, blob: readFile(file).then((bytes) => new Blob([bytes])) };
    }
    return openDatabase(
      { memory: true, loadDataDir: await pgliteTemplate.blob },
      { migrate: false },
    );
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const template = inject("postgresTemplate");
  const name = `rcs_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(
    serverUrl,
    template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
  );
  const handle = await openDatabase(
    { url: databaseUrl(serverUrl, name), maxConnections: 60 },
    { migrate: !template },
  );
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropDatabase(serverUrl, name);
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
