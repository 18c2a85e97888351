// The range's figures for the whole farm, one card each, with the counts they
// come from underneath so a figure can be checked by hand.
import { Card } from "#app/components/ui/card.tsx";
import type { ReportFigures } from "#domain/api/admin-reports.ts";
import { countText, daysText, moneyText, percentText } from "./format";

type Figure = { label: string; value: string; detail: string };

function figuresOf(f: ReportFigures): Figure[] {
  return [
    {
      label: "Occupancy",
      value: percentText(f.occupancyPercent),
      detail: `${countText(f.nightsSold, "night", "nights")} sold of ${f.availableUnitNights.toLocaleString("en-AU")} available`,
    },
    {
      label: "Nights sold",
      value: f.nightsSold.toLocaleString("en-AU"),
      detail: "paid and confirmed stays",
    },
    {
      label: "Revenue",
      value: moneyText(f.revenueCents),
      detail: "the nights stayed, by night, after discounts and refunds",
    },
    {
      label: "Average nightly rate",
      value: moneyText(f.averageNightlyRateCents),
      detail: "revenue per night sold",
    },
    {
      label: "Revenue per available night",
      value: moneyText(f.revenuePerAvailableNightCents),
      detail: "revenue per unit-night available",
    },
    {
      label: "Average lead time",
      value: daysText(f.averageLeadTimeDays),
      detail: `booking to check-in, ${countText(f.arrivals, "arrival", "arrivals")}`,
    },
    {
      label: "Cancellations",
      value: f.cancellations.toLocaleString("en-AU"),
      detail:
        f.refunds === 0
          ? "no refunds"
          : `${moneyText(f.refundsCents)} refunded on ${countText(f.refunds, "booking", "bookings")}`,
    },
    {
      label: "Booked on this site",
      value: percentText(f.bookedHerePercent),
      detail: `${countText(f.nightsSold, "night", "nights")} here, ${countText(f.importedUnitNights, "night", "nights")} closed by imported calendars`,
    },
  ];
}

export function FigureCards({ figures }: { figures: ReportFigures }) {
  return (
    <ul aria-label="All campsites" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      {figuresOf(figures).map((f) => (
        <li key={f.label}>
          <Card className="h-full p-4">
            <h3 className="text-sm font-semibold text-stone-700">{f.label}</h3>
            <p className="mt-1 text-xl font-bold text-stone-900 sm:text-2xl">{f.value}</p>
            <p className="mt-1 text-xs text-stone-700">{f.detail}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
