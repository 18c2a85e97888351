// The HTTP answers of the invoice PDF routes, the guest's and the farm's alike.
import { type Invoice, invoiceFileName } from "#domain/rules/invoice.ts";
import { renderInvoicePdf } from "./invoice-pdf";

// An invoice names a person and what they paid: never cached, never indexed.
const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

export async function invoicePdfResponse(invoice: Invoice): Promise<Response> {
  const pdf = await renderInvoicePdf(invoice);
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...PRIVATE,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoiceFileName(invoice)}"`,
      "Content-Length": String(pdf.length),
    },
  });
}

/** The same for an unknown token, a malformed one and a booking without an invoice. */
export function noInvoiceResponse(): Response {
  return new Response("Not Found", {
    status: 404,
    headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" },
  });
}
