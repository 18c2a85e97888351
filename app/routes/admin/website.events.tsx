// /admin/website/events (issue 30, item 3): the farm's events, added, changed
// and removed; past ones drop off the public pages by the farm's date.
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { SelectField, TextAreaField, TextField } from "#app/components/admin/catalogue/field.tsx";
import { ScreenHeader } from "#app/components/admin/catalogue/screen-error.tsx";
import { useCheckedForm } from "#app/components/admin/catalogue/use-checked-form.ts";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { useAnswer } from "#app/components/admin/use-answer.ts";
import { WebsiteTabs } from "#app/components/admin/website/website-tabs.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import {
  failed,
  invalidForm,
  ok,
  refused,
  unknownIntent,
} from "#app/routes/action-answer.server.ts";
import { requireOwnerScreen } from "#app/routes/admin/guards.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { formatEventDates } from "#content/events.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import { siteEventSchema } from "#domain/forms/site-event.ts";
import { farmToday } from "#domain/rules/dates.ts";
import { mediaLibrary } from "#server/services/media-library.ts";
import {
  addSiteEvent,
  allSiteEvents,
  changeSiteEvent,
  removeSiteEvent,
  type SiteEvent,
} from "#server/services/site-events.ts";
import type { Route } from "./+types/website.events";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Events") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerScreen(request, context);
  const [events, library] = await Promise.all([
    allSiteEvents(context.db),
    mediaLibrary(context.db),
  ]);
  return {
    today: farmToday(),
    events: events.map((event) => ({ ...event, dates: formatEventDates(event) })),
    pictures: [
      { value: "", label: "No picture" },
      ...library.map((p) => ({ value: p.id, label: p.caption })),
    ],
  };
}

const gone = (intent: string) =>
  failed(intent, { kind: "error", title: "That event is no longer there" }, 404);

export async function action({ request, context }: Route.ActionArgs) {
  const owner = await requireOwnerScreen(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  if (intent === "remove-event") {
    if (!(await removeSiteEvent(context.db, owner, id))) return gone(intent);
    return ok(intent, { kind: "success", title: "Event removed" });
  }
  if (intent !== "add-event" && intent !== "change-event") return unknownIntent(intent);
  const notSaved = (description: string | undefined) => ({
    kind: "error" as const,
    title: "The event was not saved",
    description,
  });
  const parsed = parseForm(siteEventSchema, form);
  if (!parsed.ok) {
    return invalidForm(intent, parsed.errors, notSaved);
  }
  try {
    if (intent === "add-event") {
      await addSiteEvent(context.db, owner, parsed.data);
      return ok(intent, {
        kind: "success",
        title: "Event added",
        description: "The events page shows it now.",
      });
    }
    if (!(await changeSiteEvent(context.db, owner, id, parsed.data))) return gone(intent);
  } catch (error) {
    return refused(intent, error, notSaved);
  }
  return ok(intent, { kind: "success", title: "Event saved" });
}

type ShownEvent = Route.ComponentProps["loaderData"]["events"][number];

export default function AdminEvents({ loaderData }: Route.ComponentProps) {
  const { events, today, pictures } = loaderData;
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <ScreenHeader
        title="Website"
        description="The farm's events, on the events page and the home page."
      />
      <WebsiteTabs />
      <Card>
        <CardHeader>
          <CardTitle>Add an event</CardTitle>
        </CardHeader>
        <CardContent>
          <EventForm intent="add-event" pictures={pictures} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Events</CardTitle>
        </CardHeader>
        <CardContent>
          {events.length === 0 ? (
            <p className="text-sm text-stone-700">
              No events yet: the events page says none are planned.
            </p>
          ) : (
            <ul className="flex flex-col divide-y divide-stone-200">
              {events.map((event) => (
                <li key={event.id} className="flex flex-col gap-3 py-4">
                  {editing === event.id ? (
                    <EventForm
                      intent="change-event"
                      event={event}
                      pictures={pictures}
                      onDone={() => setEditing(null)}
                    />
                  ) : (
                    <EventRow
                      event={event}
                      past={(event.endDate ?? event.startDate) < today}
                      onEdit={() => setEditing(event.id)}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function EventRow({
  event,
  past,
  onEdit,
}: {
  event: ShownEvent;
  past: boolean;
  onEdit: () => void;
}) {
  const remove = useFetcher<ActionAnswer>({ key: `remove-${event.id}` });
  useAnswer(remove);
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="font-semibold">
          {event.title}
          {past ? (
            <span className="ml-2 text-sm font-normal text-stone-600">Past: no longer shown</span>
          ) : null}
        </p>
        <p className="text-sm text-stone-700">
          {event.dates}, {event.time}
        </p>
      </div>
      <div className="flex gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onEdit}>
          <Pencil className="size-4" aria-hidden />
          Edit<span className="sr-only"> {event.title}</span>
        </Button>
        <remove.Form method="post">
          <input type="hidden" name="intent" value="remove-event" />
          <input type="hidden" name="id" value={event.id} />
          <Button type="submit" variant="outline" size="sm" disabled={remove.state !== "idle"}>
            <Trash2 className="size-4" aria-hidden />
            Remove<span className="sr-only"> {event.title}</span>
          </Button>
        </remove.Form>
      </div>
    </div>
  );
}

function EventForm({
  intent,
  event,
  pictures,
  onDone,
}: {
  intent: string;
  event?: SiteEvent;
  pictures: { value: string; label: string }[];
  onDone?: () => void;
}) {
  const form = useCheckedForm(siteEventSchema, () => {
    if (!event) form.formRef.current?.reset();
    onDone?.();
  });
  return (
    <form.fetcher.Form
      ref={form.formRef}
      method="post"
      noValidate
      onSubmit={form.onSubmit}
      aria-label={event ? `Edit ${event.title}` : "Add an event"}
      className="grid gap-4 sm:grid-cols-2"
    >
      <input type="hidden" name="intent" value={intent} />
      {event ? <input type="hidden" name="id" value={event.id} /> : null}
      <TextField
        label="Title"
        required
        name="title"
        defaultValue={event?.title}
        error={form.errors.title}
        className="sm:col-span-2"
      />
      <TextField
        label="First day"
        required
        type="date"
        name="startsOn"
        defaultValue={event?.startDate}
        error={form.errors.startsOn}
      />
      <TextField
        label="Last day"
        type="date"
        name="endsOn"
        defaultValue={event?.endDate}
        hint="For an event over several days."
        error={form.errors.endsOn}
      />
      <TextField
        label="Time"
        required
        name="time"
        defaultValue={event?.time}
        hint="As campers read it, like 8pm to 10pm."
        error={form.errors.time}
        className="sm:col-span-2"
      />
      <TextAreaField
        label="Description"
        name="description"
        rows={3}
        defaultValue={event?.description}
        error={form.errors.description}
        className="sm:col-span-2"
      />
      <SelectField
        label="Picture"
        name="pictureId"
        options={pictures}
        defaultValue={event?.pictureId ?? ""}
        hint="From the pictures of the library (Website › Pictures)."
        error={form.errors.pictureId}
        className="sm:col-span-2"
      />
      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" disabled={form.busy}>
          <Plus className="size-4" aria-hidden />
          {event ? "Save event" : "Add event"}
        </Button>
        {onDone ? (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form.fetcher.Form>
  );
}
