// The Calendar sync screen's imported calendars: each feed with its health
// (last and next sync, nights imported, failures, conflicts), Sync now and
// Remove, then the form that adds one.
import { RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "#app/components/admin/catalogue/confirm-dialog.tsx";
import { nightsLabel } from "#app/components/admin/format.ts";
import { useToastOnce } from "#app/components/admin/use-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Badge, Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { useSite } from "#app/root.tsx";
import type { Conflict, FeedView, UnitOption } from "#domain/api/calendar-sync.ts";
import { AddFeedForm } from "./add-feed-form";

export function ImportFeeds({
  feeds,
  conflicts,
  units,
}: {
  feeds: FeedView[];
  conflicts: Conflict[];
  units: UnitOption[];
}) {
  return (
    <section aria-labelledby="import-heading">
      <Card>
        <CardHeader>
          <CardTitle id="import-heading" className="flex items-center gap-2">
            <RefreshCw className="size-5" aria-hidden />
            Imported calendars
          </CardTitle>
          <p className="text-sm text-stone-700">
            Each feed is read every 15 minutes. Its nights are blocked here like any blocked day,
            for the whole campsite or for one unit. Your own blocks and bookings are never changed.
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {feeds.length === 0 ? (
            <p className="text-sm text-stone-700">No calendars imported yet.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {feeds.map((feed) => (
                <FeedRow
                  key={feed.id}
                  feed={feed}
                  conflicts={conflicts.filter((c) => c.feedId === feed.id).length}
                />
              ))}
            </ul>
          )}
          <AddFeedForm units={units} />
        </CardContent>
      </Card>
    </section>
  );
}

/** An instant on the farm's clock, the same on the server and in the browser. */
function useFarmTime() {
  const { timeZone } = useSite();
  const format = new Intl.DateTimeFormat("en-AU", {
    timeZone,
    dateStyle: "medium",
    timeStyle: "short",
  });
  return (iso: string) => format.format(new Date(iso));
}

function FeedRow({ feed, conflicts }: { feed: FeedView; conflicts: number }) {
  const sync = useFetcher<ActionAnswer>();
  const remove = useFetcher<ActionAnswer>();
  const [confirming, setConfirming] = useState(false);
  const farmTime = useFarmTime();
  useToastOnce(sync.data?.toast);
  useToastOnce(remove.data?.toast);
  const syncing = sync.state !== "idle";
  return (
    <li
      className={`rounded-lg border p-4 ${feed.failing ? "border-red-300 bg-red-50" : "border-stone-200"}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 font-semibold">
            {feed.name}
            <Badge>{feed.unitName ?? "Whole campsite"}</Badge>
            {feed.failing && <Badge tone="red">Failing</Badge>}
            {conflicts > 0 && (
              <Badge tone="amber">
                {conflicts} conflict{conflicts === 1 ? "" : "s"}
              </Badge>
            )}
          </h3>
          <p className="mt-1 break-all font-mono text-xs text-stone-700">{feed.url}</p>
        </div>
        <div className="flex gap-2">
          <sync.Form method="post">
            <input type="hidden" name="intent" value="sync-feed" />
            <input type="hidden" name="feedId" value={feed.id} />
            <input type="hidden" name="feedName" value={feed.name} />
            <Button type="submit" variant="outline" size="sm" disabled={syncing}>
              <RefreshCw
                className={syncing ? "animate-spin motion-reduce:animate-none" : ""}
                aria-hidden
              />
              <span>{syncing ? "Syncing…" : "Sync now"}</span>
              <span className="sr-only"> {feed.name}</span>
            </Button>
          </sync.Form>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setConfirming(true)}
            aria-label={`Remove ${feed.name}`}
          >
            <Trash2 aria-hidden />
            Remove
          </Button>
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-stone-700">Last synced</dt>
          <dd className="font-medium">
            {feed.lastSyncedAt ? farmTime(feed.lastSyncedAt) : "Never"}
          </dd>
        </div>
        <div>
          <dt className="text-stone-700">Nights imported</dt>
          <dd className="font-medium">{feed.nightsCount}</dd>
        </div>
        <div>
          <dt className="text-stone-700">Next sync</dt>
          <dd className="font-medium">{farmTime(feed.nextSyncAt)}</dd>
        </div>
      </dl>
      {feed.lastError && (
        <p className="mt-3 text-sm text-red-800">
          <span className="font-semibold">
            {feed.failing
              ? `Failed ${feed.consecutiveFailures} times in a row: `
              : "Last sync failed: "}
          </span>
          {feed.lastError}
          {feed.failing && " Nights imported earlier stay blocked until it works again."}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${feed.name}?`}
        description={`The ${nightsLabel(feed.nightsCount)} it imported open again for booking here.`}
        confirmLabel="Remove feed"
        busy={remove.state !== "idle"}
        onConfirm={() =>
          remove.submit({ intent: "remove-feed", feedId: feed.id }, { method: "post" })
        }
      />
    </li>
  );
}
