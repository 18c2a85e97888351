// /admin/today/print?day=yyyy-MM-dd: the day's run sheet on one A4 page, with
// boxes to tick on paper: arrivals, departures and on site tonight. A page of
// its own, outside the admin frame, so no sidebar prints.

import { Printer } from "lucide-react";
import { StandalonePageError } from "#app/components/admin/standalone-page-error.tsx";
import { RunSheetGroup } from "#app/components/admin/today/run-sheet-group.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { requireAdminArea } from "#app/routes/admin/guards.server.ts";
import { siteConfig } from "#content/site.ts";
import { formatDay } from "#domain/format/dates.ts";
import { farmToday, isIsoDay } from "#domain/rules/dates.ts";
import { countsLine } from "#domain/rules/today.ts";
import { loadDay } from "#server/services/today.ts";
import type { Route } from "./+types/today-print";

export function meta() {
  return [{ title: "Run sheet" }, { name: "robots", content: "noindex" }];
}

// Guarded like the admin layout: no session goes to /login; a non-admin gets 'Access Denied'.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminArea(request, context);
  const requested = new URL(request.url).searchParams.get("day") ?? "";
  const sheet = await loadDay(context.db, isIsoDay(requested) ? requested : farmToday());
  return { ...sheet, farm: `${siteConfig().farmName} Station` };
}

// A4 with narrow margins; React Router's styles cannot set @page, and the CSP allows inline styles.
const PAGE_CSS = "@page { size: A4; margin: 10mm; }";

export default function RunSheet({ loaderData: sheet }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-4xl p-4 text-stone-950 sm:p-6 print:max-w-none print:p-0 print:text-[11px]">
      <style>{PAGE_CSS}</style>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <a
          href={`/admin/today?day=${sheet.day}`}
          className="font-semibold text-paddock-700 underline"
        >
          Back to Today
        </a>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden />
          Print
        </Button>
      </div>
      <header className="mb-4 border-b-2 border-stone-900 pb-2 print:mb-2">
        <h1 className="text-2xl font-bold print:text-lg">Run sheet: {formatDay(sheet.day)}</h1>
        <p className="text-sm">
          {sheet.farm} · {countsLine(sheet)} · arrivals by 6:00pm, checkout by 10am
        </p>
      </header>
      <RunSheetGroup title="Arrivals" tick="In" mark="checkedInAt" stays={sheet.arrivals} />
      <RunSheetGroup title="Departures" tick="Out" mark="checkedOutAt" stays={sheet.departures} />
      <RunSheetGroup title="On site tonight" tick="Seen" stays={sheet.onSite} />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StandalonePageError
      error={error}
      failed="the run sheet"
      back={{ href: "/admin/today", label: "Back to Today" }}
    />
  );
}
