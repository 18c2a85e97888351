// What the invoice PDF shows and where (issue 14), from the same data and
// wording as the invoice page: domain/rules/invoice.ts. Every piece of text
// goes through pdf-text.ts's write, in embedded Noto fonts that have its
// script (issue 29: the buyer's name must come out as written). The labels
// too are in Noto Sans rather than Helvetica, so that a line never mixes two
// Latin designs, and so that every text takes the same path.
import { formatDay } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import {
  adjustsLine,
  endingNote,
  type Invoice,
  invoiceTotals,
  stayDates,
  stayParty,
  taxNote,
} from "#domain/rules/invoice.ts";
import { write } from "./pdf-text.ts";

type Doc = PDFKit.PDFDocument;

export const MARGIN = 50;
const AMOUNT_WIDTH = 110;
const INK = "#1c1917";
const MUTED = "#57534e";

export function drawInvoice(doc: Doc, invoice: Invoice) {
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
  doc.fillColor(INK);
  write(doc, invoice.title, { x: MARGIN, y: top, size: 24, bold: true });
  doc.moveDown(0.3);
  labelled(doc, invoice.adjusts ? "Note number" : "Invoice number", invoice.number);
  labelled(doc, "Date of issue", formatDay(invoice.issueDate, { weekday: false }));
  labelled(doc, "Booking reference", invoice.bookingReference);
  const adjusts = adjustsLine(invoice);
  if (adjusts) write(doc, adjusts, { size: 10, bold: true, width: half });
  const leftBottom = doc.y;

  const { seller } = invoice;
  const right = { x: MARGIN + half, width: half, align: "right" as const, size: 10 };
  write(doc, seller.legalName, { ...right, y: top, size: 12, bold: true });
  if (seller.abn) write(doc, `ABN ${seller.abn}`, right);
  doc.fillColor(MUTED);
  for (const line of [seller.address, seller.phone, seller.email]) write(doc, line, right);
  doc.x = MARGIN;
  doc.y = Math.max(leftBottom, doc.y) + 20;
}

function labelled(doc: Doc, label: string, value: string) {
  doc.fillColor(MUTED);
  write(doc, `${label}: `, { size: 10, continued: true });
  doc.fillColor(INK);
  write(doc, value, { size: 10 });
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
  doc.fillColor(MUTED);
  write(doc, title.toUpperCase(), { x, y, width, size: 10, bold: true, characterSpacing: 0.5 });
  doc.fillColor(INK);
  for (const line of lines) write(doc, line, { x, y: doc.y, width: width - 10, size: 11 });
}

/** One row: the description on the left, the amount right-aligned in its column. */
function row(doc: Doc, size: number, description: string, amount: string, bold = false) {
  const y = doc.y;
  const width = contentWidth(doc) - AMOUNT_WIDTH;
  doc.fillColor(INK);
  write(doc, description, { x: MARGIN, y, width: width - 10, size, bold });
  const descriptionBottom = doc.y;
  write(doc, amount, { x: MARGIN + width, y, width: AMOUNT_WIDTH, align: "right", size, bold });
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
  row(doc, 10, "Description", "Amount", true);
  rule(doc);
  for (const line of invoice.lines) row(doc, 11, line.description, formatMoney(line.amountCents));
  rule(doc);
}

function drawTotals(doc: Doc, invoice: Invoice) {
  for (const total of invoiceTotals(invoice)) row(doc, 11, total.label, total.amount, total.strong);
  doc.moveDown(1);
}

function drawNotes(doc: Doc, invoice: Invoice) {
  const width = contentWidth(doc);
  doc.fillColor(MUTED);
  write(doc, taxNote(invoice), { x: MARGIN, y: doc.y, width, size: 9 });
  if (invoice.policy) {
    doc.moveDown(0.5);
    write(doc, `Cancellation policy accepted: ${invoice.policy}`, { width, size: 9 });
  }
  const ending = endingNote(invoice);
  if (!ending) return;
  doc.moveDown(0.5).fillColor(INK);
  write(doc, ending, { width, size: 9, bold: true });
}
