// The bench's databases: on the PostgreSQL server of BENCH_DATABASE_URL (or
// the local default when it answers), a fresh database per data set, dropped
// after; or an embedded PGlite folder in a temporary directory.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export const defaultServerUrl = "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * The PostgreSQL server to use: BENCH_DATABASE_URL (which must answer), else
 * the local default if it answers, else undefined (PostgreSQL figures skipped).
 */
export async function postgresServer(explicit: string | undefined): Promise<string | undefined> {
  const url = explicit ?? defaultServerUrl;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return url;
  } catch (error) {
    if (explicit)
      throw new Error(`BENCH_DATABASE_URL does not answer: ${(error as Error).message}`);
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export type BenchDatabase = {
  kind: "postgres" | "pglite";
  /** DATABASE_URL for the server ("" for PGlite). */
  url: string;
  /** DATA_DIR for the server (PGlite's files are under it, in pglite/). */
  dataDir: string;
  seedOptions: { url: string } | { dataDir: string };
  drop: () => Promise<void>;
};

async function admin<T>(serverUrl: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(serverUrl: string | undefined): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "rcs-bench-data-"));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (!serverUrl) {
    const pgliteDir = path.join(dataDir, "pglite");
    return {
      kind: "pglite",
      url: "",
      dataDir,
      seedOptions: { dataDir: pgliteDir },
      drop: async () => removeDir(),
    };
  }
  const name = `rcs_bench_${randomBytes(4).toString("hex")}`;
  await admin(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: "postgres",
    url: url.toString(),
    dataDir,
    seedOptions: { url: url.toString() },
    drop: async () => {
      await admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      removeDir();
    },
  };
}

/** Makes the owner's account on a fresh database, as `npm run admin:create` does. */
export function createOwner(db: BenchDatabase, owner: { email: string; password: string }) {
  const made = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "server/scripts/admin-create.ts",
      "--email",
      owner.email,
      "--password",
      owner.password,
    ],
    {
      env: { ...process.env, DATABASE_URL: db.url, DATA_DIR: db.dataDir, LOG_LEVEL: "warn" },
      encoding: "utf8",
    },
  );
  if (made.status !== 0) throw new Error(`admin:create failed: ${made.stderr}`);
}
