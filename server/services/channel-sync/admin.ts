// What the Calendar sync admin page does: show a campsite's export URLs and
// import feeds with their health and conflicts; add, remove and sync a feed;
// regenerate an export URL. Every change is audited in its own transaction.
import { and, asc, count, eq } from "drizzle-orm";
import type { CalendarSyncOverview, ExportLink } from "#domain/api/calendar-sync.ts";
import type { CalendarFeedInput } from "#domain/forms/calendar-feed.ts";
import { isFeedFailing, syncWindow } from "#domain/rules/channel-sync.ts";
import { farmToday } from "#domain/rules/dates.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { theRow } from "#server/db/rows.ts";
import { calendarFeeds, campsites, campsiteUnits } from "#server/db/schema.ts";
import { invalid, notFound } from "#server/errors.ts";
import { type AuditActor, recordAudit } from "#server/services/audit-log.ts";
import { assertRowId } from "#server/services/database-errors.ts";
import { findConflicts } from "./conflicts";
import {
  ensureFeedTokens,
  exportFeedUrl,
  type FeedTarget,
  regenerateFeedToken,
} from "./export-tokens";
import { feedAddressPolicy, feedAddressProblem } from "./feed-address";
import { type SyncOptions, type SyncOutcome, syncFeed } from "./import-feed";

export const MAX_FEEDS_PER_CAMPSITE = 20;
export const CAMPSITE_NOT_FOUND = "Campsite not found. Please try again.";
export const FEED_NOT_FOUND = "That calendar feed no longer exists. Reload the page.";

async function requireCampsite(db: Executor, campsiteId: string) {
  assertRowId(campsiteId, CAMPSITE_NOT_FOUND);
  const [campsite] = await db
    .select({ id: campsites.id, name: campsites.name, isActive: campsites.isActive })
    .from(campsites)
    .where(eq(campsites.id, campsiteId));
  if (!campsite) throw notFound(CAMPSITE_NOT_FOUND);
  return campsite;
}

/** ensureFeedTokens gave every unit and the campsite a token just before it is read. */
function tokenOf(feedToken: string | null): string {
  if (!feedToken) throw new Error("expected an export token after ensureFeedTokens");
  return feedToken;
}

/** Everything the page shows. Units and the campsite get their export tokens on first view. */
export async function calendarSyncOverview(
  db: Database,
  campsiteId: string,
  options: { now?: Date; origin?: string } = {},
): Promise<CalendarSyncOverview> {
  const campsite = await requireCampsite(db, campsiteId);
  await ensureFeedTokens(db, campsiteId);
  const { feedToken } = theRow(
    await db
      .select({ feedToken: campsites.feedToken })
      .from(campsites)
      .where(eq(campsites.id, campsiteId)),
    "the campsite",
  );
  const units = await db
    .select({
      id: campsiteUnits.id,
      name: campsiteUnits.name,
      isActive: campsiteUnits.isActive,
      feedToken: campsiteUnits.feedToken,
    })
    .from(campsiteUnits)
    .where(eq(campsiteUnits.campsiteId, campsiteId))
    .orderBy(asc(campsiteUnits.createdAt), asc(campsiteUnits.name));
  const exports: ExportLink[] = [
    {
      kind: "campsite",
      id: campsite.id,
      name: campsite.name,
      isActive: campsite.isActive,
      url: exportFeedUrl(tokenOf(feedToken), options.origin),
    },
    ...units.map((u) => ({
      kind: "unit" as const,
      id: u.id,
      name: u.name,
      isActive: u.isActive,
      url: exportFeedUrl(tokenOf(u.feedToken), options.origin),
    })),
  ];
  const unitNames = new Map(units.map((u) => [u.id, u.name]));
  const feeds = await db
    .select()
    .from(calendarFeeds)
    .where(eq(calendarFeeds.campsiteId, campsiteId))
    .orderBy(asc(calendarFeeds.createdAt));
  const today = farmToday(options.now);
  return {
    campsite,
    units: units.map(({ feedToken: _, ...u }) => u),
    exports,
    feeds: feeds.map((f) => ({
      id: f.id,
      name: f.name,
      url: f.url,
      campsiteUnitId: f.campsiteUnitId,
      unitName: f.campsiteUnitId ? (unitNames.get(f.campsiteUnitId) ?? null) : null,
      lastSyncedAt: f.lastSyncedAt?.toISOString() ?? null,
      nightsCount: f.nightsCount,
      lastError: f.lastError,
      consecutiveFailures: f.consecutiveFailures,
      failing: isFeedFailing(f.consecutiveFailures),
      nextSyncAt: f.nextSyncAt.toISOString(),
    })),
    conflicts: await findConflicts(db, { campsiteId, from: syncWindow(today).from }),
  };
}

/** Adds an import feed to the campsite (or one of its units). The caller syncs it next. */
export async function addCalendarFeed(
  db: Database,
  actor: AuditActor,
  campsiteId: string,
  input: CalendarFeedInput,
) {
  return db.transaction(async (tx) => {
    await requireCampsite(tx, campsiteId);
    if (input.campsiteUnitId) {
      const [unit] = await tx
        .select({ id: campsiteUnits.id })
        .from(campsiteUnits)
        .where(
          and(eq(campsiteUnits.id, input.campsiteUnitId), eq(campsiteUnits.campsiteId, campsiteId)),
        );
      if (!unit) throw fieldError("campsiteUnitId", "Choose the campsite or one of its units.");
    }
    const addressProblem = feedAddressProblem(input.url, feedAddressPolicy());
    if (addressProblem) throw fieldError("url", addressProblem);
    const existing = await tx
      .select({ url: calendarFeeds.url, n: count() })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.campsiteId, campsiteId))
      .groupBy(calendarFeeds.url);
    if (existing.some((e) => e.url === input.url)) {
      throw fieldError("url", "This feed is already imported for this campsite.");
    }
    if (existing.reduce((n, e) => n + e.n, 0) >= MAX_FEEDS_PER_CAMPSITE) {
      throw fieldError("url", `A campsite can import at most ${MAX_FEEDS_PER_CAMPSITE} feeds.`);
    }
    const feed = theRow(
      await tx
        .insert(calendarFeeds)
        .values({
          campsiteId,
          campsiteUnitId: input.campsiteUnitId ?? null,
          name: input.name,
          url: input.url,
        })
        .returning(),
      "the calendar feed",
    );
    // The URL is a secret of the listing: the audit log names the feed, not its address.
    await recordAudit(
      tx,
      actor,
      "calendar_feed.add",
      { type: "calendar_feed", id: feed.id },
      {
        campsiteId,
        campsiteUnitId: feed.campsiteUnitId,
        name: feed.name,
      },
    );
    return feed;
  });
}

async function requireFeed(db: Executor, campsiteId: string, feedId: string) {
  assertRowId(campsiteId, FEED_NOT_FOUND);
  assertRowId(feedId, FEED_NOT_FOUND);
  const [feed] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.id, feedId), eq(calendarFeeds.campsiteId, campsiteId)));
  if (!feed) throw notFound(FEED_NOT_FOUND);
  return feed;
}

/** Removes a feed and, with it, every night it imported (the blocks cascade). */
export async function removeCalendarFeed(
  db: Database,
  actor: AuditActor,
  campsiteId: string,
  feedId: string,
) {
  return db.transaction(async (tx) => {
    const feed = await requireFeed(tx, campsiteId, feedId);
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
    await recordAudit(
      tx,
      actor,
      "calendar_feed.remove",
      { type: "calendar_feed", id: feed.id },
      {
        campsiteId,
        name: feed.name,
      },
    );
    return feed;
  });
}

/** Reads a feed now, in full (no conditional request), whatever its schedule says. */
export async function syncCalendarFeedNow(
  db: Database,
  actor: AuditActor,
  campsiteId: string,
  feedId: string,
  options: SyncOptions = {},
): Promise<SyncOutcome> {
  const feed = await requireFeed(db, campsiteId, feedId);
  const outcome = await syncFeed(db, feed.id, { ...options, unconditional: true });
  await recordAudit(
    db,
    actor,
    "calendar_feed.sync",
    { type: "calendar_feed", id: feed.id },
    {
      campsiteId,
      status: outcome.status,
      ...(outcome.status === "synced" ? { nightsCount: outcome.nightsCount } : {}),
    },
  );
  return outcome;
}

/** A new export URL for the campsite or one of its units; the old one stops working. */
export async function regenerateExportUrl(
  db: Database,
  actor: AuditActor,
  campsiteId: string,
  target: FeedTarget,
): Promise<string> {
  return db.transaction(async (tx) => {
    await requireCampsite(tx, campsiteId);
    if (target.kind === "campsite" && target.id !== campsiteId) {
      throw notFound(CAMPSITE_NOT_FOUND);
    }
    if (target.kind === "unit") {
      assertRowId(target.id, "That unit no longer exists. Reload the page.");
      const [unit] = await tx
        .select({ id: campsiteUnits.id })
        .from(campsiteUnits)
        .where(and(eq(campsiteUnits.id, target.id), eq(campsiteUnits.campsiteId, campsiteId)));
      if (!unit) throw notFound("That unit no longer exists. Reload the page.");
    }
    const token = await regenerateFeedToken(tx, target);
    if (!token) throw notFound(CAMPSITE_NOT_FOUND);
    await recordAudit(
      tx,
      actor,
      "calendar_export.regenerate",
      { type: target.kind, id: target.id },
      {
        campsiteId,
      },
    );
    return token;
  });
}

function fieldError(field: string, message: string) {
  return invalid(message, { field });
}
