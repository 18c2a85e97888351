// /admin/calendar (spec 2.15): a month Sun to Sat with previous and next, the
// campsite filter, the legend, each day's units booked of units available
// shaded by how full it is, booked and blocked days (two bookings, then
// '+N more'), and a click that blocks or unblocks a day.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { AdminScreenError } from "#app/components/admin/admin-screen-error.tsx";
import { CalendarLegend } from "#app/components/admin/calendar/calendar-legend.tsx";
import { DayCell } from "#app/components/admin/calendar/day-cell.tsx";
import { LiveIndicator } from "#app/components/admin/live-indicator.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { useLiveUpdates } from "#app/components/admin/use-live-updates.ts";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Label } from "#app/components/ui/input.tsx";
import { invalidForm, ok, refusedOrFailed } from "#app/routes/action-answer.server.ts";
import { requireAdminScreen } from "#app/routes/admin/guards.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { formatDay, formatMonth } from "#domain/format/dates.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import { z } from "#domain/forms/zod.ts";
import { isMonth, shiftMonth } from "#domain/rules/calendar-month.ts";
import { farmMonth } from "#domain/rules/dates.ts";
import { type CalendarDay, loadCalendar, setDayBlocked } from "#server/services/calendar.ts";
import type { Route } from "./+types/calendar";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Calendar") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context);
  const url = new URL(request.url);
  const requested = url.searchParams.get("month") ?? "";
  const month = isMonth(requested) ? requested : farmMonth();
  const calendar = await loadCalendar(context.db, {
    month,
    campsiteId: url.searchParams.get("campsite"),
  });
  return { ...calendar, previous: shiftMonth(month, -1), next: shiftMonth(month, 1) };
}

const blockInput = z.object({
  date: z.string(),
  campsiteId: z
    .string()
    .transform((v) => v || null)
    .pipe(z.uuid().nullable()),
  blocked: z.enum(["true", "false"]).transform((v) => v === "true"),
});

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminScreen(request, context);
  const parsed = parseForm(blockInput, await readForm(request));
  if (!parsed.ok) {
    return invalidForm(undefined, parsed.errors, {
      kind: "error",
      title: "Error",
      description: "That day could not be read. Reload the page and try again.",
    });
  }
  const failed = parsed.data.blocked ? "Failed to block date." : "Failed to unblock date.";
  try {
    await setDayBlocked(context.db, admin, parsed.data);
    const title = parsed.data.blocked ? "Date Blocked" : "Date Unblocked";
    return ok(undefined, { kind: "success", title, description: formatDay(parsed.data.date) });
  } catch (error) {
    return refusedOrFailed(
      undefined,
      error,
      (message) => ({ kind: "error", title: failed, description: message }),
      {
        log: "changing a blocked date failed",
        toast: { kind: "error", title: "Error", description: failed },
      },
    );
  }
}

const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export default function AdminCalendar({ loaderData: c }: Route.ComponentProps) {
  const live = useLiveUpdates(["bookings", "blocked_dates", "campsites"]);
  const navigate = useNavigate();
  const query = (month: string, campsite: string | null) => {
    const params = new URLSearchParams({ month });
    if (campsite) params.set("campsite", campsite);
    return `?${params}`;
  };
  const scopeName = c.campsiteId
    ? (c.campsites.find((s) => s.id === c.campsiteId)?.name ?? "this campsite")
    : "all campsites";

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-bold text-stone-900">Calendar</h1>
        <LiveIndicator status={live} />
      </header>

      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex items-center gap-2">
          <Link
            to={query(c.previous, c.campsiteId)}
            preventScrollReset
            className={buttonVariants({ variant: "outline", size: "icon" })}
            aria-label={`Previous month, ${formatMonth(c.previous)}`}
          >
            <ChevronLeft aria-hidden />
          </Link>
          <h2 className="min-w-40 text-center text-lg font-semibold" aria-live="polite">
            {formatMonth(c.month)}
          </h2>
          <Link
            to={query(c.next, c.campsiteId)}
            preventScrollReset
            className={buttonVariants({ variant: "outline", size: "icon" })}
            aria-label={`Next month, ${formatMonth(c.next)}`}
          >
            <ChevronRight aria-hidden />
          </Link>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="calendar-campsite">Campsite</Label>
          <select
            id="calendar-campsite"
            value={c.campsiteId ?? ""}
            onChange={(e) =>
              navigate(query(c.month, e.target.value || null), { preventScrollReset: true })
            }
            className="h-10 rounded-md border border-stone-400 bg-white px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700"
          >
            <option value="">All Campsites</option>
            {c.campsites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      </div>

      <CalendarLegend scopeName={scopeName} />
      <p className="text-sm text-stone-700">Select a day to block or unblock it for {scopeName}.</p>

      <Card className="overflow-hidden p-1 sm:p-2">
        <table className="w-full table-fixed border-separate border-spacing-1">
          <caption className="sr-only">
            {formatMonth(c.month)}, {scopeName}
          </caption>
          <thead>
            <tr>
              {weekdays.map((d, i) => (
                <th key={d} scope="col" className="py-1 text-xs font-semibold text-stone-700">
                  <abbr title={weekdayNames[i]} className="no-underline">
                    {d}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {c.weeks.map((week) => (
              <tr key={sundayOf(week)}>
                {week.map((day) => (
                  <td key={day.date} className="h-20 p-0 align-top sm:h-28">
                    <DayCell day={day} campsiteId={c.campsiteId} scopeName={scopeName} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </div>
  );
}

/** A week of the grid goes by its first day, a Sunday. */
function sundayOf(week: CalendarDay[]): string {
  const sunday = week[0];
  if (!sunday) throw new Error("a week of the calendar grid has seven days");
  return sunday.date;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminScreenError error={error} message="Failed to load blocked dates." />;
}
