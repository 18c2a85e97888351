// The price summary of step 3: every figure is the server's (the quote or the
// booking); the browser computes no price.
import { formatMoney } from "#domain/format/money.ts";

export type PriceFigures = {
  nights: number;
  pricePerNightCents: number;
  subtotalCents: number;
  discountAmountCents: number;
  prepaidAmountCents: number;
  finalAmountCents: number;
};

export function PriceSummary({ figures, stale }: { figures: PriceFigures; stale?: boolean }) {
  const rows: [string, string][] = [
    [
      `${formatMoney(figures.pricePerNightCents)} × ${figures.nights} ${figures.nights === 1 ? "night" : "nights"}`,
      formatMoney(figures.subtotalCents),
    ],
  ];
  if (figures.discountAmountCents > 0)
    rows.push(["Discount", `−${formatMoney(figures.discountAmountCents)}`]);
  if (figures.prepaidAmountCents > 0)
    rows.push(["Prepaid card", `−${formatMoney(figures.prepaidAmountCents)}`]);
  return (
    <section aria-labelledby="price-summary-heading" aria-busy={stale || undefined}>
      <h3 id="price-summary-heading" className="text-base font-semibold">
        Price summary
      </h3>
      <dl className="mt-2 divide-y divide-stone-200 rounded-lg border border-stone-200 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 px-4 py-2.5">
            <dt className="text-stone-700">{label}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 bg-stone-50 px-4 py-3 text-base">
          <dt className="font-semibold">Total to pay</dt>
          <dd className="font-bold tabular-nums" data-testid="final-amount">
            {formatMoney(figures.finalAmountCents)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
