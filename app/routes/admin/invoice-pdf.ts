// /admin/bookings/:bookingId/invoice.pdf: a booking's invoice as a PDF, for
// administrators (401 or 403 for anyone else, as the other admin downloads).
import { requireAdmin } from "#app/routes/admin/guards.server.ts";
import { invoicePdfResponse, noInvoiceResponse } from "#server/invoices/invoice-response.ts";
import { invoiceByBookingId } from "#server/services/invoices.ts";
import type { Route } from "./+types/invoice-pdf";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const invoice = await invoiceByBookingId(context.db, params.bookingId);
  return invoice ? invoicePdfResponse(invoice) : noInvoiceResponse();
}
