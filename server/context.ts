// What every request handler, loader and action gets: the database and auth,
// opened once per process.

import type { DatabaseHandle } from "#server/db/client.ts";
import { getDatabase } from "#server/db/index.ts";
import { loadFarmDetails } from "#server/services/farm-details.ts";
import { type Auth, createAuth } from "./auth";

export type AppContext = { database: DatabaseHandle; db: DatabaseHandle["db"]; auth: Auth };

const globalStore = globalThis as unknown as { __appContext?: Promise<AppContext> };

export function getAppContext(): Promise<AppContext> {
  globalStore.__appContext ??= getDatabase().then(async (database) => {
    // The farm's details as the owner published them, for every page and email from the first.
    await loadFarmDetails(database.db);
    return { database, db: database.db, auth: createAuth(database.db) };
  });
  return globalStore.__appContext;
}

export function forgetAppContext() {
  globalStore.__appContext = undefined;
}

declare module "react-router" {
  interface AppLoadContext extends AppContext {
    /** Per-request nonce for inline scripts (Content-Security-Policy); none in development. */
    cspNonce?: string;
  }
}
