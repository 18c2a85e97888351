// /admin/timeline (issue 28, item 3): the front desk's picture of who is
// where. Every unit a row, grouped by campsite; days from today (or `from`)
// for 2 weeks, 1 month or 3 months; each stay a bar to open, drag or move,
// each empty night a new booking there (one link per run of them, pointed
// at the night tapped: new-booking-aim.ts); blocks and imported
// calendars' nights drawn apart. Owner and staff alike; live updates.
import { useCallback, useRef, useState } from "react";
import { AdminScreenError } from "#app/components/admin/admin-screen-error.tsx";
import { BookingDetailsDialog } from "#app/components/admin/bookings/booking-details-dialog.tsx";
import { LiveIndicator } from "#app/components/admin/live-indicator.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { TimelineGrid } from "#app/components/admin/timeline/timeline-grid.tsx";
import { TimelineLegend } from "#app/components/admin/timeline/timeline-legend.tsx";
import { useStayDrag } from "#app/components/admin/timeline/use-stay-drag.ts";
import { WindowNav } from "#app/components/admin/timeline/window-nav.tsx";
import { useLiveUpdates } from "#app/components/admin/use-live-updates.ts";
import { requireAdminScreen } from "#app/routes/admin/guards.server.ts";
import { loadTimeline } from "#server/timeline/index.ts";
import type { Route } from "./+types/timeline";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Timeline") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context);
  const url = new URL(request.url);
  return loadTimeline(context.db, {
    from: url.searchParams.get("from"),
    range: url.searchParams.get("range"),
  });
}

export default function AdminTimeline({ loaderData: timeline }: Route.ComponentProps) {
  const live = useLiveUpdates(["bookings", "blocked_dates", "campsites", "campsite_units"]);
  const [viewing, setViewing] = useState<string | null>(null);
  const closeView = useCallback(() => setViewing(null), []);
  const gridRef = useRef<HTMLElement>(null);
  const gridHandlers = useStayDrag(gridRef, setViewing);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-bold text-stone-900">Timeline</h1>
        <LiveIndicator status={live} />
      </header>
      <WindowNav
        from={timeline.from}
        range={timeline.range}
        days={timeline.days}
        today={timeline.today}
      />
      <TimelineLegend />
      <TimelineGrid timeline={timeline} gridRef={gridRef} gridHandlers={gridHandlers} />
      <BookingDetailsDialog bookingId={viewing} onClose={closeView} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminScreenError error={error} message="Failed to load the timeline." />;
}
