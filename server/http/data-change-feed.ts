// The database's "data_changed" announcements for what this process keeps in
// memory (decision 0021), told together with whether they can be trusted:
// `hearing` once the LISTEN is in place, `deaf` as soon as it may have missed
// one. On PostgreSQL the LISTEN has a connection of its own, outside the
// pool, watched for errors and its end, and opened again a second later; on
// PGlite there is one process and its own notifications never drop.
import pg from "pg";
import type { DatabaseHandle } from "#server/db/client.ts";
import { log } from "#server/log.ts";

export const DATA_CHANGED_CHANNEL = "data_changed";
const RECONNECT_MS = 1_000;

export type DataChangeListener = {
  change: (payload: string) => void;
  hearing: () => void;
  deaf: () => void;
};

/** Starts following; resolves to the function that stops (the listener is told `deaf`). */
export async function followDataChanges(
  database: DatabaseHandle,
  listener: DataChangeListener,
): Promise<() => Promise<void>> {
  if (database.kind === "pglite") {
    const unlisten = await database.listen(DATA_CHANGED_CHANNEL, listener.change);
    listener.hearing();
    return async () => {
      listener.deaf();
      await unlisten();
    };
  }
  const options = poolOptionsOf(database);
  // A pool of unknown make: never hearing, nothing is kept.
  if (!options) return async () => {};
  return followPostgres(options, listener);
}

/** node-postgres's pool under Drizzle, whose settings the LISTEN connection copies. */
function poolOptionsOf(database: DatabaseHandle): pg.ClientConfig | undefined {
  const pool = (database.db as unknown as { $client?: unknown }).$client;
  return pool instanceof pg.Pool ? (pool.options as pg.ClientConfig) : undefined;
}

function followPostgres(
  options: pg.ClientConfig,
  listener: DataChangeListener,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (next: pg.Client) => {
    if (client !== next) return;
    client = undefined;
    listener.deaf();
    next.end().catch(() => {});
    if (!stopped) retry = setTimeout(connect, RECONNECT_MS);
  };

  async function connect() {
    const next = new pg.Client({ ...options, keepAlive: true });
    next.on("notification", (n) => {
      if (n.channel === DATA_CHANGED_CHANNEL) listener.change(n.payload ?? "");
    });
    next.on("error", () => lost(next));
    next.on("end", () => lost(next));
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(DATA_CHANGED_CHANNEL)}`);
      if (client === next && !stopped) listener.hearing();
    } catch (error) {
      log.warn({ err: error }, "could not listen for data changes; retrying");
      lost(next);
    }
  }

  return connect().then(() => async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    listener.deaf();
    await last?.end().catch(() => {});
  });
}
