// Vitest global setup: runs the migrations once instead of once per test file.
// The "pglite" project dumps a migrated in-memory PGlite to a file that each
// test file loads; the "postgres" project migrates a template database that
// each test file copies with CREATE DATABASE ... TEMPLATE, dropped after the run.
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrationsFolder, openDatabase } from "#server/db/client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The file holding the migrated PGlite's `dumpDataDir()` tarball. */
    pgliteTemplate?: string;
    /** The migrated database on TEST_DATABASE_URL's server to copy. */
    postgresTemplate?: string;
  }
}

export default function setup(project: TestProject) {
  return project.config.env.TEST_DB === "postgres"
    ? setupPostgresTemplate(project)
    : setupPgliteTemplate(project);
}

async function setupPgliteTemplate(project: TestProject) {
  project.provide("pgliteTemplate", await pgliteTemplate());
  // In watch mode the migrations may have changed before a rerun.
  project.onTestsRerun(async () => project.provide("pgliteTemplate", await pgliteTemplate()));
}

// Kept across runs, one file per set of migrations: a later run, or a run of a
// single test file, skips the initdb and the migrations altogether.
const cacheDir = path.resolve("node_modules/.cache/rcs-test-database");

async function pgliteTemplate(): Promise<string> {
  const file = path.join(cacheDir, `pglite-${await templateKey()}.tar`);
  if (existsSync(file)) return file;
  const handle = await openDatabase({ memory: true });
  let dump: Blob;
  try {
    // The drizzle wrapper keeps the PGlite client it was given as $client.
    const { $client } = handle.db as unknown as { $client: PGlite };
    // A checkpoint spares every copy most of its crash recovery at startup.
    await $client.exec("CHECKPOINT");
    // Uncompressed: loading it then skips a gunzip in every test file.
    dump = await $client.dumpDataDir("none");
  } finally {
    await handle.close();
  }
  await mkdir(cacheDir, { recursive: true });
  await pruneCache(path.basename(file));
  // Renamed into place, so a concurrent run never reads half a file.
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
  await rename(partial, file);
  return file;
}

/** What the dump depends on: the migrations, how client.ts opens PGlite, and the versions. */
async function templateKey() {
  const hash = createHash("sha256");
  for (const pkg of ["@electric-sql/pglite", "drizzle-orm"]) {
    hash.update(await readFile(path.resolve("node_modules", pkg, "package.json")));
  }
  hash.update(await readFile(path.resolve("server/db/client.ts")));
  const names = await readdir(migrationsFolder, { recursive: true });
  for (const name of names.sort()) {
    const file = path.join(migrationsFolder, name);
    if (!(await stat(file)).isFile()) continue;
    hash.update(name);
    hash.update(await readFile(file));
  }
  return hash.digest("hex").slice(0, 16);
}

/** Drops the dumps of older migrations; those of the last hour may still be in use. */
async function pruneCache(keep: string) {
  for (const name of await readdir(cacheDir)) {
    const file = path.join(cacheDir, name);
    if (name !== keep && (await stat(file)).mtimeMs < Date.now() - 3_600_000) {
      await rm(file, { force: true });
    }
  }
}

async function setupPostgresTemplate(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  let name = await createPostgresTemplate(serverUrl);
  project.provide("postgresTemplate", name);
  project.onTestsRerun(async () => {
    await dropDatabase(serverUrl, name);
    name = await createPostgresTemplate(serverUrl);
    project.provide("postgresTemplate", name);
  });
  return () => dropDatabase(serverUrl, name);
}

async function createPostgresTemplate(serverUrl: string) {
  const name = `rcs_template_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  try {
    const handle = await openDatabase({ url: databaseUrl(serverUrl, name) });
    await handle.close();
    // Copying fails while anyone is connected to the template, so nobody may.
    await adminQuery(serverUrl, `ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
  } catch (error) {
    await dropDatabase(serverUrl, name);
    throw error;
  }
  return name;
}

export const dropDatabase = (serverUrl: string, name: string) =>
  adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);

/** Runs one statement on the server's own database (CREATE or DROP DATABASE). */
export async function adminQuery(serverUrl: string, sql: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
