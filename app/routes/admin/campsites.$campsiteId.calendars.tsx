// /admin/campsites/:campsiteId/calendars (Calendar sync): the campsite's and
// its units' export URLs (copy, regenerate), the outside feeds it imports
// (add, sync now, remove) with their health, and the nights that clash with
// this site's paid or confirmed bookings.
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { AdminScreenError } from "#app/components/admin/admin-screen-error.tsx";
import { Conflicts } from "#app/components/admin/calendar-sync/conflicts.tsx";
import { ExportUrls } from "#app/components/admin/calendar-sync/export-urls.tsx";
import { ImportFeeds } from "#app/components/admin/calendar-sync/feed-list.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { failed, invalidForm, ok, refused } from "#app/routes/action-answer.server.ts";
import {
  campsiteIdOf,
  overviewOrNotFound,
  syncToast,
} from "#app/routes/admin/campsites.$campsiteId.calendars.server.ts";
import { requireOwnerScreen } from "#app/routes/admin/guards.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { calendarFeedInput } from "#domain/forms/calendar-feed.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import {
  addCalendarFeed,
  regenerateExportUrl,
  removeCalendarFeed,
  syncCalendarFeedNow,
} from "#server/services/channel-sync/admin.ts";
import type { Route } from "./+types/campsites.$campsiteId.calendars";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireOwnerScreen(request, context);
  return { overview: await overviewOrNotFound(context.db, campsiteIdOf(params)) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireOwnerScreen(request, context);
  const campsiteId = campsiteIdOf(params);
  const form = await readForm(request);
  const field = (name: string) => String(form.get(name) ?? "");
  const intent = field("intent");
  try {
    switch (intent) {
      case "add-feed": {
        const parsed = parseForm(calendarFeedInput, {
          name: field("name"),
          url: field("url"),
          campsiteUnitId: field("campsiteUnitId"),
        });
        if (!parsed.ok) return invalidForm(intent, parsed.errors);
        const feed = await addCalendarFeed(context.db, admin, campsiteId, parsed.data);
        // A read that fails is the feed's health, not a refusal: the feed is added
        // (the next sync retries) and the toast says how the read went.
        const outcome = await syncCalendarFeedNow(context.db, admin, campsiteId, feed.id);
        return ok(intent, syncToast(feed.name, outcome, true));
      }
      case "sync-feed": {
        const outcome = await syncCalendarFeedNow(context.db, admin, campsiteId, field("feedId"));
        return ok(intent, syncToast(field("feedName") || "The feed", outcome));
      }
      case "remove-feed": {
        const feed = await removeCalendarFeed(context.db, admin, campsiteId, field("feedId"));
        return ok(intent, {
          kind: "success",
          title: `${feed.name} removed`,
          description: "The nights it imported are open again.",
        });
      }
      case "regenerate-url": {
        const kind = field("kind") === "unit" ? "unit" : "campsite";
        await regenerateExportUrl(context.db, admin, campsiteId, { kind, id: field("targetId") });
        return ok(intent, {
          kind: "success",
          title: "New calendar URL created",
          description: "The old URL no longer works: update every listing that imports it.",
        });
      }
      default:
        return failed(
          intent,
          { kind: "error", title: "Unknown action. Reload the page and try again." },
          400,
        );
    }
  } catch (error) {
    // A refusal about a field is shown beside it, without a toast.
    return refused(intent, error, (message, { fieldErrors }) =>
      fieldErrors ? undefined : { kind: "error", title: message },
    );
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const name = loaderData?.overview.campsite.name;
  return [{ title: adminPageTitle(matches, name ? `Calendar sync: ${name}` : "Calendar sync") }];
}

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
      <ImportFeeds feeds={overview.feeds} conflicts={overview.conflicts} units={overview.units} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminScreenError error={error} />;
}
