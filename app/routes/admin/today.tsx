// /admin/today: the owner's day at the farm. For a chosen day (today at the
// farm unless asked), the arrivals, departures and stays on site tonight with
// what each still owes, the check-in and check-out marks, and the run sheet.
import { Printer } from "lucide-react";
import { Link } from "react-router";
import { AdminScreenError } from "#app/components/admin/admin-screen-error.tsx";
import { LiveIndicator } from "#app/components/admin/live-indicator.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { DayPicker } from "#app/components/admin/today/day-picker.tsx";
import { TodayGroup } from "#app/components/admin/today/today-group.tsx";
import { useLiveUpdates } from "#app/components/admin/use-live-updates.ts";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { invalidForm } from "#app/routes/action-answer.server.ts";
import { requireAdminScreen } from "#app/routes/admin/guards.server.ts";
import {
  MARK_NOT_UNDERSTOOD,
  markInput,
  markStayAnswer,
  recordPaymentAnswer,
} from "#app/routes/admin/today.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { formatDay } from "#domain/format/dates.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import { balancePaymentSchema } from "#domain/forms/front-desk-booking.ts";
import { farmToday, isIsoDay } from "#domain/rules/dates.ts";
import { countsLine } from "#domain/rules/today.ts";
import { loadDay } from "#server/services/today.ts";
import type { Route } from "./+types/today";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Today") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context);
  const requested = new URL(request.url).searchParams.get("day") ?? "";
  return loadDay(context.db, isIsoDay(requested) ? requested : farmToday());
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminScreen(request, context);
  const form = await readForm(request);
  if (form.get("intent") === "record-payment") {
    const payment = parseForm(balancePaymentSchema, form);
    if (!payment.ok) return invalidForm("record-payment", payment.errors, MARK_NOT_UNDERSTOOD);
    return recordPaymentAnswer(context.db, admin, payment.data);
  }
  const parsed = parseForm(markInput, form);
  if (!parsed.ok) return invalidForm(undefined, parsed.errors, MARK_NOT_UNDERSTOOD);
  return markStayAnswer(context.db, admin, parsed.data);
}

const groups = [
  ["arrivals", "Arrivals"],
  ["departures", "Departures"],
  ["onSite", "On site tonight"],
] as const;

export default function AdminToday({ loaderData: sheet }: Route.ComponentProps) {
  const live = useLiveUpdates(["bookings"]);
  const isToday = sheet.day === sheet.today;
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">Today</h1>
          <p className="text-stone-700">
            {formatDay(sheet.day)}
            {isToday ? " (today)" : ""}
          </p>
        </div>
        <LiveIndicator status={live} />
      </header>

      <div className="flex flex-wrap items-end justify-between gap-4">
        <DayPicker day={sheet.day} today={sheet.today} />
        <Link
          to={`/admin/today/print?day=${sheet.day}`}
          className={buttonVariants({ variant: "outline" })}
        >
          <Printer aria-hidden />
          Print run sheet
        </Link>
      </div>

      <p className="text-lg font-semibold text-stone-900" aria-live="polite">
        {countsLine(sheet)}
      </p>

      {groups.map(([group, title]) => (
        <TodayGroup
          key={group}
          group={group}
          title={title}
          day={sheet.day}
          today={sheet.today}
          stays={sheet[group]}
        />
      ))}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminScreenError error={error} message="Failed to load the day. Please try again." />;
}
