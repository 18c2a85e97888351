// /admin/bookings/:bookingId/invoice: a booking's tax invoice for the farm,
// to print or download. A page of its own, outside the admin layout, that
// guards itself like the layout (no session: /login; a non-admin: signed
// out, 'Access Denied').

import { data } from "react-router";
import { StandalonePageError } from "#app/components/admin/standalone-page-error.tsx";
import { InvoicePage } from "#app/components/invoice/invoice-page.tsx";
import { requireAdminArea } from "#app/routes/admin/guards.server.ts";
import { adminInvoicePath, askedDocument, documentOption } from "#domain/rules/invoice.ts";
import { issuedDocumentOfBooking } from "#server/services/tax-documents.ts";
import type { Route } from "./+types/invoice";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminArea(request, context);
  const { bookingId } = params;
  const issued = await issuedDocumentOfBooking(context.db, bookingId, askedDocument(request.url));
  if (!issued) throw data(null, { status: 404 });
  return {
    invoice: issued.document,
    others: issued.all.map((d) => ({ ...d, href: adminInvoicePath(bookingId, documentOption(d)) })),
    pdfHref: adminInvoicePath(bookingId, { pdf: true, ...documentOption(issued.document) }),
  };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.invoice.title} ${loaderData.invoice.number}` : "Invoice";
  return [{ title }, { name: "robots", content: "noindex" }];
}

export default function AdminInvoice({ loaderData }: Route.ComponentProps) {
  return (
    <InvoicePage
      invoice={loaderData.invoice}
      others={loaderData.others}
      pdfHref={loaderData.pdfHref}
      back={{ href: "/admin/bookings", label: "Back to Bookings" }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StandalonePageError
      error={error}
      failed="the invoice"
      back={{ href: "/admin/bookings", label: "Back to Bookings" }}
      notFound={{
        title: "No invoice",
        text: "This booking has no invoice: only paid or confirmed bookings have one.",
      }}
    />
  );
}
