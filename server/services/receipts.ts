// The receipts of a booking's payments (issue 31): one per payment received,
// numbered in the order the money arrived, from the ledger's entries.
import { and, asc, eq, gt } from "drizzle-orm";
import { paymentPlan } from "#domain/rules/deposits.ts";
import { invoiceNumber } from "#domain/rules/invoice.ts";
import {
  type PaymentReceipt,
  paymentWhat,
  receiptNumber,
  wayWords,
} from "#domain/rules/receipt.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings, campsites, ledgerEntries } from "#server/db/schema.ts";
import { looksLikeGuestToken } from "./guest-token";
import { invoiceSeller } from "./invoices";

type BookingRow = typeof bookings.$inferSelect;

/** Each payment the booking received, oldest first, as its receipt; with the payment it records. */
export async function receiptsOf(
  db: Executor,
  booking: BookingRow,
): Promise<(PaymentReceipt & { paymentId: string | null })[]> {
  const [campsite] = await db
    .select({ name: campsites.name })
    .from(campsites)
    .where(eq(campsites.id, booking.campsiteId));
  const entries = await db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.bookingId, booking.id),
        eq(ledgerEntries.kind, "payment"),
        gt(ledgerEntries.amountCents, 0),
      ),
    )
    .orderBy(asc(ledgerEntries.occurredAt), asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
  const { gstRegistered: _, ...seller } = invoiceSeller();
  return entries.map((entry, i) => ({
    paymentId: entry.paymentId,
    number: receiptNumber(booking.bookingReference, i + 1),
    date: entry.farmDay,
    seller,
    guest: {
      name: `${booking.guestFirstName} ${booking.guestLastName}`.trim(),
      email: booking.guestEmail,
    },
    bookingReference: booking.bookingReference,
    invoiceNumber: invoiceNumber(booking.bookingReference),
    stay: {
      campsite: campsite?.name ?? "Campsite",
      checkIn: booking.checkInDate,
      checkOut: booking.checkOutDate,
    },
    what: paymentWhat(entry.cause, paymentPlan(booking.depositTerms, booking) !== null),
    way: wayWords[entry.method],
    amountCents: entry.amountCents,
  }));
}

/** The receipts of the booking at a guest's token; undefined for a token without a booking. */
export async function receiptsAtToken(db: Executor, token: string) {
  if (!looksLikeGuestToken(token)) return undefined;
  const [booking] = await db.select().from(bookings).where(eq(bookings.guestToken, token));
  return booking && receiptsOf(db, booking);
}
