// One availability cache per open database (decision 0021), one of what a
// quote reads first (campsite, rates, settings), and one of pages that are the
// same for every visitor (decision 0023), emptied by every "data_changed"
// announcement, and used only while the process hears them. The marketing
// pages are kept apart, until the farm's words, events or settings change
// (decision 0029); a publication of the farm's details is read again first.
import type { Availability } from "#domain/api/booking.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { log } from "#server/log.ts";
import { availabilityKeyPrefix } from "#server/services/availability.ts";
import {
  type Catalogue,
  ChangeCache,
  forgetAnswersFor,
  keepAnswersFor,
} from "#server/services/availability-cache.ts";
import { loadFarmDetails } from "#server/services/farm-details.ts";
import { followDataChanges } from "./data-change-feed";
import type { CachedPage } from "./page-cache";

type Followed = {
  cache: ChangeCache<Availability>;
  pages: ChangeCache<CachedPage | undefined>;
  publicPages: ChangeCache<CachedPage | undefined>;
  stop: Promise<() => Promise<void>>;
};

/** A page is about 40 KB in its three encodings: a few MB at most. */
const MAX_PAGES = 50;
/** How long past its minute a kept page may be sent while it is rendered again (page-cache.ts). */
const PAGE_STALE_MS = 60_000;

const followed = new Map<DatabaseHandle, Followed>();

/** The tables a quote's campsite, rates and settings are read from: bookings are not among them. */
const CATALOGUE_TABLES = new Set(["campsites", "campsite_seasons", "campsite_extras", "settings"]);

/**
 * What the kept booking pages render from: the campsites on sale and their units
 * (the farm's details in their header and footer come with CONTENT_TABLES). A
 * booking made or cancelled renders them again no more.
 */
const BOOKING_PAGE_TABLES = new Set([...CATALOGUE_TABLES, "campsite_units"]);

/** What the marketing pages show beyond their code: the farm's words, events and policy. */
const CONTENT_TABLES = new Set([
  "site_content_versions",
  "site_events",
  "media_pictures",
  "settings",
]);

/** The table an announcement names (none: anything may have changed), and the campsites it touches. */
type Change = { table?: string; campsites?: string[] };

/** What a "data_changed" payload names. */
function changeOf(payload: string): Change {
  try {
    const { table, campsites } = JSON.parse(payload) as { table?: unknown; campsites?: unknown };
    const ids = Array.isArray(campsites) && campsites.every((id) => typeof id === "string");
    return {
      ...(typeof table === "string" && { table }),
      ...(ids && { campsites: campsites as string[] }),
    };
  } catch {
    return {};
  }
}

/** Tables whose rows belong to one campsite and change only its availability. */
const ONE_CAMPSITE_TABLES = new Set(["bookings", "blocked_dates", "campsite_units"]);

/** Forgets the availability answers a change may alter: its campsites', or all of them. */
function forgetAvailability(cache: ChangeCache<Availability>, change: Change) {
  const { table, campsites } = change;
  if (!table || !ONE_CAMPSITE_TABLES.has(table) || !campsites) return cache.clear();
  const prefixes = campsites.map(availabilityKeyPrefix);
  cache.clearWhere((key) => prefixes.some((prefix) => key.startsWith(prefix)));
}

const changes = (tables: Set<string>, table: string | undefined) =>
  table === undefined || tables.has(table);

/** The database's availability cache; the first call starts following its changes. */
export function availabilityCacheOf(database: DatabaseHandle): ChangeCache<Availability> {
  return follow(database).cache;
}

/** The database's availability cache if something has asked for it already; never starts one. */
export function followedAvailabilityOf(
  database: DatabaseHandle,
): ChangeCache<Availability> | undefined {
  return followed.get(database)?.cache;
}

/** The database's cache of pages that are the same for everyone. */
export function pageCacheOf(database: DatabaseHandle): ChangeCache<CachedPage | undefined> {
  return follow(database).pages;
}

function follow(database: DatabaseHandle): Followed {
  let entry = followed.get(database);
  if (!entry) {
    const cache = new ChangeCache<Availability>();
    const catalogue = new ChangeCache<Catalogue>();
    // A page past its minute is sent once more while it renders again.
    const pages = new ChangeCache<CachedPage | undefined>(MAX_PAGES, PAGE_STALE_MS);
    const publicPages = new ChangeCache<CachedPage | undefined>(MAX_PAGES, PAGE_STALE_MS);
    const all = [cache, catalogue, pages, publicPages];
    keepAnswersFor(database.db, { availability: cache, catalogue });
    const stop = followDataChanges(database, {
      change: (payload) => {
        const change = changeOf(payload);
        const { table } = change;
        forgetAvailability(cache, change);
        if (changes(CATALOGUE_TABLES, table)) catalogue.clear();
        if (changes(BOOKING_PAGE_TABLES, table) || changes(CONTENT_TABLES, table)) pages.clear();
        if (!changes(CONTENT_TABLES, table)) return;
        publicPages.clear();
        // The farm's details live in memory: pages rendered before they are read again are void too.
        if (table === undefined || table === "site_content_versions")
          void reloadSiteContent(database, [pages, publicPages]);
      },
      hearing: () => {
        for (const c of all) c.startHearing();
        // A publication may have gone unheard while the feed was down (or before it began).
        void reloadSiteContent(database, [pages, publicPages]);
      },
      deaf: () => {
        for (const c of all) c.stopHearing();
      },
    }).catch((error: unknown) => {
      // Not hearing, nothing is kept: every answer is computed, as before the cache.
      log.warn({ err: error }, "availability answers are not cached");
      return async () => {};
    });
    entry = { cache, pages, publicPages, stop };
    followed.set(database, entry);
  }
  return entry;
}

/** The database's cache of the marketing pages, kept until the farm changes what they show. */
export function publicPageCacheOf(database: DatabaseHandle): ChangeCache<CachedPage | undefined> {
  return follow(database).publicPages;
}

const RELOAD_TRIES = 3;

/** Reads the farm's details again (a few tries a second apart), then voids the pages kept meanwhile. */
async function reloadSiteContent(database: DatabaseHandle, kept: ChangeCache<unknown>[]) {
  for (let attempt = 1; attempt <= RELOAD_TRIES; attempt++) {
    try {
      await loadFarmDetails(database.db);
      break;
    } catch (error) {
      log.warn({ err: error, attempt }, "could not read the farm's details again");
      if (attempt < RELOAD_TRIES) await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
  for (const c of kept) c.clear();
}

/** Stops following every database (at shutdown, and after a test). */
export async function closeAvailabilityCaches(): Promise<void> {
  const entries = [...followed.values()];
  for (const database of followed.keys()) forgetAnswersFor(database.db);
  followed.clear();
  await Promise.all(entries.map(async ({ stop }) => (await stop)()));
}
