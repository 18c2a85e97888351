// /admin: the dashboard (spec 2.15; amendment 2.11): this month's figures and
// the stays starting in the next 7 days. Its figures include the takings,
// which are the owner's: staff start their day on Today instead (decision 0017).

import { CalendarClock, CalendarRange, DollarSign, Percent } from "lucide-react";
import { redirect } from "react-router";
import { AbnNotice } from "#app/components/admin/abn-notice.tsx";
import { AdminScreenError } from "#app/components/admin/admin-screen-error.tsx";
import { nightsLabel } from "#app/components/admin/format.ts";
import { LiveIndicator } from "#app/components/admin/live-indicator.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { useLiveUpdates } from "#app/components/admin/use-live-updates.ts";
import { Card } from "#app/components/ui/card.tsx";
import { requireAdminScreen } from "#app/routes/admin/guards.server.ts";
import { siteConfig } from "#content/site.ts";
import { formatDay, formatMonth } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import { takesPretendPayments } from "#server/payments/index.ts";
import { loadDashboard } from "#server/services/dashboard.ts";
import type { Route } from "./+types/dashboard";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Dashboard") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminScreen(request, context);
  if (admin.role !== "owner") throw redirect("/admin/today");
  return {
    ...(await loadDashboard(context.db)),
    pretendPayments: takesPretendPayments(),
    noAbn: !siteConfig().business.abn,
  };
}

export default function AdminDashboard({ loaderData: d }: Route.ComponentProps) {
  const live = useLiveUpdates(["bookings", "campsites"]);
  const cards = [
    {
      label: "Total Bookings",
      value: String(d.totalBookings),
      note: "this month",
      icon: CalendarRange,
    },
    {
      label: "Total Earnings",
      value: formatMoney(d.totalEarningsCents),
      note: "this month: money received less refunds",
      icon: DollarSign,
    },
    {
      label: "Upcoming Bookings",
      value: String(d.upcomingCount),
      note: "next 7 days",
      icon: CalendarClock,
    },
    { label: "Occupancy Rate", value: `${d.occupancyRate}%`, note: "this month", icon: Percent },
  ];
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">Dashboard</h1>
          <p className="text-sm text-stone-700">{formatMonth(d.month)}</p>
        </div>
        <LiveIndicator status={live} />
      </header>

      {d.pretendPayments ? (
        <p
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900"
        >
          <strong>Card payments are not set up.</strong> Bookings are paid through the built-in test
          checkout, so no money is taken. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take
          real card payments.
        </p>
      ) : null}

      {d.noAbn ? <AbnNotice /> : null}

      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((card) => (
          <li key={card.label}>
            <Card className="flex items-start justify-between gap-4 p-5">
              <div>
                <h2 className="text-sm font-semibold text-stone-700">{card.label}</h2>
                <p className="mt-1 text-3xl font-bold text-stone-900">{card.value}</p>
                <p className="mt-1 text-xs text-stone-700">{card.note}</p>
              </div>
              <card.icon className="size-6 shrink-0 text-paddock-700" aria-hidden />
            </Card>
          </li>
        ))}
      </ul>

      <Card className="p-5">
        <h2 className="text-lg font-semibold text-stone-900">Arriving in the Next 7 Days</h2>
        {d.upcoming.length === 0 ? (
          <p className="mt-4 text-stone-700">No upcoming bookings in the next 7 days</p>
        ) : (
          <ul className="mt-4 divide-y divide-stone-200">
            {d.upcoming.map((b) => (
              <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <p className="font-semibold text-stone-900">{b.guestName}</p>
                  <p className="text-sm text-stone-700">{b.campsiteName ?? "Unknown Campsite"}</p>
                </div>
                <div className="text-right text-sm text-stone-800">
                  <p>
                    {formatDay(b.checkIn)} – {formatDay(b.checkOut)}
                  </p>
                  <p className="text-stone-700">{nightsLabel(b.nights)}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminScreenError error={error} message="Failed to load dashboard data." />;
}
