// Invoices issued once, then adjusted (issue 29, decision 0028). A booking's
// invoice is issued when it is sold, as it stands then, and never changes;
// every later change of what the sale is worth (a change of stay, a refund, a
// kept fee, a lost dispute) issues an adjustment note for the difference. As
// the ledger writer does for money, the issuer writes only what the documents
// lack, so every path calls the same function and nothing is issued twice.
import { and, asc, eq, sql } from "drizzle-orm";
import { isRowId } from "#domain/forms/row-id.ts";
import { farmToday } from "#domain/rules/dates.ts";
import { adjustmentNote, type Invoice, saleValue } from "#domain/rules/invoice.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings, ledgerEntries, taxDocuments } from "#server/db/schema.ts";
import { looksLikeGuestToken } from "./guest-token";
import { liveInvoice } from "./invoices";

export type IssueReason = {
  /** The note's one line: what changed the amount. */
  reason: string;
  /** A refund going back later in the same transaction, already counted as gone. */
  pendingRefundCents?: number;
  now?: Date;
};

type DocumentRow = typeof taxDocuments.$inferSelect;

/** The booking's documents as issued, the invoice first. */
export function documentsOf(db: Executor, bookingId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.bookingId, bookingId))
    .orderBy(asc(taxDocuments.sequence));
}

/**
 * The documents issued in the caller's transaction: now() is the
 * transaction's start, the created_at of every row it inserts.
 */
export async function issuedThisTransaction(db: Executor, bookingId: string): Promise<Invoice[]> {
  const rows = await db
    .select({ document: taxDocuments.document })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.bookingId, bookingId), eq(taxDocuments.createdAt, sql`now()`)))
    .orderBy(asc(taxDocuments.sequence));
  return rows.map((r) => r.document);
}

/**
 * Issues what the booking's documents lack: its invoice once it is sold (paid
 * or confirmed), then a note when the sale's value differs from what they add
 * up to. Returns the documents issued by this call. Call it in the
 * transaction that changed the booking's amount, before the email that tells
 * of it, which attaches them.
 */
export async function issueDocuments(
  db: Executor,
  bookingId: string,
  { reason, pendingRefundCents = 0, now = new Date() }: IssueReason,
): Promise<Invoice[]> {
  const live = await liveInvoice(db, bookingId);
  if (!live) return [];
  const issued = await documentsOf(db, bookingId);
  const fresh: Invoice[] = [];
  let invoice = issued[0]?.document;
  if (!invoice) {
    // As sold: how it ended since is the notes' to say.
    invoice = { ...live.invoice, ended: null };
    if (!(await insert(db, bookingId, 0, invoice, invoice.totalCents, invoice.gstCents))) return [];
    issued.push({ totalCents: invoice.totalCents, gstCents: invoice.gstCents } as DocumentRow);
    fresh.push(invoice);
  }
  const money = await moneyOf(db, bookingId);
  const value = saleValue({
    status: live.booking.status,
    priceCents: live.invoice.totalCents,
    lostDisputeCents: live.booking.disputeStatus === "lost" ? money.disputedCents : 0,
    providerRefundCents: money.providerRefundCents,
    keptCents: money.netCents - pendingRefundCents,
  });
  const previousTotalCents = issued.reduce((sum, d) => sum + d.totalCents, 0);
  if (value === previousTotalCents) return fresh;
  const note = adjustmentNote(invoice, {
    sequence: issued.length,
    issueDate: farmToday(now),
    reason,
    previousTotalCents,
    newTotalCents: value,
    previousGstCents:
      invoice.gstCents === null ? null : issued.reduce((sum, d) => sum + (d.gstCents ?? 0), 0),
    stay: live.invoice.stay,
  });
  if (await insert(db, bookingId, issued.length, note, note.totalCents, note.gstCents))
    fresh.push(note);
  return fresh;
}

/** Inserts a document; false when another request issued that one first. */
async function insert(
  db: Executor,
  bookingId: string,
  sequence: number,
  document: Invoice,
  totalCents: number,
  gstCents: number | null,
): Promise<boolean> {
  const rows = await db
    .insert(taxDocuments)
    .values({
      bookingId,
      sequence,
      number: document.number,
      issueDate: document.issueDate,
      totalCents,
      gstCents,
      document,
    })
    .onConflictDoNothing()
    .returning({ id: taxDocuments.id });
  return rows.length > 0;
}

/** The ledger's net for the booking (what the farm holds), what its disputes took and the refunds made in the provider's dashboard. */
async function moneyOf(db: Executor, bookingId: string) {
  const amount = ledgerEntries.amountCents;
  const [row] = await db
    .select({
      kept: sql<number>`coalesce(sum(${amount}), 0)::int`,
      disputed: sql<number>`coalesce(-sum(${amount}) filter (where ${ledgerEntries.kind} = 'dispute'), 0)::int`,
      byProvider: sql<number>`coalesce(-sum(${amount}) filter (where ${ledgerEntries.kind} = 'refund' and ${ledgerEntries.cause} = 'provider'), 0)::int`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId));
  return {
    netCents: row?.kept ?? 0,
    disputedCents: row?.disputed ?? 0,
    providerRefundCents: row?.byProvider ?? 0,
  };
}

/** What a document's page lists of the booking's others. */
export type DocumentSummary = Pick<Invoice, "title" | "number" | "issueDate" | "totalCents">;
export type IssuedDocument = { document: Invoice; all: DocumentSummary[] };

/** A note's reason when a read finds the amount moved without one (a path that issued none). */
const CAUGHT_UP = "Booking amount changed";

/**
 * The booking's invoice, or its note `number`, as issued, with the list of
 * all its documents; undefined when it has none. What was not yet issued (a
 * booking from before issuing, or data brought in) is issued first.
 */
export async function issuedDocument(
  db: Executor,
  bookingId: string,
  number?: string | null,
): Promise<IssuedDocument | undefined> {
  await issueDocuments(db, bookingId, { reason: CAUGHT_UP });
  const rows = await documentsOf(db, bookingId);
  const row = number ? rows.find((r) => r.number === number) : rows[0];
  if (!row) return undefined;
  const all = rows.map(({ document: d }) => ({
    title: d.title,
    number: d.number,
    issueDate: d.issueDate,
    totalCents: d.totalCents,
  }));
  return { document: row.document, all };
}

/** issuedDocument for the guest, at their booking's secret token. */
export async function issuedDocumentAtToken(db: Executor, token: string, number?: string | null) {
  if (!looksLikeGuestToken(token)) return undefined;
  const [found] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.guestToken, token));
  return found && issuedDocument(db, found.id, number);
}

/** issuedDocument for the farm, by the booking's id. */
export async function issuedDocumentOfBooking(db: Executor, id: string, number?: string | null) {
  return isRowId(id) ? issuedDocument(db, id, number) : undefined;
}
