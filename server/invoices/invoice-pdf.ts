// The invoice as a PDF on one A4 page (issue 14), drawn with pdfkit in its
// built-in Helvetica (nothing to embed), from the same data and wording as the
// invoice page: domain/rules/invoice.ts.
import { formatDay } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import {
  endingNote,
  type Invoice,
  invoiceTotals,
  stayDates,
  stayParty,
  taxNote,
} from "#domain/rules/invoice.ts";

type Doc = PDFKit.PDFDocument;

const MARGIN = 50;
const AMOUNT_WIDTH = 110;
const INK = "#1c1917";
const MUTED = "#57534e";

/** Renders the invoice; `compress: false` leaves the text readable in the bytes, for tests. */
export async function renderInvoicePdf(
  invoice: Invoice,
  { compress = true } = {},
): Promise<Buffer> {
  // Loaded on the first invoice asked for, not by every server that starts.
  const { default: PDFDocument } = await import("pdfkit");
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
  const done = collect(doc);
  drawInvoice(doc, invoice);
  doc.end();
  return done;
}

function collect(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}

function drawInvoice(doc: Doc, invoice: Invoice) {
  drawHeading(doc, invoice);
  drawParties(doc, invoice);
  drawLines(doc, invoice);
  drawTotals(doc, invoice);
  drawNotes(doc, invoice);
}

const contentWidth = (doc: Doc) => doc.page.width - 2 * MARGIN;

/** The title and the invoice's number and date on the left; the seller on the right. */
function drawHeading(doc: Doc, invoice: Invoice) {
  const top = doc.y;
  const half = contentWidth(doc) / 2;
  doc.font("Helvetica-Bold").fontSize(24).fillColor(INK).text(invoice.title, MARGIN, top);
  doc.moveDown(0.3).font("Helvetica").fontSize(10);
  labelled(doc, "Invoice number", invoice.number);
  labelled(doc, "Date of issue", formatDay(invoice.issueDate, { weekday: false }));
  labelled(doc, "Booking reference", invoice.bookingReference);
  const leftBottom = doc.y;

  const { seller } = invoice;
  const right = { width: half, align: "right" as const };
  doc
    .font("Helvetica-Bold")
    .fontSize(12)
    .text(seller.legalName, MARGIN + half, top, right);
  doc.font("Helvetica").fontSize(10).fillColor(INK);
  doc.text(`ABN ${seller.abn}`, right);
  doc
    .fillColor(MUTED)
    .text(seller.address, right)
    .text(seller.phone, right)
    .text(seller.email, right);
  doc.x = MARGIN;
  doc.y = Math.max(leftBottom, doc.y) + 20;
}

function labelled(doc: Doc, label: string, value: string) {
  doc.fillColor(MUTED).text(`${label}: `, { continued: true }).fillColor(INK).text(value);
}

/** The guest and the stay, side by side. */
function drawParties(doc: Doc, invoice: Invoice) {
  const top = doc.y;
  const half = contentWidth(doc) / 2;
  block(doc, "Billed to", [invoice.guest.name, invoice.guest.email], MARGIN, top, half);
  const leftBottom = doc.y;
  const { stay } = invoice;
  block(doc, "Stay", [stay.campsite, stayDates(stay), stayParty(stay)], MARGIN + half, top, half);
  doc.x = MARGIN;
  doc.y = Math.max(leftBottom, doc.y) + 20;
}

function block(doc: Doc, title: string, lines: string[], x: number, y: number, width: number) {
  doc.font("Helvetica-Bold").fontSize(10).fillColor(MUTED).text(title.toUpperCase(), x, y, {
    width,
    characterSpacing: 0.5,
  });
  doc.font("Helvetica").fontSize(11).fillColor(INK);
  for (const line of lines) doc.text(line, x, doc.y, { width: width - 10 });
}

/** One row: the description on the left, the amount right-aligned in its column. */
function row(doc: Doc, description: string, amount: string, bold = false) {
  const y = doc.y;
  const width = contentWidth(doc) - AMOUNT_WIDTH;
  doc.font(bold ? "Helvetica-Bold" : "Helvetica").fillColor(INK);
  doc.text(description, MARGIN, y, { width: width - 10 });
  const descriptionBottom = doc.y;
  doc.text(amount, MARGIN + width, y, { width: AMOUNT_WIDTH, align: "right" });
  doc.x = MARGIN;
  doc.y = Math.max(descriptionBottom, doc.y) + 4;
}

function rule(doc: Doc) {
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + contentWidth(doc), doc.y)
    .lineWidth(0.5)
    .strokeColor("#a8a29e")
    .stroke();
  doc.y += 6;
}

function drawLines(doc: Doc, invoice: Invoice) {
  doc.fontSize(10);
  row(doc, "Description", "Amount", true);
  rule(doc);
  doc.fontSize(11);
  for (const line of invoice.lines) row(doc, line.description, formatMoney(line.amountCents));
  rule(doc);
}

function drawTotals(doc: Doc, invoice: Invoice) {
  doc.fontSize(11);
  for (const total of invoiceTotals(invoice)) row(doc, total.label, total.amount, total.strong);
  doc.moveDown(1);
}

function drawNotes(doc: Doc, invoice: Invoice) {
  const width = contentWidth(doc);
  doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(taxNote(invoice), MARGIN, doc.y, {
    width,
  });
  const ending = endingNote(invoice);
  if (ending) doc.moveDown(0.5).font("Helvetica-Bold").fillColor(INK).text(ending, { width });
}
