// A gift voucher as a PDF (issue 31, item 2): one A5 page, landscape, with
// the farm's name, the amount, who it is for and from, the buyer's message,
// the card number to enter at step 3, and the last day it can be used. Its
// text goes through pdf-text.ts's write, so any name comes out as written.
import { pdfBytes } from "./invoice-pdf.ts";

export type VoucherDrawing = {
  farmName: string;
  siteUrl: string;
  amountCents: number;
  recipientName: string;
  buyerName: string;
  message: string;
  cardNumber: string;
  expiresOn: string;
};

export async function renderVoucherPdf(voucher: VoucherDrawing): Promise<Buffer> {
  // Loaded on the first voucher, as the invoice's drawing is (invoice-pdf.ts).
  const [{ default: PDFDocument }, { drawVoucher }] = await Promise.all([
    import("pdfkit"),
    import("./voucher-drawing.ts"),
  ]);
  const doc = new PDFDocument({
    size: "A5",
    layout: "landscape",
    margin: 36,
    info: { Title: `Gift voucher ${voucher.cardNumber}`, Author: `${voucher.farmName} Station` },
  });
  const done = pdfBytes(doc);
  drawVoucher(doc, voucher);
  doc.end();
  return done;
}
