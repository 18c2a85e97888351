// The calendar feed sync worker: every minute it takes the feeds that are due
// (every 15 minutes, later after failures) and imports them.
import type { Worker } from "#server/workers.ts";
import { syncDueFeeds } from "./import-feed";

export const calendarFeedSyncWorker: Worker = {
  name: "calendar-feed-sync",
  intervalMs: 60_000,
  run: async (ctx) => {
    await syncDueFeeds(ctx.db);
  },
};
