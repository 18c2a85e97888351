// One availability cache per open database (decision 0021), and one of what a
// quote reads first (campsite, rates, settings), emptied by every
// "data_changed" announcement, and used only while the process hears them.
import type { Availability } from "#domain/api/booking.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { log } from "#server/log.ts";
import {
  type Catalogue,
  ChangeCache,
  forgetAnswersFor,
  keepAnswersFor,
} from "#server/services/availability-cache.ts";
import { followDataChanges } from "./data-change-feed";

type Followed = { cache: ChangeCache<Availability>; stop: Promise<() => Promise<void>> };

const followed = new Map<DatabaseHandle, Followed>();

/** The tables a quote's campsite, rates and settings are read from: bookings are not among them. */
const CATALOGUE_TABLES = new Set(["campsites", "campsite_seasons", "campsite_extras", "settings"]);

/** True unless the announcement names a table the catalogue is not read from. */
function changesCatalogue(payload: string): boolean {
  try {
    const table = (JSON.parse(payload) as { table?: unknown }).table;
    return typeof table !== "string" || CATALOGUE_TABLES.has(table);
  } catch {
    return true;
  }
}

/** The database's availability cache; the first call starts following its changes. */
export function availabilityCacheOf(database: DatabaseHandle): ChangeCache<Availability> {
  let entry = followed.get(database);
  if (!entry) {
    const cache = new ChangeCache<Availability>();
    const catalogue = new ChangeCache<Catalogue>();
    const both = [cache, catalogue];
    keepAnswersFor(database.db, { availability: cache, catalogue });
    const stop = followDataChanges(database, {
      change: (payload) => {
        cache.clear();
        if (changesCatalogue(payload)) catalogue.clear();
      },
      hearing: () => {
        for (const c of both) c.startHearing();
      },
      deaf: () => {
        for (const c of both) c.stopHearing();
      },
    }).catch((error: unknown) => {
      // Not hearing, nothing is kept: every answer is computed, as before the cache.
      log.warn({ err: error }, "availability answers are not cached");
      return async () => {};
    });
    entry = { cache, stop };
    followed.set(database, entry);
  }
  return entry.cache;
}

/** Stops following every database (at shutdown, and after a test). */
export async function closeAvailabilityCaches(): Promise<void> {
  const entries = [...followed.values()];
  for (const database of followed.keys()) forgetAnswersFor(database.db);
  followed.clear();
  await Promise.all(entries.map(async ({ stop }) => (await stop)()));
}
