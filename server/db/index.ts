// The application's database: opened once per process (and kept across
// development reloads) from the validated environment.
import path from "node:path";
import { workerData } from "node:worker_threads";
import { type Env, env } from "#server/config.ts";
import { log } from "#server/log.ts";
import { type DatabaseHandle, openDatabase } from "./client";
import { seedIfEmpty } from "./seed";

const globalStore = globalThis as unknown as { __database?: Promise<DatabaseHandle> };

/** The name the page thread's connections carry in PostgreSQL (`pg_stat_activity`). */
export const pageThreadConnectionName = (pid: number) => `page thread of ${pid}`;

/**
 * PostgreSQL at DATABASE_URL, or embedded PGlite on disk under DATA_DIR;
 * migrated. The page thread (page-thread.ts says so in its workerData) opens
 * the server's database again, already migrated, with a small pool of
 * connections named for it: it renders a page or two at a time.
 */
export function openConfiguredDatabase(e: Env = env()): Promise<DatabaseHandle> {
  if (!e.DATABASE_URL) return openDatabase({ dataDir: path.resolve(e.DATA_DIR, "pglite") });
  if (workerData?.pageThread !== true) return openDatabase({ url: e.DATABASE_URL });
  const name = pageThreadConnectionName(process.pid);
  return openDatabase({ url: e.DATABASE_URL, maxConnections: 2, name }, { migrate: false });
}

export function getDatabase(): Promise<DatabaseHandle> {
  globalStore.__database ??= open();
  return globalStore.__database;
}

async function open(): Promise<DatabaseHandle> {
  const handle = await openConfiguredDatabase();
  log.info({ database: handle.kind }, "database ready");
  // A fresh embedded database gets the farm's demo data, so every screen has something to show.
  if (handle.kind === "pglite" && (await seedIfEmpty(handle.db))) {
    log.info("seeded demo data into the empty embedded database");
  }
  return handle;
}

export async function closeDatabase(): Promise<void> {
  const pending = globalStore.__database;
  globalStore.__database = undefined;
  if (pending) await (await pending).close();
}
