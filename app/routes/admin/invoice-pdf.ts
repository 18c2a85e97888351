// /admin/bookings/:bookingId/invoice.pdf: a booking's invoice as a PDF, for
// administrators (401 or 403 for anyone else, as the other admin downloads).
import { requireAdmin } from "#app/routes/admin/guards.server.ts";
import { askedDocument } from "#domain/rules/invoice.ts";
import { invoicePdfResponse, noInvoiceResponse } from "#server/invoices/invoice-response.ts";
import { issuedDocumentOfBooking } from "#server/services/tax-documents.ts";
import type { Route } from "./+types/invoice-pdf";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const document = askedDocument(request.url);
  const issued = await issuedDocumentOfBooking(context.db, params.bookingId, document);
  return issued ? invoicePdfResponse(issued.document) : noInvoiceResponse();
}
