// Import sync: reads an outside calendar feed and keeps its blocked nights in
// step, in one transaction per sync. Only the feed's own rows are touched:
// manual blocks (no feed) and bookings never are. A failure keeps the nights
// already imported (a broken feed must not free nights) and is counted, so a
// feed that keeps failing is flagged on the admin screen and mailed to the farm.
import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { siteConfig } from "#content/site.ts";
import type { Conflict } from "#domain/api/calendar-sync.ts";
import {
  FEED_FAILING_AFTER,
  importedReason,
  isFeedFailing,
  nextSyncDelayMs,
  planFeedSync,
  syncWindow,
  wantedNights,
} from "#domain/rules/channel-sync.ts";
import { farmToday } from "#domain/rules/dates.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { blockedDates, calendarFeeds } from "#server/db/schema.ts";
import { log } from "#server/log.ts";
import { enqueueEmail } from "#server/services/email-outbox.ts";
import { findConflicts } from "./conflicts";
import { DEFAULT_FETCH_OPTIONS, FeedError, fetchFeed } from "./fetch-feed";
import { readFeedNights } from "./read-feed";

export type SyncOptions = {
  now?: Date;
  timeoutMs?: number;
  maxBytes?: number;
  /** Ignore the stored ETag and Last-Modified, e.g. when the admin asks for a sync. */
  unconditional?: boolean;
};

export type SyncOutcome =
  | {
      status: "synced";
      notModified: boolean;
      nightsCount: number;
      added: number;
      updated: number;
      removed: number;
      conflicts: Conflict[];
    }
  | { status: "failed"; error: string; consecutiveFailures: number; failing: boolean }
  | { status: "missing" };

type Feed = typeof calendarFeeds.$inferSelect;

/** Reads one feed now and applies it. Never throws for a bad feed: the outcome says what happened. */
export async function syncFeed(
  db: Database,
  feedId: string,
  options: SyncOptions = {},
): Promise<SyncOutcome> {
  const now = options.now ?? new Date();
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.id, feedId));
  if (!feed) return { status: "missing" };
  const today = farmToday(now);
  const window = syncWindow(today);
  // The first read of each farm day is a full one, so recurring events keep
  // filling the window as it moves even when the feed answers 304 all day.
  const conditional =
    !options.unconditional && feed.lastSyncedAt !== null && farmToday(feed.lastSyncedAt) === today;
  try {
    // No transaction is open while the outside server answers.
    const fetched = await fetchFeed(feed.url, {
      timeoutMs: options.timeoutMs ?? DEFAULT_FETCH_OPTIONS.timeoutMs,
      maxBytes: options.maxBytes ?? DEFAULT_FETCH_OPTIONS.maxBytes,
      etag: conditional ? feed.etag : null,
      lastModified: conditional ? feed.lastModified : null,
    });
    if (fetched.kind === "not-modified") return await recordUnchanged(db, feed, now);
    const { events } = await readFeedNights(fetched.text, window);
    const wanted = wantedNights(events, window);
    return await applyNights(db, feed.id, wanted, window, now, {
      etag: fetched.etag,
      lastModified: fetched.lastModified,
    });
  } catch (error) {
    if (!(error instanceof FeedError))
      log.error({ err: error, feedId }, "calendar feed sync failed");
    const message =
      error instanceof FeedError
        ? error.message
        : "The feed could not be imported (internal error).";
    return recordFailure(db, feed.id, message, now);
  }
}

/** Writes the feed's nights for the window in one transaction, serialised per feed. */
async function applyNights(
  db: Database,
  feedId: string,
  wanted: Map<string, string>,
  window: { from: string; until: string },
  now: Date,
  validators: { etag: string | null; lastModified: string | null },
): Promise<SyncOutcome> {
  return db.transaction(async (tx) => {
    const [feed] = await tx
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.id, feedId))
      .for("update");
    // Removed by an admin while its text was on the way: nothing to keep.
    if (!feed) return { status: "missing" } as const;
    const reason = importedReason(feed.name);
    const existing = await tx
      .select({
        id: blockedDates.id,
        blockedDate: blockedDates.blockedDate,
        externalUid: blockedDates.externalUid,
        reason: blockedDates.reason,
      })
      .from(blockedDates)
      .where(
        and(eq(blockedDates.calendarFeedId, feed.id), gte(blockedDates.blockedDate, window.from)),
      )
      .orderBy(asc(blockedDates.blockedDate), asc(blockedDates.createdAt));
    const plan = planFeedSync(existing, wanted, reason, window);
    if (plan.remove.length > 0) {
      await tx.delete(blockedDates).where(inArray(blockedDates.id, plan.remove));
    }
    for (const change of plan.update) {
      await tx
        .update(blockedDates)
        .set({ externalUid: change.externalUid, reason })
        .where(eq(blockedDates.id, change.id));
    }
    for (let i = 0; i < plan.insert.length; i += 500) {
      await tx
        .insert(blockedDates)
        .values(
          plan.insert.slice(i, i + 500).map((night) => ({
            blockedDate: night.blockedDate,
            campsiteId: feed.campsiteId,
            campsiteUnitId: feed.campsiteUnitId,
            calendarFeedId: feed.id,
            externalUid: night.externalUid,
            reason,
          })),
        )
        .onConflictDoNothing();
    }
    await tx
      .update(calendarFeeds)
      .set({
        etag: validators.etag,
        lastModified: validators.lastModified,
        lastSyncedAt: now,
        lastError: null,
        consecutiveFailures: 0,
        nightsCount: wanted.size,
        nextSyncAt: new Date(now.getTime() + nextSyncDelayMs(0)),
      })
      .where(eq(calendarFeeds.id, feed.id));
    const conflicts = await findConflicts(tx, { feedId: feed.id, from: window.from });
    await mailNewConflicts(tx, feed, conflicts, new Set(plan.insert.map((n) => n.blockedDate)));
    if (plan.insert.length + plan.remove.length + plan.update.length > 0) {
      log.info(
        {
          feedId: feed.id,
          added: plan.insert.length,
          removed: plan.remove.length,
          nights: wanted.size,
        },
        "calendar feed imported",
      );
    }
    return {
      status: "synced",
      notModified: false,
      nightsCount: wanted.size,
      added: plan.insert.length,
      updated: plan.update.length,
      removed: plan.remove.length,
      conflicts,
    } as const;
  });
}

/** A 304: the feed's nights stand; only the time of the sync moves on. */
async function recordUnchanged(db: Database, feed: Feed, now: Date): Promise<SyncOutcome> {
  const window = syncWindow(farmToday(now));
  // Nights that slipped into the past no longer count.
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(blockedDates)
    .where(
      and(eq(blockedDates.calendarFeedId, feed.id), gte(blockedDates.blockedDate, window.from)),
    );
  await db
    .update(calendarFeeds)
    .set({
      lastSyncedAt: now,
      lastError: null,
      consecutiveFailures: 0,
      nightsCount: count?.n ?? 0,
      nextSyncAt: new Date(now.getTime() + nextSyncDelayMs(0)),
    })
    .where(eq(calendarFeeds.id, feed.id));
  const conflicts = await findConflicts(db, { feedId: feed.id, from: window.from });
  return {
    status: "synced",
    notModified: true,
    nightsCount: count?.n ?? 0,
    added: 0,
    updated: 0,
    removed: 0,
    conflicts,
  };
}

async function recordFailure(
  db: Database,
  feedId: string,
  message: string,
  now: Date,
): Promise<SyncOutcome> {
  return db.transaction(async (tx) => {
    const [feed] = await tx
      .update(calendarFeeds)
      .set({
        lastError: message,
        consecutiveFailures: sql`${calendarFeeds.consecutiveFailures} + 1`,
      })
      .where(eq(calendarFeeds.id, feedId))
      .returning();
    if (!feed) return { status: "missing" } as const;
    const failures = feed.consecutiveFailures;
    await tx
      .update(calendarFeeds)
      .set({ nextSyncAt: new Date(now.getTime() + nextSyncDelayMs(failures)) })
      .where(eq(calendarFeeds.id, feedId));
    log.warn({ feedId, failures, error: message }, "calendar feed sync failed");
    // Said once, when the feed crosses the line, not at every later failure.
    if (failures === FEED_FAILING_AFTER) {
      const site = siteConfig();
      await enqueueEmail(tx, {
        kind: "calendar_feed_failing",
        to: site.notificationEmail,
        subject: `Calendar sync failing: ${feed.name}`,
        text: [
          `The calendar feed "${feed.name}" has failed ${failures} times in a row.`,
          `Last error: ${message}`,
          "",
          "Nights imported from it before stay blocked, but new bookings made on that listing are not reaching this site.",
          "Check the feed on the campsite's Calendar sync page in the admin area.",
        ].join("\n"),
      });
    }
    return {
      status: "failed",
      error: message,
      consecutiveFailures: failures,
      failing: isFeedFailing(failures),
    } as const;
  });
}

/** Tells the farm when a sync blocks nights a paid or confirmed booking already holds. */
async function mailNewConflicts(
  tx: Executor,
  feed: Feed,
  conflicts: Conflict[],
  addedNights: Set<string>,
) {
  const fresh = conflicts.filter((c) => c.nights.some((n) => addedNights.has(n)));
  if (fresh.length === 0) return;
  const site = siteConfig();
  await enqueueEmail(tx, {
    kind: "calendar_feed_conflict",
    to: site.notificationEmail,
    subject: `Calendar sync conflict: ${feed.name}`,
    text: [
      `The calendar feed "${feed.name}" now blocks nights already booked on this site:`,
      ...fresh.map(
        (c) =>
          `- ${c.bookingReference} (${c.campsiteName}${c.unitName ? `, ${c.unitName}` : ""}): ${c.nights.join(", ")}`,
      ),
      "",
      "The same nights may have been sold twice. Check the campsite's Calendar sync page in the admin area.",
    ].join("\n"),
  });
}

export type DueFeedsReport = { synced: number; failed: number };

/**
 * Takes the feeds whose time has come and syncs them one after another. Taking
 * pushes their next time back first (skipping rows another process holds), so
 * several app processes never read the same feed at once.
 */
export async function syncDueFeeds(
  db: Database,
  options: SyncOptions & { limit?: number } = {},
): Promise<DueFeedsReport> {
  const now = options.now ?? new Date();
  const due = await claimDueFeeds(db, now, options.limit ?? 10);
  const report: DueFeedsReport = { synced: 0, failed: 0 };
  for (const feedId of due) {
    const outcome = await syncFeed(db, feedId, options);
    if (outcome.status === "synced") report.synced++;
    if (outcome.status === "failed") report.failed++;
  }
  return report;
}

/** A claimed feed whose process died is free again after this lease. */
const CLAIM_LEASE_MS = 10 * 60_000;

async function claimDueFeeds(db: Database, now: Date, limit: number): Promise<string[]> {
  const due = db
    .select({ id: calendarFeeds.id })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.isActive, true), lte(calendarFeeds.nextSyncAt, now)))
    .orderBy(asc(calendarFeeds.nextSyncAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(calendarFeeds)
    .set({ nextSyncAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(inArray(calendarFeeds.id, due))
    .returning({ id: calendarFeeds.id });
  return claimed.map((c) => c.id);
}
