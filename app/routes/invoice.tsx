// /my-booking/:token/invoice: the guest's tax invoice (issue 14), at the
// booking's secret token, inside the public layout. A wrong token and a
// booking without an invoice are both the site's 404 page, so the answer
// never tells that a booking exists.
import { data } from "react-router";
import { InvoicePage } from "#app/components/invoice/invoice-page.tsx";
import { islandsPage } from "#app/components/public/route-exports.ts";
import { siteFromMatches } from "#app/components/public/seo.ts";
import { askedDocument, documentOption, guestInvoicePath } from "#domain/rules/invoice.ts";
import { issuedDocumentAtToken } from "#server/services/tax-documents.ts";
import type { Route } from "./+types/invoice";

// Read and printed, nothing more: no React Router scripts, the Print button an island.
export const handle = islandsPage;

// The address is a secret: kept out of caches and search engines, and so is
// its 404, which the public layout shows with the headers it was thrown with
// (this route's headers() is not asked for a page its error boundary shows).
const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const document = askedDocument(request.url);
  const issued = await issuedDocumentAtToken(context.db, params.token, document);
  // The same answer as routes/not-found.tsx: the public layout shows its 404 page.
  if (!issued) throw data(null, { status: 404, headers: PRIVATE });
  return {
    invoice: issued.document,
    others: issued.all.map((d) => ({
      ...d,
      href: guestInvoicePath(params.token, documentOption(d)),
    })),
    pdfHref: guestInvoicePath(params.token, { pdf: true, ...documentOption(issued.document) }),
  };
}

export function headers() {
  return PRIVATE;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const what = loaderData ? `${loaderData.invoice.title} ${loaderData.invoice.number}` : "Invoice";
  const title = `${what} | ${siteFromMatches(matches).farmName} Station`;
  return [{ title }, { name: "robots", content: "noindex" }];
}

export default function GuestInvoice({ loaderData }: Route.ComponentProps) {
  return (
    <InvoicePage
      invoice={loaderData.invoice}
      others={loaderData.others}
      pdfHref={loaderData.pdfHref}
    />
  );
}
