// What the farm's accountant imports (issue 29, decision 0028): for any range
// of farm days, the invoices and adjustment notes issued, in Xero's sales
// invoice import format, and the money that moved (the ledger, prepaid credit
// apart: it is no bank money), in Xero's bank statement import format; and
// both as plain CSV. Xero is told amounts are tax inclusive on import.
import { and, asc, eq, gte, lte, ne } from "drizzle-orm";
import type { ReportRange } from "#domain/api/admin-reports.ts";
import type { Invoice } from "#domain/rules/invoice.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings, giftVouchers, ledgerEntries, taxDocuments } from "#server/db/schema.ts";
import { toCsv } from "./csv";
import { catchUpDocuments } from "./tax-documents";

export const accountsFiles = ["xero-invoices", "xero-payments", "documents", "ledger"] as const;
export type AccountsFile = (typeof accountsFiles)[number];

/** Xero's sales invoice import columns, as its template names them (asterisk: required). */
export const XERO_INVOICE_COLUMNS = [
  "*ContactName",
  "EmailAddress",
  "POAddressLine1",
  "POAddressLine2",
  "POAddressLine3",
  "POAddressLine4",
  "POCity",
  "PORegion",
  "POPostalCode",
  "POCountry",
  "*InvoiceNumber",
  "Reference",
  "*InvoiceDate",
  "*DueDate",
  "InventoryItemCode",
  "*Description",
  "*Quantity",
  "*UnitAmount",
  "Discount",
  "*AccountCode",
  "*TaxType",
  "TrackingName1",
  "TrackingOption1",
  "TrackingName2",
  "TrackingOption2",
  "Currency",
  "BrandingTheme",
] as const;

/** Xero's bank statement import columns. */
export const XERO_STATEMENT_COLUMNS = [
  "*Date",
  "*Amount",
  "Payee",
  "Description",
  "Reference",
  "Check Number",
] as const;

/** Xero's default sales account in an Australian chart of accounts. */
const SALES_ACCOUNT = "200";

/** "2026-11-28" -> "28/11/2026", the order Xero reads in Australia. */
const xeroDate = (day: string) => day.split("-").reverse().join("/");
const dollars = (cents: number) => (cents / 100).toFixed(2);

export async function accountsCsv(
  db: Executor,
  file: AccountsFile,
  range: ReportRange,
): Promise<string> {
  switch (file) {
    case "xero-invoices":
      return toCsv(XERO_INVOICE_COLUMNS, (await documentsIn(db, range)).flatMap(xeroInvoiceRows));
    case "documents":
      return toCsv(
        DOCUMENT_COLUMNS,
        (await documentsIn(db, range)).map((d) => documentRow(d)),
      );
    case "xero-payments":
      return toCsv(XERO_STATEMENT_COLUMNS, (await movementsIn(db, range)).map(statementRow));
    case "ledger":
      return toCsv(LEDGER_COLUMNS, (await movementsIn(db, range)).map(ledgerRow));
  }
}

/**
 * The invoices and notes issued in the range, by date and number; first those
 * of bookings whose money moved in it and that have none yet (sold before
 * documents were issued), so a period never gains documents after its export.
 */
async function documentsIn(db: Executor, range: ReportRange): Promise<Invoice[]> {
  for (let after = await catchUpDocuments(db, { days: range }); after; )
    after = await catchUpDocuments(db, { after, days: range });
  const rows = await db
    .select({ document: taxDocuments.document })
    .from(taxDocuments)
    .where(and(gte(taxDocuments.issueDate, range.from), lte(taxDocuments.issueDate, range.to)))
    .orderBy(asc(taxDocuments.issueDate), asc(taxDocuments.number));
  return rows.map((r) => r.document);
}

/**
 * One row per line: the invoice's lines and its discount, or the note's one
 * line. A note that lowers the total has a negative amount, which Xero
 * imports as a credit note.
 */
function xeroInvoiceRows(d: Invoice): string[][] {
  const lines = [...d.lines];
  if (d.discountCents > 0)
    lines.push({
      description: `Discount${d.discountCode ? ` (${d.discountCode})` : ""}`,
      amountCents: -d.discountCents,
    });
  const taxType = d.gstCents === null ? "BAS Excluded" : "GST on Income";
  return lines.map((line) => {
    const row: Record<(typeof XERO_INVOICE_COLUMNS)[number], string> = {
      ...blankInvoiceRow,
      "*ContactName": d.guest.name,
      EmailAddress: d.guest.email,
      "*InvoiceNumber": d.number,
      Reference: d.adjusts
        ? `${d.bookingReference}, adjusts ${d.adjusts.number}`
        : d.bookingReference,
      "*InvoiceDate": xeroDate(d.issueDate),
      "*DueDate": xeroDate(d.issueDate),
      "*Description": line.description,
      "*Quantity": "1",
      "*UnitAmount": dollars(line.amountCents),
      "*AccountCode": SALES_ACCOUNT,
      "*TaxType": taxType,
      Currency: "AUD",
    };
    return XERO_INVOICE_COLUMNS.map((c) => row[c]);
  });
}

const blankInvoiceRow = Object.fromEntries(XERO_INVOICE_COLUMNS.map((c) => [c, ""])) as Record<
  (typeof XERO_INVOICE_COLUMNS)[number],
  string
>;

export const DOCUMENT_COLUMNS = [
  "Number",
  "Type",
  "Date of issue",
  "Booking",
  "Guest",
  "Email",
  "Adjusts",
  "Total (or change)",
  "GST (or change)",
] as const;

function documentRow(d: Invoice): string[] {
  return [
    d.number,
    d.title,
    d.issueDate,
    d.bookingReference,
    d.guest.name,
    d.guest.email,
    d.adjusts?.number ?? "",
    dollars(d.totalCents),
    d.gstCents === null ? "" : dollars(d.gstCents),
  ];
}

/** The range's money, prepaid credit apart, oldest first, with the guest's name. */
function movementsIn(db: Executor, range: ReportRange) {
  return db
    .select({
      day: ledgerEntries.farmDay,
      occurredAt: ledgerEntries.occurredAt,
      kind: ledgerEntries.kind,
      method: ledgerEntries.method,
      cause: ledgerEntries.cause,
      amountCents: ledgerEntries.amountCents,
      gstCents: ledgerEntries.gstCents,
      providerRef: ledgerEntries.providerRef,
      bookingReference: bookings.bookingReference,
      firstName: bookings.guestFirstName,
      lastName: bookings.guestLastName,
      voucherReference: giftVouchers.reference,
      buyerName: giftVouchers.buyerName,
    })
    .from(ledgerEntries)
    .leftJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
    .leftJoin(giftVouchers, eq(giftVouchers.id, ledgerEntries.giftVoucherId))
    .where(
      and(
        gte(ledgerEntries.farmDay, range.from),
        lte(ledgerEntries.farmDay, range.to),
        ne(ledgerEntries.method, "prepaid"),
      ),
    )
    .orderBy(asc(ledgerEntries.occurredAt));
}

type Movement = Awaited<ReturnType<typeof movementsIn>>[number];

/** A booking's guest, or a gift voucher's buyer. */
const payee = (m: Movement) => m.buyerName ?? `${m.firstName ?? ""} ${m.lastName ?? ""}`.trim();
/** The booking's reference, or the gift voucher's. */
const referenceOf = (m: Movement) => m.bookingReference ?? m.voucherReference ?? "";
const what = (m: Movement) =>
  `${m.method} ${m.kind} (${m.cause}), ${m.voucherReference ? "gift voucher" : "booking"} ${referenceOf(m)}`;

function statementRow(m: Movement): string[] {
  return [xeroDate(m.day), dollars(m.amountCents), payee(m), what(m), referenceOf(m), ""];
}

const LEDGER_COLUMNS = [
  "Date",
  "Time",
  "Booking or voucher",
  "Guest",
  "Kind",
  "Way",
  "Why",
  "Amount",
  "GST",
  "Provider reference",
] as const;

function ledgerRow(m: Movement): string[] {
  return [
    m.day,
    m.occurredAt.toISOString(),
    referenceOf(m),
    payee(m),
    m.kind,
    m.method,
    m.cause,
    dollars(m.amountCents),
    dollars(m.gstCents),
    m.providerRef ?? "",
  ];
}
