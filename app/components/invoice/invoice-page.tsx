// The invoice with what the screen adds to it: Print, Download PDF and a way
// back. On paper only the invoice shows: the site's header, footer and
// navigation, and these buttons, are left out, on one A4 page.

import { Island } from "#app/islands/island.tsx";
import { formatDay } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import type { Invoice } from "#domain/rules/invoice.ts";
import { InvoiceDocument } from "./invoice-document";
import PrintButton from "./print-button";

// A global rule, because the site's header and footer belong to the layout
// around the page. The invoice itself uses none of these elements.
export const PRINT_CSS = `
@page { size: A4; margin: 15mm; }
@media print {
  header, footer, nav, [data-screen-only] { display: none !important; }
  #main { padding-top: 0 !important; min-height: 0 !important; }
  body { background: white !important; }
}`;

const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md px-5 py-2 font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-paddock-700";

/** One of the booking's documents, as the page lists them. */
export type DocumentLink = Pick<Invoice, "title" | "number" | "issueDate" | "totalCents"> & {
  href: string;
};

export function InvoicePage({
  invoice,
  others,
  pdfHref,
  back,
}: {
  invoice: Invoice;
  /** The booking's invoice and adjustment notes, this one among them. */
  others: DocumentLink[];
  pdfHref: string;
  back?: { href: string; label: string };
}) {
  return (
    <div className="bg-stone-50 px-4 py-8 print:bg-white print:p-0">
      {/* In place, not hoisted (no href or precedence): it leaves with the page. */}
      <style>{PRINT_CSS}</style>
      <div
        data-screen-only
        className="mx-auto mb-4 flex max-w-[210mm] flex-wrap items-center justify-end gap-2"
      >
        {back ? (
          <a
            href={back.href}
            className={`${buttonClass} mr-auto text-paddock-800 underline hover:text-paddock-900`}
          >
            {back.label}
          </a>
        ) : null}
        <a
          href={pdfHref}
          className={`${buttonClass} border-2 border-paddock-700 text-paddock-800 hover:bg-paddock-50`}
        >
          Download PDF
        </a>
        <Island
          name="print-button"
          component={PrintButton}
          props={{ className: `${buttonClass} bg-paddock-700 text-white hover:bg-paddock-800` }}
        />
      </div>
      <InvoiceDocument invoice={invoice} />
      {others.length > 1 ? <DocumentList current={invoice.number} documents={others} /> : null}
    </div>
  );
}

/** The invoice and its adjustment notes, each a link; on screen only. */
function DocumentList({ current, documents }: { current: string; documents: DocumentLink[] }) {
  return (
    <nav
      data-screen-only
      aria-label="This booking's invoice and adjustment notes"
      className="mx-auto mt-6 max-w-[210mm] text-sm"
    >
      <h2 className="font-semibold text-stone-900">This booking's invoice and adjustment notes</h2>
      <ul className="mt-2 flex flex-col gap-1">
        {documents.map((d) => (
          <li key={d.number}>
            {d.number === current ? (
              <span aria-current="page" className="font-semibold">
                {d.title} {d.number}
              </span>
            ) : (
              <a href={d.href} className="text-paddock-800 underline hover:text-paddock-900">
                {d.title} {d.number}
              </a>
            )}
            {`, ${formatDay(d.issueDate, { weekday: false })}: ${d.title === "Adjustment Note" ? "change" : "total"} ${formatMoney(d.totalCents)}`}
          </li>
        ))}
      </ul>
    </nav>
  );
}
