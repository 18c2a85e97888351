// One connection module for both databases: PostgreSQL when a URL is given,
// otherwise embedded PGlite (on disk, or in memory for tests). The same
// migrations run on both.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockFolder } from "./folder-lock";
import { prepareStatementsOf } from "./prepared-statements";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: inside `db.transaction(tx => ...)` use only `tx`. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or a transaction: service functions accept both. */
export type Executor = Database | Tx;

export type Notification = { channel: string; payload: string };

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** PostgreSQL's address, for another thread or process to open the same database. */
  url?: string;
  /** Subscribes to a NOTIFY channel; resolves to the function that unsubscribes. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** `name`: how PostgreSQL lists the pool's connections (`application_name`). */
type PostgresOptions = { url: string; maxConnections?: number; name?: string };

export type DatabaseOptions =
  | PostgresOptions
  | { dataDir: string }
  /** `loadDataDir` starts from a `dumpDataDir()` tarball instead of an empty cluster. */
  | { memory: true; loadDataDir?: Blob };

export const migrationsFolder = path.resolve(process.cwd(), "server/db/migrations");

/** `migrate: false` skips the migrations, for a copy of a database that already ran them. */
export async function openDatabase(
  options: DatabaseOptions,
  { migrate = true } = {},
): Promise<DatabaseHandle> {
  const handle = "url" in options ? openPostgres(options) : await openPglite(options);
  if (migrate) await migrateDatabase(handle);
  return handle;
}

async function migrateDatabase(handle: DatabaseHandle) {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as Parameters<typeof migratePglite>[0], { migrationsFolder });
  } else {
    await migratePg(handle.db as Parameters<typeof migratePg>[0], { migrationsFolder });
  }
}

async function openPglite(
  options: { dataDir: string } | { memory: true; loadDataDir?: Blob },
): Promise<DatabaseHandle> {
  const extensions = { btree_gist, pg_trgm };
  let client: PGlite;
  let unlock = () => {};
  let closing: Promise<void> | undefined;
  if ("dataDir" in options) {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = await lockFolder(options.dataDir);
    try {
      client = await PGlite.create(options.dataDir, { extensions });
    } catch (error) {
      unlock();
      throw error;
    }
  } else {
    client = await PGlite.create({ extensions, loadDataDir: options.loadDataDir });
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    listen: async (channel, onPayload) => {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    // Closed once: PGlite refuses a second close at once, before the first has flushed.
    close: () => {
      closing ??= client.close().finally(unlock);
      return closing;
    },
  };
}

function openPostgres(options: PostgresOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    application_name: options.name,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => {});
  pool.on("connect", prepareStatementsOf);
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    url: options.url,
    listen: (channel, onPayload) => listenPostgres(options.url, channel, onPayload),
    close: () => pool.end(),
  };
}

/** A dedicated connection for LISTEN that reconnects after a drop. */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (n) => {
      if (n.channel === channel) onPayload(n.payload ?? "");
    });
    next.on("error", () => {
      if (stopped) return;
      setTimeout(() => void connect().catch(() => {}), 1000).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}
