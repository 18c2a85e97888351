// The report's three charts: occupancy over the range (a line), revenue by
// campsite and nights booked here against nights closed by imported
// calendars (bars). Each says in a sentence what it shows and has a table.
import { RenderedApart, RowsInTurns } from "#app/components/rendered-apart.tsx";
import { Table, Td, Th, Tr } from "#app/components/ui/table.tsx";
import type { Report } from "#domain/api/admin-reports.ts";
import { formatMoney } from "#domain/format/money.ts";
import { ChannelBars, ChartPanel, OccupancyLine, RevenueBars } from "./chart-panel";
import { countText, percentText, periodLabel } from "./format";

export function ReportChartsSection({ report }: { report: Report }) {
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      <div className="xl:col-span-2">
        <RenderedApart>
          <OccupancyPanel report={report} />
        </RenderedApart>
      </div>
      <RenderedApart>
        <RevenuePanel report={report} />
      </RenderedApart>
      <RenderedApart>
        <ChannelPanel report={report} />
      </RenderedApart>
    </div>
  );
}

function OccupancyPanel({ report }: { report: Report }) {
  const unit = report.periodUnit;
  const data = report.periods.map((p) => ({
    label: periodLabel(p.from, unit),
    occupancy: p.occupancyPercent,
    nights: `${p.nightsSold} of ${p.availableUnitNights}`,
  }));
  const ranked = [...data].sort((a, b) => b.occupancy - a.occupancy);
  const [high, low] = [ranked[0], ranked.at(-1)];
  const summary =
    high && low
      ? `${percentText(report.total.occupancyPercent)} over the range; highest ${high.occupancy}% (${high.label}), lowest ${low.occupancy}% (${low.label}).`
      : "No days in the range.";
  return (
    <ChartPanel
      title={unit === "day" ? "Occupancy by day" : "Occupancy by month"}
      summary={summary}
      chart={<OccupancyLine data={data} />}
      table={
        <FigureTable
          head={[unit === "day" ? "Day" : "Month", "Occupancy", "Nights sold"]}
          rows={data.map((d) => [d.label, `${d.occupancy}%`, d.nights])}
        />
      }
    />
  );
}

function RevenuePanel({ report }: { report: Report }) {
  const data = report.campsites.map((c) => ({ name: c.name, revenueCents: c.revenueCents }));
  const top = [...data].sort((a, b) => b.revenueCents - a.revenueCents)[0];
  const summary =
    top && top.revenueCents > 0
      ? `${formatMoney(report.total.revenueCents)} in all; the most at ${top.name}, ${formatMoney(top.revenueCents)}.`
      : "No revenue in this range.";
  return (
    <ChartPanel
      title="Revenue by campsite"
      summary={summary}
      chart={<RevenueBars data={data} />}
      height={barsHeight(data.length, 1)}
      table={
        <FigureTable
          head={["Campsite", "Revenue"]}
          rows={data.map((d) => [d.name, formatMoney(d.revenueCents)])}
        />
      }
    />
  );
}

function ChannelPanel({ report }: { report: Report }) {
  const data = report.campsites.map((c) => ({
    name: c.name,
    here: c.nightsSold,
    imported: c.importedUnitNights,
  }));
  const t = report.total;
  return (
    <ChartPanel
      title="Booked on this site and closed by imported calendars"
      summary={`${countText(t.nightsSold, "night", "nights")} booked on this site, ${countText(t.importedUnitNights, "night", "nights")} closed by imported calendars (${percentText(t.bookedHerePercent)} booked here).`}
      chart={<ChannelBars data={data} />}
      height={barsHeight(data.length, 2) + 32}
      table={
        <FigureTable
          head={["Campsite", "Booked on this site", "Closed by imported calendars"]}
          rows={data.map((d) => [d.name, String(d.here), String(d.imported)])}
        />
      }
    />
  );
}

/** Room for each campsite's bars (one or two a campsite) and the axis. */
const barsHeight = (campsites: number, barsEach: number) =>
  Math.max(160, campsites * (20 + 16 * barsEach) + 40);

function FigureTable({ head, rows }: { head: string[]; rows: string[][] }) {
  return (
    <Table>
      <thead>
        <Tr>
          {head.map((h) => (
            <Th key={h} scope="col" className="whitespace-normal">
              {h}
            </Th>
          ))}
        </Tr>
      </thead>
      <tbody>
        <RowsInTurns
          rows={rows}
          row={(row, i) => (
            <Tr key={i}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <Th key={j} scope="row" className="h-auto whitespace-normal py-2 font-medium">
                    {cell}
                  </Th>
                ) : (
                  <Td key={j} className="py-2 tabular-nums">
                    {cell}
                  </Td>
                ),
              )}
            </Tr>
          )}
        />
      </tbody>
    </Table>
  );
}
