// A payment's receipt as a page (issue 31): who paid whom, how much, how, for
// which booking and against which invoice. Printed on one A4 page.

import { Island } from "#app/islands/island.tsx";
import { formatDay } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import type { PaymentReceipt } from "#domain/rules/receipt.ts";
import { PRINT_CSS } from "./invoice-page";
import PrintButton from "./print-button";

export function ReceiptDocument({ receipt, back }: { receipt: PaymentReceipt; back: string }) {
  const rows: [string, string][] = [
    ["Receipt number", receipt.number],
    ["Date received", formatDay(receipt.date, { weekday: false })],
    ["Booking reference", receipt.bookingReference],
    ["Against invoice", receipt.invoiceNumber],
    ["Received from", `${receipt.guest.name} (${receipt.guest.email})`],
    [
      "Stay",
      `${receipt.stay.campsite}, ${formatDay(receipt.stay.checkIn)} to ${formatDay(receipt.stay.checkOut)}`,
    ],
    ["For", receipt.what],
    ["Paid by", receipt.way],
  ];
  return (
    <div className="bg-stone-50 px-4 py-8 print:bg-white print:p-0">
      <style>{PRINT_CSS}</style>
      <div data-screen-only className="mx-auto mb-4 flex max-w-[210mm] items-center gap-4">
        <a href={back} className="mr-auto font-semibold text-paddock-800 underline">
          Back to your booking
        </a>
        <Island
          name="print-button"
          component={PrintButton}
          props={{
            className:
              "inline-flex min-h-11 items-center rounded-md bg-paddock-700 px-5 py-2 font-semibold text-white hover:bg-paddock-800",
          }}
        />
      </div>
      <article className="mx-auto flex max-w-[210mm] flex-col gap-6 bg-white p-8 text-stone-900 shadow-sm ring-1 ring-stone-200 print:max-w-none print:p-0 print:shadow-none print:ring-0">
        <div className="flex flex-wrap justify-between gap-6">
          <h1 className="text-3xl font-bold">Payment Receipt</h1>
          <div className="text-sm">
            <p className="font-semibold">{receipt.seller.legalName}</p>
            {receipt.seller.abn ? <p>ABN {receipt.seller.abn}</p> : null}
            <p>{receipt.seller.address}</p>
            <p>
              {receipt.seller.phone} · {receipt.seller.email}
            </p>
          </div>
        </div>
        <dl className="divide-y divide-stone-200 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr]">
              <dt className="text-stone-600">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-xl font-bold" data-testid="receipt-amount">
          Amount received: {formatMoney(receipt.amountCents)}
        </p>
      </article>
    </div>
  );
}
