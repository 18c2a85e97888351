// /admin/reports (issue 17): for this month, last month, this season or a
// typed range of farm days, the occupancy, nights, revenue, money, rates, lead time,
// cancellations and refunds, and the nights booked here against those closed
// by imported calendars, in total and per campsite; three charts, each with
// its table; and the CSV of the bookings behind the figures.
import { Download } from "lucide-react";
import { data } from "react-router";
import { AdminScreenError } from "#app/components/admin/admin-screen-error.tsx";
import { ScreenHeader } from "#app/components/admin/catalogue/screen-error.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import {
  bookingColumns,
  CampsiteTable,
  salesColumns,
} from "#app/components/admin/reports/campsite-table.tsx";
import { FigureCards } from "#app/components/admin/reports/figure-cards.tsx";
import { rangeText } from "#app/components/admin/reports/format.ts";
import { MoneySection, ProviderSection } from "#app/components/admin/reports/money-section.tsx";
import { RangePicker } from "#app/components/admin/reports/range-picker.tsx";
import { ReportChartsSection } from "#app/components/admin/reports/report-charts-section.tsx";
import { RenderedApart } from "#app/components/rendered-apart.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { requireOwnerScreen } from "#app/routes/admin/guards.server.ts";
import type { Report } from "#domain/api/admin-reports.ts";
import { farmToday, nightsBetween } from "#domain/rules/dates.ts";
import { readRangeQuery } from "#domain/rules/report-range.ts";
import { loadReport } from "#server/services/reports.ts";
import type { Route } from "./+types/reports";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Reports") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerScreen(request, context);
  const params = new URL(request.url).searchParams;
  const read = readRangeQuery(
    { range: params.get("range"), from: params.get("from"), to: params.get("to") },
    farmToday(),
  );
  // A refused range is answered 400 with what was typed, and the form shows both.
  if (!read.ok) return data({ refused: read }, { status: 400 });
  return { report: await loadReport(context.db, read.preset, read.range) };
}

const DESCRIPTION = "Occupancy, revenue, money and bookings at the farm for a range of days.";

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  if ("refused" in loaderData) {
    const { values, errors } = loaderData.refused;
    return (
      <div className="flex flex-col gap-6">
        <ScreenHeader title="Reports" description={DESCRIPTION} />
        <RangePicker preset="custom" values={values} errors={errors} />
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {errors.range ?? "Fix the dates above to see the report."}
        </p>
      </div>
    );
  }
  return <ReportView report={loaderData.report} />;
}

/** The accountant's files for the range: Xero's import formats, and the same as plain CSV. */
function AccountsFiles({ from, to }: { from: string; to: string }) {
  const files = [
    ["xero-invoices", "Invoices and adjustment notes (Xero)"],
    ["xero-payments", "Payments and refunds (Xero bank statement)"],
    ["documents", "Invoices and adjustment notes (CSV)"],
    ["ledger", "Money ledger (CSV)"],
  ] as const;
  return (
    <nav
      aria-label="For the accountant"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm"
    >
      <span className="font-semibold text-stone-900">For the accountant:</span>
      {files.map(([file, label]) => (
        <a
          key={file}
          href={`/admin/reports/accounts?file=${file}&from=${from}&to=${to}`}
          download
          className="text-paddock-800 underline hover:text-paddock-900"
        >
          {label}
        </a>
      ))}
    </nav>
  );
}

function ReportView({ report }: { report: Report }) {
  const { from, to } = report.range;
  const days = nightsBetween(from, to) + 1;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <ScreenHeader title="Reports" description={DESCRIPTION}>
        <Button asChild variant="outline">
          <a href={`/admin/reports/export?from=${from}&to=${to}`} download>
            <Download aria-hidden />
            Export bookings (CSV)
          </a>
        </Button>
      </ScreenHeader>
      <AccountsFiles from={from} to={to} />
      <RangePicker preset={report.preset} values={report.range} />
      <section aria-labelledby="report-total" className="flex flex-col gap-3">
        <h2 id="report-total" className="text-lg font-semibold text-stone-900">
          {rangeText(report.range)}{" "}
          <span className="font-normal text-stone-700">
            ({days} {days === 1 ? "day" : "days"}, all campsites)
          </span>
        </h2>
        <FigureCards figures={report.total} />
      </section>
      <section aria-labelledby="report-money" className="flex flex-col gap-3">
        <h2 id="report-money" className="text-lg font-semibold text-stone-900">
          Money
        </h2>
        <RenderedApart>
          <MoneySection money={report.money} />
          <h3 className="font-semibold text-stone-900">The card provider</h3>
          <ProviderSection provider={report.provider} />
        </RenderedApart>
      </section>
      <section aria-labelledby="report-charts" className="flex flex-col gap-3">
        <h2 id="report-charts" className="text-lg font-semibold text-stone-900">
          Charts
        </h2>
        <ReportChartsSection report={report} />
      </section>
      <section aria-labelledby="report-campsites" className="flex flex-col gap-3">
        <h2 id="report-campsites" className="text-lg font-semibold text-stone-900">
          By campsite
        </h2>
        <CampsiteTable
          label="Sales by campsite"
          columns={salesColumns}
          campsites={report.campsites}
          total={report.total}
        />
        <CampsiteTable
          label="Bookings by campsite"
          columns={bookingColumns}
          campsites={report.campsites}
          total={report.total}
        />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminScreenError error={error} message="Failed to load the report. Please try again." />;
}
