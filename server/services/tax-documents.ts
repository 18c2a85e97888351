// Invoices issued once, then adjusted (issue 29, decision 0028). A booking's
// invoice is issued when it is sold, as it stands then, and never changes;
// every later change of what the sale is worth (a change of stay, a refund, a
// kept fee, a lost dispute) issues an adjustment note for the difference. As
// the ledger writer does for money, the issuer writes only what the documents
// lack, so every path calls the same function and nothing is issued twice.
import { setImmediate } from "node:timers/promises";
import { and, asc, eq, gt, sql } from "drizzle-orm";
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

/** What issuing found and did: every document of the booking, and those issued by this call. */
export type Issued = { all: Invoice[]; fresh: Invoice[] };

/**
 * Issues what the booking's documents lack: its invoice once it is sold (paid
 * or confirmed), then a note when the sale's value differs from what they add
 * up to. Call it in the transaction that changed the booking's amount, before
 * the email that tells of it, which attaches what was fresh.
 */
export async function issueDocuments(
  db: Executor,
  bookingId: string,
  { reason, pendingRefundCents = 0, now = new Date() }: IssueReason,
): Promise<Issued> {
  const all = (await documentsOf(db, bookingId)).map((r) => r.document);
  const live = await liveInvoice(db, bookingId);
  if (!live) return { all, fresh: [] };
  const fresh: Invoice[] = [];
  let invoice = all[0];
  if (!invoice) {
    // As sold: how it ended since is the notes' to say.
    invoice = { ...live.invoice, ended: null };
    if (!(await insert(db, bookingId, 0, invoice))) return { all, fresh };
    all.push(invoice);
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
  const previousTotalCents = all.reduce((sum, d) => sum + d.totalCents, 0);
  if (value === previousTotalCents) return { all, fresh };
  const note = adjustmentNote(invoice, {
    sequence: all.length,
    issueDate: farmToday(now),
    reason,
    previousTotalCents,
    newTotalCents: value,
    previousGstCents:
      invoice.gstCents === null ? null : all.reduce((sum, d) => sum + (d.gstCents ?? 0), 0),
    stay: live.invoice.stay,
  });
  if (await insert(db, bookingId, all.length, note)) {
    all.push(note);
    fresh.push(note);
  }
  return { all, fresh };
}

/** Inserts a document; false when another request issued that one first. */
async function insert(
  db: Executor,
  bookingId: string,
  sequence: number,
  document: Invoice,
): Promise<boolean> {
  const rows = await db
    .insert(taxDocuments)
    .values({
      bookingId,
      sequence,
      number: document.number,
      issueDate: document.issueDate,
      totalCents: document.totalCents,
      gstCents: document.gstCents,
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
export const CAUGHT_UP = "Booking amount changed";

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
  const { all } = await issueDocuments(db, bookingId, { reason: CAUGHT_UP });
  const document = number ? all.find((d) => d.number === number) : all[0];
  if (!document) return undefined;
  const summaries = all.map((d) => ({
    title: d.title,
    number: d.number,
    issueDate: d.issueDate,
    totalCents: d.totalCents,
  }));
  return { document, all: summaries };
}

/**
 * Issues the documents of bookings sold before documents were issued (or
 * brought in from elsewhere): those with money moved, or sold, and no invoice
 * yet, in pages by id after `after`, each in its own transaction. `days`
 * limits it to bookings whose money moved on those farm days (what an export
 * covers). Returns the page's last id, or undefined when none were left.
 */
export async function catchUpDocuments(
  db: Executor,
  {
    after,
    limit = 200,
    days,
  }: { after?: string; limit?: number; days?: { from: string; to: string } } = {},
): Promise<string | undefined> {
  const noInvoice = sql`not exists (select 1 from ${taxDocuments} d where d.booking_id = ${bookings.id})`;
  const moved = days
    ? sql`${bookings.id} in (select ${ledgerEntries.bookingId} from ${ledgerEntries}
        where ${ledgerEntries.farmDay} between ${days.from} and ${days.to})`
    : sql`(${bookings.status} in ('paid', 'confirmed')
        or exists (select 1 from ${ledgerEntries} where ${ledgerEntries.bookingId} = ${bookings.id}))`;
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(noInvoice, moved, after ? gt(bookings.id, after) : undefined))
    .orderBy(asc(bookings.id))
    .limit(limit);
  for (const { id } of rows) {
    await db.transaction((tx) => issueDocuments(tx, id, { reason: CAUGHT_UP }));
    // PGlite runs on the server's thread: requests get their turn between bookings.
    await setImmediate();
  }
  return rows.at(-1)?.id;
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
