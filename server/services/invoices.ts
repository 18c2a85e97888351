// The invoice of a booking (issue 13), for the guest at their secret token and
// for the farm by the booking's id: read here, assembled by
// domain/rules/invoice.ts. Undefined means no invoice, whatever the reason, so
// a caller answers a wrong token and an unpaid booking alike.
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { formatAddress, siteConfig } from "#content/site.ts";
import { isRowId } from "#domain/forms/row-id.ts";
import {
  assembleInvoice,
  ENDING_ACTIONS,
  endingOf,
  type Invoice,
  type InvoiceSeller,
} from "#domain/rules/invoice.ts";
import type { Executor } from "#server/db/client.ts";
import { auditLog, bookings, campsites, discountCodes, payments } from "#server/db/schema.ts";
import { looksLikeGuestToken } from "./guest-token";

export type { Invoice } from "#domain/rules/invoice.ts";

/** The farm as its invoices name it. */
export function invoiceSeller(): InvoiceSeller {
  const site = siteConfig();
  return {
    ...site.business,
    address: formatAddress(site),
    phone: site.phone,
    email: site.email,
  };
}

export async function invoiceByGuestToken(
  db: Executor,
  token: string,
): Promise<Invoice | undefined> {
  if (!looksLikeGuestToken(token)) return undefined;
  return invoiceWhere(db, eq(bookings.guestToken, token));
}

export async function invoiceByBookingId(db: Executor, id: string): Promise<Invoice | undefined> {
  if (!isRowId(id)) return undefined;
  return invoiceWhere(db, eq(bookings.id, id));
}

async function invoiceWhere(db: Executor, where: SQL): Promise<Invoice | undefined> {
  return (await liveInvoiceWhere(db, where))?.invoice;
}

/** The booking's invoice as it would read now, with the booking: what issueDocuments snapshots. */
export function liveInvoice(db: Executor, bookingId: string) {
  return liveInvoiceWhere(db, eq(bookings.id, bookingId));
}

async function liveInvoiceWhere(db: Executor, where: SQL) {
  const [row] = await db
    .select({ booking: bookings, campsiteName: campsites.name, discountCode: discountCodes.code })
    .from(bookings)
    .leftJoin(campsites, eq(campsites.id, bookings.campsiteId))
    .leftJoin(discountCodes, eq(discountCodes.id, bookings.discountCodeId))
    .where(where);
  if (!row || row.booking.status === "pending" || row.booking.status === "expired")
    return undefined;
  const invoice = assembleInvoice({
    ...row,
    paidAt: await paidAt(db, row.booking.id),
    ending: await endingOfBooking(db, row.booking),
    seller: invoiceSeller(),
  });
  return invoice && { booking: row.booking, invoice };
}

/**
 * When the booking was paid: its settled payment's creation (the checkout it
 * paid through; for a stay that needed no card, the confirmation itself). The
 * row's updated_at moves with later refunds and disputes, so it is not used.
 * A payment still succeeded comes first: a second checkout paid by mistake
 * was refunded whole.
 */
async function paidAt(db: Executor, bookingId: string): Promise<Date | null> {
  const rows = await db
    .select({ status: payments.status, createdAt: payments.createdAt })
    .from(payments)
    .where(
      and(eq(payments.bookingId, bookingId), inArray(payments.status, ["succeeded", "refunded"])),
    )
    .orderBy(asc(payments.createdAt));
  const settled = rows.find((p) => p.status === "succeeded") ?? rows[0];
  return settled?.createdAt ?? null;
}

/** For a cancelled or refunded booking: the audit entry that ended it. */
async function endingOfBooking(db: Executor, booking: typeof bookings.$inferSelect) {
  if (booking.status !== "cancelled" && booking.status !== "refunded") return null;
  const entries = await db
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, "booking"),
        eq(auditLog.entityId, booking.id),
        inArray(auditLog.action, [...ENDING_ACTIONS]),
      ),
    )
    .orderBy(asc(auditLog.createdAt));
  return endingOf(entries);
}
