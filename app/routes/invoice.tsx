// /my-booking/:token/invoice: the guest's tax invoice (issue 14), at the
// booking's secret token, inside the public layout. A wrong token and a
// booking without an invoice are both the site's 404 page, so the answer
// never tells that a booking exists.
import { data } from "react-router";
import { InvoicePage } from "#app/components/invoice/invoice-page.tsx";
import { islandsPage } from "#app/components/public/route-exports.ts";
import { siteFromMatches } from "#app/components/public/seo.ts";
import { guestInvoicePath } from "#domain/rules/invoice.ts";
import { invoiceByGuestToken } from "#server/services/invoices.ts";
import type { Route } from "./+types/invoice";

// Read and printed, nothing more: no React Router scripts, the Print button an island.
export const handle = islandsPage;

export async function loader({ params, context }: Route.LoaderArgs) {
  const invoice = await invoiceByGuestToken(context.db, params.token);
  // The same answer as routes/not-found.tsx: the public layout shows its 404 page.
  if (!invoice) throw data(null, { status: 404 });
  return { invoice, pdfHref: guestInvoicePath(params.token, { pdf: true }) };
}

// The address is a secret: kept out of caches and search engines.
export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const what = loaderData ? `${loaderData.invoice.title} ${loaderData.invoice.number}` : "Invoice";
  const title = `${what} | ${siteFromMatches(matches).farmName} Station`;
  return [{ title }, { name: "robots", content: "noindex" }];
}

export default function GuestInvoice({ loaderData }: Route.ComponentProps) {
  return <InvoicePage invoice={loaderData.invoice} pdfHref={loaderData.pdfHref} />;
}
