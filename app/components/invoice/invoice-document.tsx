// The invoice as a page (issue 14): the same data and words as the PDF
// (domain/rules/invoice.ts), laid out to print on one A4 page.
import { formatDay } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import {
  adjustsLine,
  endingNote,
  type Invoice,
  invoiceTotals,
  stayDates,
  stayParty,
  taxNote,
} from "#domain/rules/invoice.ts";

function Labelled({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-1">
      <dt className="text-stone-600">{label}:</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function Heading({ invoice }: { invoice: Invoice }) {
  const { seller } = invoice;
  return (
    <div className="flex flex-wrap justify-between gap-6">
      <div>
        <h1 className="text-3xl font-bold text-stone-900">{invoice.title}</h1>
        <dl className="mt-2 text-sm">
          <Labelled label={invoice.adjusts ? "Note number" : "Invoice number"}>
            {invoice.number}
          </Labelled>
          <Labelled label="Date of issue">
            {formatDay(invoice.issueDate, { weekday: false })}
          </Labelled>
          <Labelled label="Booking reference">{invoice.bookingReference}</Labelled>
        </dl>
        {invoice.adjusts ? (
          <p className="mt-2 text-sm font-semibold">{adjustsLine(invoice)}</p>
        ) : null}
      </div>
      <address className="text-sm not-italic sm:text-right">
        <p className="text-base font-bold text-stone-900">{seller.legalName}</p>
        {seller.abn ? <p className="font-medium">ABN {seller.abn}</p> : null}
        <p className="text-stone-700">{seller.address}</p>
        <p className="text-stone-700">{seller.phone}</p>
        <p className="text-stone-700">{seller.email}</p>
      </address>
    </div>
  );
}

function Block({ title, lines }: { title: string; lines: string[] }) {
  return (
    <section>
      <h2 className="text-xs font-bold uppercase tracking-wider text-stone-600">{title}</h2>
      {lines.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
    </section>
  );
}

function Lines({ invoice }: { invoice: Invoice }) {
  return (
    <table className="w-full text-left">
      <caption className="sr-only">What the booking cost</caption>
      <thead>
        <tr className="border-b border-stone-400 text-sm">
          <th scope="col" className="py-2 font-semibold">
            Description
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {invoice.lines.map((line, i) => (
          <tr key={i} data-testid="invoice-line">
            <td className="py-1 pr-4">{line.description}</td>
            <td className="py-1 text-right tabular-nums">{formatMoney(line.amountCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t border-stone-400">
        {invoiceTotals(invoice).map((total) => {
          const weight = total.strong ? "font-bold" : "font-normal";
          return (
            <tr key={total.label}>
              <th scope="row" className={`pt-1 pr-4 text-left ${weight}`}>
                {total.label}
              </th>
              <td className={`pt-1 text-right tabular-nums ${weight}`}>{total.amount}</td>
            </tr>
          );
        })}
      </tfoot>
    </table>
  );
}

/** The whole invoice: heading, seller, guest, stay, lines, totals and notes. */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const ending = endingNote(invoice);
  return (
    <article
      data-invoice
      className="mx-auto flex max-w-[210mm] flex-col gap-8 bg-white p-8 text-stone-900 shadow-sm ring-1 ring-stone-200 print:max-w-none print:p-0 print:shadow-none print:ring-0"
    >
      <Heading invoice={invoice} />
      <div className="grid gap-6 sm:grid-cols-2 print:grid-cols-2">
        <Block title="Billed to" lines={[invoice.guest.name, invoice.guest.email]} />
        <Block
          title="Stay"
          lines={[invoice.stay.campsite, stayDates(invoice.stay), stayParty(invoice.stay)]}
        />
      </div>
      <Lines invoice={invoice} />
      <div className="flex flex-col gap-2 text-sm">
        <p className="text-stone-700">{taxNote(invoice)}</p>
        {invoice.policy ? (
          <p className="text-stone-700">Cancellation policy accepted: {invoice.policy}</p>
        ) : null}
        {ending ? <p className="font-semibold">{ending}</p> : null}
      </div>
    </article>
  );
}
