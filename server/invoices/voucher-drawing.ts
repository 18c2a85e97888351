// The gift voucher's page. voucher-pdf.ts loads it with pdfkit on the first
// voucher, so that fontkit, which pdf-text.ts brings, is not loaded by every server at start.
import { formatDay } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import { write } from "./pdf-text.ts";
import type { VoucherDrawing } from "./voucher-pdf.ts";

const GREEN = "#2f5d3a";
const INK = "#1c1917";
const MUTED = "#57534e";

export function drawVoucher(doc: PDFKit.PDFDocument, v: VoucherDrawing) {
  const { width, height } = doc.page;
  const inner = width - 2 * 48;
  doc
    .lineWidth(3)
    .strokeColor(GREEN)
    .roundedRect(18, 18, width - 36, height - 36, 12)
    .stroke();
  doc.fillColor(GREEN);
  write(doc, `${v.farmName} Station`, { x: 48, y: 40, size: 16, bold: true, width: inner });
  doc.fillColor(INK);
  write(doc, "Gift Voucher", { x: 48, size: 30, bold: true, width: inner });
  write(doc, formatMoney(v.amountCents), { x: 48, size: 40, bold: true, width: inner });
  doc.moveDown(0.3);
  write(doc, `For ${v.recipientName}, from ${v.buyerName}`, { x: 48, size: 13, width: inner });
  if (v.message) {
    doc.fillColor(MUTED);
    write(doc, `“${v.message}”`, { x: 48, size: 11, width: inner });
  }
  doc.moveDown(0.6);
  doc.fillColor(INK);
  write(doc, `Card number: ${v.cardNumber}`, { x: 48, size: 14, bold: true, width: inner });
  doc.fillColor(MUTED);
  write(
    doc,
    `Book a campsite at ${v.siteUrl}/bookings and enter the card number as a prepaid card when you pay. Valid until ${formatDay(v.expiresOn, { weekday: false })}.`,
    { x: 48, size: 10, width: inner },
  );
}
