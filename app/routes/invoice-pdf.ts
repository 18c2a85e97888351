// /my-booking/:token/invoice.pdf: the guest's invoice as a PDF download. An
// unknown token and a booking without an invoice get the same plain 404.
import { invoicePdfResponse, noInvoiceResponse } from "#server/invoices/invoice-response.ts";
import { invoiceByGuestToken } from "#server/services/invoices.ts";
import type { Route } from "./+types/invoice-pdf";

export async function loader({ params, context }: Route.LoaderArgs) {
  const invoice = await invoiceByGuestToken(context.db, params.token);
  return invoice ? invoicePdfResponse(invoice) : noInvoiceResponse();
}
