// /admin/campsites/:campsiteId/calendars (Calendar sync): the campsite's and
// its units' export URLs (copy, regenerate), the outside feeds it imports
// (add, sync now, remove) with their health, and the nights that clash with
// this site's paid or confirmed bookings.
import { AlertTriangle, ArrowLeft, Copy, Link2, RefreshCw, Trash2 } from "lucide-react";
import { AlertDialog as A } from "radix-ui";
import { useEffect, useId, useRef, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { toast } from "sonner";
import { AdminScreenError } from "#app/components/admin/admin-screen-error.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { type ToastMessage, useToastOnce } from "#app/components/admin/use-toast.ts";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Badge, Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { FieldError, Input, Label } from "#app/components/ui/input.tsx";
import { useSite } from "#app/root.tsx";
import { requireAdminScreen } from "#app/routes/admin/guards.server.ts";
import { formatDay } from "#domain/format/dates.ts";
import { calendarFeedInput } from "#domain/forms/calendar-feed.ts";
import { isRowId } from "#domain/forms/row-id.ts";
import { AppError } from "#server/errors.ts";
import { STATUS_OF } from "#server/http/errors.ts";
import {
  addCalendarFeed,
  type CalendarSyncOverview,
  calendarSyncOverview,
  type ExportLink,
  type FeedView,
  regenerateExportUrl,
  removeCalendarFeed,
  syncCalendarFeedNow,
} from "#server/services/channel-sync/admin.ts";
import type { SyncOutcome } from "#server/services/channel-sync/import-feed.ts";
import type { Route } from "./+types/campsites.$campsiteId.calendars";

function campsiteIdOf(params: { campsiteId?: string }): string {
  const id = params.campsiteId ?? "";
  if (!isRowId(id)) throw data({ message: "Campsite not found." }, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminScreen(request, context);
  const campsiteId = campsiteIdOf(params);
  try {
    return { overview: await calendarSyncOverview(context.db, campsiteId) };
  } catch (error) {
    if (error instanceof AppError && error.refusal === "not_found") {
      throw data({ message: error.message }, { status: 404 });
    }
    throw error;
  }
}

type ActionResult = { toast: ToastMessage | null; fieldErrors?: Record<string, string> };

const nights = (n: number) => `${n} night${n === 1 ? "" : "s"}`;

function syncToast(feedName: string, outcome: SyncOutcome, added = false): ToastMessage {
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
  const imported = `${nights(outcome.nightsCount)} imported.`;
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

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminScreen(request, context);
  const campsiteId = campsiteIdOf(params);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  try {
    switch (field("intent")) {
      case "add-feed": {
        const parsed = calendarFeedInput.safeParse({
          name: field("name"),
          url: field("url"),
          campsiteUnitId: field("campsiteUnitId"),
        });
        if (!parsed.success) {
          const fieldErrors: Record<string, string> = {};
          for (const issue of parsed.error.issues)
            fieldErrors[String(issue.path[0])] ??= issue.message;
          return data<ActionResult>({ toast: null, fieldErrors }, { status: 400 });
        }
        const feed = await addCalendarFeed(context.db, admin, campsiteId, parsed.data);
        const outcome = await syncCalendarFeedNow(context.db, admin, campsiteId, feed.id);
        return { toast: syncToast(feed.name, outcome, true) } satisfies ActionResult;
      }
      case "sync-feed": {
        const outcome = await syncCalendarFeedNow(context.db, admin, campsiteId, field("feedId"));
        return {
          toast: syncToast(field("feedName") || "The feed", outcome),
        } satisfies ActionResult;
      }
      case "remove-feed": {
        const feed = await removeCalendarFeed(context.db, admin, campsiteId, field("feedId"));
        return {
          toast: {
            kind: "success",
            title: `${feed.name} removed`,
            description: "The nights it imported are open again.",
          },
        } satisfies ActionResult;
      }
      case "regenerate-url": {
        const kind = field("kind") === "unit" ? "unit" : "campsite";
        await regenerateExportUrl(context.db, admin, campsiteId, { kind, id: field("targetId") });
        return {
          toast: {
            kind: "success",
            title: "New calendar URL created",
            description: "The old URL no longer works: update every listing that imports it.",
          },
        } satisfies ActionResult;
      }
      default:
        return data<ActionResult>(
          { toast: { kind: "error", title: "Unknown action. Reload the page and try again." } },
          { status: 400 },
        );
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.fieldErrors) {
      return data<ActionResult>({ toast: null, fieldErrors: error.fieldErrors }, { status: 400 });
    }
    return data<ActionResult>(
      { toast: { kind: "error", title: error.message } },
      {
        status: STATUS_OF[error.refusal],
      },
    );
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const name = loaderData?.overview.campsite.name;
  return [{ title: adminPageTitle(matches, name ? `Calendar sync: ${name}` : "Calendar sync") }];
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
const formatDate = (day: string) => formatDay(day, { weekday: false });

export default function CalendarSync({ loaderData }: Route.ComponentProps) {
  const { overview } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <Link
          to="/admin/campsites"
          className="inline-flex items-center gap-1 text-sm font-medium text-paddock-700 underline-offset-4 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Back to Campsites
        </Link>
        <h1 className="mt-2 text-2xl font-bold">Calendar sync</h1>
        <p className="mt-1 text-stone-700">
          {overview.campsite.name}
          {overview.campsite.isActive ? "" : " (inactive)"}: share this site's calendar with your
          other listings, and import theirs so no night is sold twice.
        </p>
      </div>
      {overview.conflicts.length > 0 && <Conflicts conflicts={overview.conflicts} />}
      <ExportUrls links={overview.exports} />
      <ImportFeeds overview={overview} />
    </div>
  );
}

function Conflicts({ conflicts }: { conflicts: CalendarSyncOverview["conflicts"] }) {
  return (
    <section aria-labelledby="conflicts-heading">
      <Card className="border-red-300 bg-red-50">
        <CardHeader>
          <CardTitle id="conflicts-heading" className="flex items-center gap-2 text-red-900">
            <AlertTriangle className="size-5" aria-hidden />
            Conflicts
          </CardTitle>
          <p className="text-sm text-red-900">
            These nights are booked and paid here and also closed by an imported calendar: they may
            have been sold twice. Contact the guests and the other listing to sort them out.
          </p>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-3">
            {conflicts.map((c) => (
              <li
                key={`${c.feedId}-${c.bookingId}`}
                className="rounded-md border border-red-200 bg-white p-3 text-sm"
              >
                <p className="font-semibold">
                  {c.bookingReference} · {c.unitName ?? c.campsiteName} ·{" "}
                  {formatDate(c.checkInDate)} to {formatDate(c.checkOutDate)} ({c.status})
                </p>
                <p className="mt-1 text-stone-800">
                  Closed by {c.feedName} on {c.nights.map(formatDate).join(", ")}
                </p>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}

function ExportUrls({ links }: { links: ExportLink[] }) {
  return (
    <section aria-labelledby="export-heading">
      <Card>
        <CardHeader>
          <CardTitle id="export-heading" className="flex items-center gap-2">
            <Link2 className="size-5" aria-hidden />
            Export URLs
          </CardTitle>
          <p className="text-sm text-stone-700">
            Paste a URL into another listing's calendar import. It lists booked and blocked nights
            only, never guests' details. Use the campsite's URL for a listing that sells the whole
            campsite, or a unit's URL for a listing that sells that one spot. Keep them private;
            regenerate one if it was shared by mistake.
          </p>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-4">
            {links.map((link) => (
              <ExportUrlRow key={`${link.kind}-${link.id}`} link={link} />
            ))}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}

function ExportUrlRow({ link }: { link: ExportLink }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const fetcher = useFetcher<ActionResult>();
  const [confirming, setConfirming] = useState(false);
  useToastOnce(fetcher.data?.toast);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setConfirming(false);
  }, [fetcher.state, fetcher.data]);
  const label = link.kind === "campsite" ? `${link.name} (whole campsite)` : link.name;

  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url);
      toast.success("Calendar URL copied", { description: label });
    } catch {
      // No clipboard (an insecure origin, say): select the text so it can be copied by hand.
      inputRef.current?.select();
      toast.info("Select and copy the URL", { description: "It is highlighted in the field." });
    }
  }

  return (
    <li className="flex flex-col gap-2">
      <Label htmlFor={inputId}>
        {label}
        {link.isActive ? "" : " (inactive)"}
      </Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          ref={inputRef}
          readOnly
          value={link.url}
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono text-xs sm:text-xs"
        />
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={copy}
            aria-label={`Copy URL of ${label}`}
          >
            <Copy aria-hidden />
            Copy
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => setConfirming(true)}
            aria-label={`Regenerate URL of ${label}`}
          >
            <RefreshCw aria-hidden />
            Regenerate
          </Button>
        </div>
      </div>
      <Confirm
        open={confirming}
        onOpenChange={setConfirming}
        title="Regenerate this calendar URL?"
        description={`The current URL of ${label} stops working at once. Every listing that imports it needs the new one.`}
        confirmLabel="Regenerate URL"
        busy={fetcher.state !== "idle"}
        onConfirm={() =>
          fetcher.submit(
            { intent: "regenerate-url", kind: link.kind, targetId: link.id },
            { method: "post" },
          )
        }
      />
    </li>
  );
}

function ImportFeeds({ overview }: { overview: CalendarSyncOverview }) {
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
          {overview.feeds.length === 0 ? (
            <p className="text-sm text-stone-700">No calendars imported yet.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {overview.feeds.map((feed) => (
                <FeedRow
                  key={feed.id}
                  feed={feed}
                  conflicts={overview.conflicts.filter((c) => c.feedId === feed.id).length}
                />
              ))}
            </ul>
          )}
          <AddFeedForm units={overview.units} />
        </CardContent>
      </Card>
    </section>
  );
}

function FeedRow({ feed, conflicts }: { feed: FeedView; conflicts: number }) {
  const sync = useFetcher<ActionResult>();
  const remove = useFetcher<ActionResult>();
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
      <Confirm
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${feed.name}?`}
        description={`The ${nights(feed.nightsCount)} it imported open again for booking here.`}
        confirmLabel="Remove feed"
        busy={remove.state !== "idle"}
        onConfirm={() =>
          remove.submit({ intent: "remove-feed", feedId: feed.id }, { method: "post" })
        }
      />
    </li>
  );
}

function AddFeedForm({ units }: { units: CalendarSyncOverview["units"] }) {
  const fetcher = useFetcher<ActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { name: useId(), url: useId(), unit: useId() };
  const errors = fetcher.data?.fieldErrors ?? {};
  const busy = fetcher.state !== "idle";
  useToastOnce(fetcher.data?.toast);
  // Cleared once per answer that took the feed, as soon as it arrives.
  useEffect(() => {
    if (fetcher.data?.toast && !fetcher.data.fieldErrors) formRef.current?.reset();
  }, [fetcher.data]);
  const describe = (id: string, field: string) => (errors[field] ? `${id}-error` : undefined);
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      className="flex flex-col gap-4 border-t border-stone-200 pt-6"
      aria-labelledby="add-feed-heading"
    >
      <h3 id="add-feed-heading" className="font-semibold">
        Add a calendar to import
      </h3>
      <input type="hidden" name="intent" value="add-feed" />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.name}>Name</Label>
          <Input
            id={ids.name}
            name="name"
            required
            maxLength={60}
            placeholder="Airbnb"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describe(ids.name, "name")}
          />
          <FieldError id={`${ids.name}-error`}>{errors.name}</FieldError>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.unit}>Blocks</Label>
          <select
            id={ids.unit}
            name="campsiteUnitId"
            defaultValue=""
            aria-invalid={errors.campsiteUnitId ? true : undefined}
            aria-describedby={describe(ids.unit, "campsiteUnitId")}
            className="h-10 rounded-md border border-stone-400 bg-white px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700 sm:text-sm"
          >
            <option value="">The whole campsite</option>
            {units.map((u) => (
              <option key={u.id} value={u.id}>
                Only {u.name}
              </option>
            ))}
          </select>
          <FieldError id={`${ids.unit}-error`}>{errors.campsiteUnitId}</FieldError>
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.url}>Calendar URL (.ics)</Label>
        <Input
          id={ids.url}
          name="url"
          type="url"
          inputMode="url"
          required
          placeholder="https://www.airbnb.com/calendar/ical/….ics"
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={[`${ids.url}-hint`, describe(ids.url, "url")].filter(Boolean).join(" ")}
        />
        <p id={`${ids.url}-hint`} className="text-xs text-stone-700">
          The listing's calendar export link; webcal:// links work too.
        </p>
        <FieldError id={`${ids.url}-error`}>{errors.url}</FieldError>
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Adding and reading…" : "Add calendar"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function Confirm(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <A.Root open={props.open} onOpenChange={props.onOpenChange}>
      <A.Portal>
        <A.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <A.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <A.Title className="text-lg font-semibold">{props.title}</A.Title>
          <A.Description className="mt-2 text-sm text-stone-700">{props.description}</A.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <A.Cancel className={buttonVariants({ variant: "outline" })}>Cancel</A.Cancel>
            <Button variant="destructive" disabled={props.busy} onClick={props.onConfirm}>
              {props.confirmLabel}
            </Button>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminScreenError error={error} />;
}
