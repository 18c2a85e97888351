// The Calendar sync screen's server side: which campsite the URL names, its
// overview (404 when there is no such campsite), and the toast that tells
// how reading a feed went.
import { type AppLoadContext, data } from "react-router";
import { nightsLabel } from "#app/components/admin/format.ts";
import type { ToastMessage } from "#app/components/admin/use-toast.ts";
import { isRowId } from "#domain/forms/row-id.ts";
import { AppError } from "#server/errors.ts";
import { calendarSyncOverview } from "#server/services/channel-sync/admin.ts";
import type { SyncOutcome } from "#server/services/channel-sync/import-feed.ts";

/** The campsite of the URL, or 404. */
export function campsiteIdOf(params: { campsiteId?: string }): string {
  const id = params.campsiteId ?? "";
  if (!isRowId(id)) throw data({ message: "Campsite not found." }, { status: 404 });
  return id;
}

/** Everything the screen shows; a campsite that does not exist is a 404. */
export async function overviewOrNotFound(db: AppLoadContext["db"], campsiteId: string) {
  try {
    return await calendarSyncOverview(db, campsiteId);
  } catch (error) {
    if (error instanceof AppError && error.refusal === "not_found") {
      throw data({ message: error.message }, { status: 404 });
    }
    throw error;
  }
}

/** How reading a feed went; `added` for the read right after adding it. */
export function syncToast(feedName: string, outcome: SyncOutcome, added = false): ToastMessage {
  if (outcome.status === "missing") {
    return { kind: "error", title: "That calendar feed no longer exists. Reload the page." };
  }
  if (outcome.status === "failed") {
    return {
      kind: "error",
      title: added
        ? `${feedName} added, but it could not be read`
        : `${feedName} could not be read`,
      description: outcome.error,
    };
  }
  const imported = `${nightsLabel(outcome.nightsCount)} imported.`;
  if (outcome.conflicts.length > 0) {
    const n = outcome.conflicts.length;
    return {
      kind: "error",
      title: `${feedName} synced, with ${n} conflict${n === 1 ? "" : "s"}`,
      description: `${imported} See Conflicts below.`,
    };
  }
  return {
    kind: "success",
    title: added ? `${feedName} added` : `${feedName} synced`,
    description: imported,
  };
}
