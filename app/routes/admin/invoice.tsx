// /admin/bookings/:bookingId/invoice: a booking's tax invoice for the farm,
// to print or download. A page of its own, outside the admin layout, that
// guards itself like the layout (no session: /login; a non-admin: signed
// out, 'Access Denied').
import { data, isRouteErrorResponse } from "react-router";
import { InvoicePage } from "#app/components/invoice/invoice-page.tsx";
import { requireAdminArea } from "#app/routes/admin/guards.server.ts";
import { adminInvoicePath } from "#domain/rules/invoice.ts";
import { invoiceByBookingId } from "#server/services/invoices.ts";
import type { Route } from "./+types/invoice";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminArea(request, context);
  const invoice = await invoiceByBookingId(context.db, params.bookingId);
  if (!invoice) throw data(null, { status: 404 });
  return { invoice, pdfHref: adminInvoicePath(params.bookingId, { pdf: true }) };
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
      pdfHref={loaderData.pdfHref}
      back={{ href: "/admin/bookings", label: "Back to Bookings" }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, text, href, action] =
    status === 403
      ? ["Access Denied", "You don't have admin privileges.", "/login", "Admin Login"]
      : status === 404
        ? [
            "No invoice",
            "This booking has no invoice: only paid or confirmed bookings have one.",
            "/admin/bookings",
            "Back to Bookings",
          ]
        : [
            "Unexpected Application Error!",
            "Something went wrong loading the invoice. Please try again in a moment.",
            "/admin/bookings",
            "Back to Bookings",
          ];
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-4 text-stone-700">{text}</p>
      <a
        href={href}
        className="mt-8 inline-block rounded-md bg-paddock-700 px-5 py-3 font-semibold text-white hover:bg-paddock-800"
      >
        {action}
      </a>
    </main>
  );
}
