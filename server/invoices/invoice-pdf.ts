// The invoice as a PDF on one A4 page (issue 14), drawn with pdfkit by
// invoice-drawing.ts, its text in embedded Unicode fonts (issue 29).
import type { Invoice } from "#domain/rules/invoice.ts";

type Doc = PDFKit.PDFDocument;

/** Renders the invoice; `compress: false` leaves the content streams plain, to read them. */
export async function renderInvoicePdf(
  invoice: Invoice,
  { compress = true } = {},
): Promise<Buffer> {
  // Loaded on the first invoice asked for, not by every server that starts
  // (pdfkit and fontkit take about 0.3 s to load).
  const [{ default: PDFDocument }, { drawInvoice, MARGIN }] = await Promise.all([
    import("pdfkit"),
    import("./invoice-drawing.ts"),
  ]);
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress,
    info: {
      Title: `${invoice.title} ${invoice.number}`,
      Author: invoice.seller.legalName,
      Subject: `Booking ${invoice.bookingReference}`,
    },
  });
  const done = pdfBytes(doc);
  drawInvoice(doc, invoice);
  doc.end();
  return done;
}

/** The document's bytes once it ends. */
export function pdfBytes(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}
