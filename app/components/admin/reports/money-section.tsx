// The range's money, read from the ledger (issue 29): the takings as Payments
// and the dashboard define them, refunds by why, what cancelled bookings kept,
// and money in and out by way of paying, to match against the bank and the
// payment provider's payouts.
import { useId } from "react";
import { Card } from "#app/components/ui/card.tsx";
import { Table, Td, Th, Tr } from "#app/components/ui/table.tsx";
import { cn } from "#app/lib/utils.ts";
import {
  causeLabels,
  MONEY_DEFINITIONS,
  type MoneyFigures,
  methodLabels,
  type ProviderReconciliation,
  vouchersSoldWords,
} from "#domain/api/money-figures.ts";
import { formatMoney } from "#domain/format/money.ts";

export function MoneySection({ money }: { money: MoneyFigures }) {
  const cards = [
    { label: "Takings", value: money.takingsCents, detail: MONEY_DEFINITIONS.takings },
    {
      label: "Money received",
      value: money.receivedCents,
      detail: `${money.payments} payments${vouchersSoldWords(money)}`,
    },
    {
      label: "Money refunded",
      value: money.refundedCents,
      detail: `${money.refunds} refunds; card disputes included`,
    },
    {
      label: "Kept from cancellations",
      value: money.keptCents,
      detail: `${money.keptBookings} cancelled bookings. ${MONEY_DEFINITIONS.kept}`,
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Money" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        {cards.map((c) => (
          <li key={c.label}>
            <Card className="h-full p-4">
              <h3 className="text-sm font-semibold text-stone-700">{c.label}</h3>
              <p className="mt-1 text-xl font-bold text-stone-900 sm:text-2xl">
                {formatMoney(c.value)}
              </p>
              <p className="mt-1 text-xs text-stone-700">{c.detail}</p>
            </Card>
          </li>
        ))}
      </ul>
      <div className="grid gap-4 lg:grid-cols-2">
        <MoneyTable
          caption="Refunds by reason"
          head={["Reason", "Refunded"]}
          rows={money.refundsByCause.map((r) => [causeLabels[r.cause], formatMoney(r.cents)])}
          empty="No money went back in this range."
        />
        <MoneyTable
          caption="Money in and out by way of paying"
          head={["Way", "In", "Out", "Net"]}
          rows={money.byMethod.map((m) => [
            methodLabels[m.method],
            formatMoney(m.inCents),
            formatMoney(m.outCents),
            formatMoney(m.inCents - m.outCents),
          ])}
          empty="No money moved in this range."
        />
      </div>
    </div>
  );
}

/** The card provider's balance over the range: what to match against the bank statement. */
export function ProviderSection({ provider }: { provider: ProviderReconciliation }) {
  if (provider.kind === "none")
    return (
      <p className="text-sm text-stone-700">
        The test checkout takes no real money: with a Stripe key set, its fees and payouts to the
        bank show here.
      </p>
    );
  if (provider.kind === "unavailable")
    return (
      <p className="text-sm text-stone-700">
        Stripe could not be reached just now, so its fees and payouts are not shown. Reload the page
        in a minute.
      </p>
    );
  const net = provider.chargesCents - provider.refundsCents - provider.feesCents;
  return (
    <div className="flex flex-col gap-2">
      <MoneyTable
        caption="At Stripe, by the day it moved"
        head={["What", "Amount"]}
        rows={[
          ["Card payments", formatMoney(provider.chargesCents)],
          ["Refunds and disputes", formatMoney(provider.refundsCents)],
          ["Stripe's fees", formatMoney(provider.feesCents)],
          ["Net", formatMoney(net)],
          ["Paid out to the bank", formatMoney(provider.payoutsCents)],
        ]}
        empty="Nothing moved at Stripe in this range."
      />
      {provider.truncated ? (
        <p className="text-sm text-stone-700">
          Only the first {provider.transactions} of Stripe's transactions are counted: choose a
          shorter range for all of them.
        </p>
      ) : null}
    </div>
  );
}

function MoneyTable({
  caption,
  head,
  rows,
  empty,
}: {
  caption: string;
  head: string[];
  rows: string[][];
  empty: string;
}) {
  const id = useId();
  return (
    // One scroll box (the table's own), and narrower gutters on a phone: four columns of
    // amounts then fit a 375 px screen without scrolling.
    <Card className="p-3 sm:p-4">
      <h3 id={id} className="mb-2 text-sm font-semibold text-stone-900">
        {caption}
      </h3>
      <Table aria-labelledby={id}>
        <thead>
          <Tr>
            {head.map((h, i) => (
              <Th scope="col" key={h} className={cn("px-2 sm:px-3", i > 0 && "text-right")}>
                {h}
              </Th>
            ))}
          </Tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <Tr>
              <Td colSpan={head.length}>{empty}</Td>
            </Tr>
          ) : (
            rows.map((row) => (
              <Tr key={row[0]}>
                {row.map((cell, i) => (
                  <Td
                    key={head[i]}
                    className={cn("px-2 sm:px-3", i > 0 && "text-right tabular-nums")}
                  >
                    {cell}
                  </Td>
                ))}
              </Tr>
            ))
          )}
        </tbody>
      </Table>
    </Card>
  );
}
