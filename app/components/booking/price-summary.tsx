// The price summary (issue 13): every figure is the server's (the quote on
// steps 1 and 2, the held booking from step 3); the browser computes no price.
// The stay's lines as the server wrote them (nights grouped by price, extra
// guests, dogs, each extra), then the discount, the prepaid credit, the total
// and the GST it includes.
import type { PendingBooking, Quote } from "#domain/api/booking.ts";
import { formatMoney } from "#domain/format/money.ts";
import type { PriceLine } from "#domain/rules/rates.ts";

export type PriceFigures = {
  lines: PriceLine[];
  subtotalCents: number;
  discountAmountCents: number;
  prepaidAmountCents: number;
  finalAmountCents: number;
  /** 0 when the farm charges no GST: the line is left out. */
  gstAmountCents: number;
};

/** The held booking's figures. */
export const bookingFigures = (booking: PendingBooking): PriceFigures => ({
  lines: booking.lines,
  subtotalCents: booking.totalAmountCents,
  discountAmountCents: booking.discountAmountCents,
  prepaidAmountCents: booking.prepaidAmountUsedCents,
  finalAmountCents: booking.finalAmountCents,
  gstAmountCents: booking.gstAmountCents,
});

/** A quote's figures. */
export const quoteFigures = (quote: Quote): PriceFigures => ({
  lines: quote.lines,
  subtotalCents: quote.subtotalCents,
  discountAmountCents: quote.discountAmountCents,
  prepaidAmountCents: quote.prepaidAmountCents,
  finalAmountCents: quote.finalAmountCents,
  gstAmountCents: quote.gstAmountCents,
});

/** The rows above the total: each line, then what comes off it. */
export function summaryRows(
  figures: Pick<PriceFigures, "discountAmountCents" | "prepaidAmountCents"> & {
    lines: Pick<PriceLine, "description" | "amountCents">[];
  },
): [string, string][] {
  const rows: [string, string][] = figures.lines.map((line) => [
    line.description,
    formatMoney(line.amountCents),
  ]);
  if (figures.discountAmountCents > 0)
    rows.push(["Discount", `−${formatMoney(figures.discountAmountCents)}`]);
  if (figures.prepaidAmountCents > 0)
    rows.push(["Prepaid card", `−${formatMoney(figures.prepaidAmountCents)}`]);
  return rows;
}

export function PriceSummary({
  figures,
  stale,
  deposit,
}: {
  figures: PriceFigures;
  stale?: boolean;
  /** A deposit is paid today: the total is the stay's, not what is paid now. */
  deposit?: boolean;
}) {
  return (
    <section aria-labelledby="price-summary-heading" aria-busy={stale || undefined}>
      <h3 id="price-summary-heading" className="text-base font-semibold">
        Price summary
      </h3>
      <dl className="mt-2 divide-y divide-stone-200 rounded-lg border border-stone-200 text-sm">
        {summaryRows(figures).map(([label, value], index) => (
          <div key={`${index}-${label}`} className="flex justify-between gap-4 px-4 py-2.5">
            <dt className="text-stone-700">{label}</dt>
            <dd className="shrink-0 font-medium tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 bg-stone-50 px-4 py-3 text-base">
          <dt className="font-semibold">{deposit ? "Total for the stay" : "Total to pay"}</dt>
          <dd className="font-bold tabular-nums" data-testid="final-amount">
            {formatMoney(figures.finalAmountCents)}
          </dd>
        </div>
        {figures.gstAmountCents > 0 ? (
          <div className="flex justify-between gap-4 px-4 py-2 text-stone-700">
            <dt>GST included</dt>
            <dd className="tabular-nums" data-testid="gst-amount">
              {formatMoney(figures.gstAmountCents)}
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
