// The figures per campsite, and all campsites together on the last row: a
// table of tight columns beside the sidebar, a card per campsite on a phone.
// The screen shows two, sales and bookings, so each fits beside the sidebar.
import { ScrollTable } from "#app/components/admin/catalogue/scroll-table.tsx";
import { RowsInTurns } from "#app/components/rendered-apart.tsx";
import { StackBody, StackHead, StackTd, StackTh, StackTr } from "#app/components/ui/table.tsx";
import type { ReportFigures } from "#domain/api/admin-reports.ts";
import { daysText, moneyText, percentText } from "./format";

type Row = ReportFigures & { name: string };

const count = (n: number) => n.toLocaleString("en-AU");

type Column = { label: string; cell: (r: Row) => string; money?: true };

/** What was sold and what it earned. `money` cells never break inside an amount. */
export const salesColumns: Column[] = [
  { label: "Occupancy", cell: (r) => percentText(r.occupancyPercent) },
  {
    label: "Nights sold",
    cell: (r) => `${count(r.nightsSold)} of ${count(r.availableUnitNights)}`,
  },
  { label: "Revenue", cell: (r) => moneyText(r.revenueCents), money: true },
  { label: "Average nightly rate", cell: (r) => moneyText(r.averageNightlyRateCents), money: true },
  {
    label: "Revenue per available night",
    cell: (r) => moneyText(r.revenuePerAvailableNightCents),
    money: true,
  },
];

/** How people booked: how far ahead, what was called off, and through which channel. */
export const bookingColumns: Column[] = [
  { label: "Average lead time", cell: (r) => daysText(r.averageLeadTimeDays) },
  { label: "Cancellations", cell: (r) => count(r.cancellations) },
  {
    label: "Refunds",
    cell: (r) => (r.refunds === 0 ? "None" : `${moneyText(r.refundsCents)} (${r.refunds})`),
  },
  { label: "Nights booked on this site", cell: (r) => count(r.nightsSold) },
  { label: "Nights closed by imported calendars", cell: (r) => count(r.importedUnitNights) },
  { label: "Booked on this site", cell: (r) => percentText(r.bookedHerePercent) },
];

export function CampsiteTable({
  label,
  columns,
  campsites,
  total,
}: {
  label: string;
  columns: Column[];
  campsites: Row[];
  total: ReportFigures;
}) {
  const rows = [...campsites, { ...total, name: "All campsites" }];
  return (
    <ScrollTable label={label} stacked>
      <StackHead>
        <StackTh>Campsite</StackTh>
        {columns.map((c) => (
          <StackTh key={c.label} className="whitespace-normal align-bottom">
            {c.label}
          </StackTh>
        ))}
      </StackHead>
      <StackBody>
        <RowsInTurns
          rows={rows}
          row={(row, i) => (
            <StackTr
              key={`${i} ${row.name}`}
              className={i === campsites.length ? "font-semibold" : undefined}
            >
              <StackTd label="Campsite" className="font-semibold @4xl:min-w-28">
                {row.name}
              </StackTd>
              {columns.map((c) => (
                <StackTd
                  key={c.label}
                  label={c.label}
                  className="tabular-nums @4xl:whitespace-nowrap"
                >
                  {c.cell(row)}
                </StackTd>
              ))}
            </StackTr>
          )}
        />
      </StackBody>
    </ScrollTable>
  );
}
