// /my-booking/:token/invoice.pdf: the guest's invoice as a PDF download. An
// unknown token and a booking without an invoice get the same plain 404.

import { askedDocument } from "#domain/rules/invoice.ts";
import { invoicePdfResponse, noInvoiceResponse } from "#server/invoices/invoice-response.ts";
import { issuedDocumentAtToken } from "#server/services/tax-documents.ts";
import type { Route } from "./+types/invoice-pdf";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const document = askedDocument(request.url);
  const issued = await issuedDocumentAtToken(context.db, params.token, document);
  return issued ? invoicePdfResponse(issued.document) : noInvoiceResponse();
}
