// Everything known about one booking, for the Bookings screen's View dialog.
import { and, asc, eq } from "drizzle-orm";
import { siteConfig } from "#content/site.ts";
import type { BookingDetails } from "#domain/api/admin-bookings.ts";
import { cancelOptions, cancelReturns } from "#domain/rules/cancellation.ts";
import { balanceDueOn } from "#domain/rules/deposits.ts";
import { adminInvoicePath, endingOf, hasInvoice, invoiceTitle } from "#domain/rules/invoice.ts";
import type { Executor } from "#server/db/client.ts";
import {
  auditLog,
  bookings,
  emailOutbox,
  payments,
  prepaidCardTransactions,
  user,
} from "#server/db/schema.ts";
import { notFound } from "#server/errors.ts";
import { type JoinedRow, joinedBookings, toRow } from "./list";

/** The booking as the cancellation rules read it. */
export const cancellableOf = (row: JoinedRow) => ({
  ...row.booking,
  prepaidCardNumber: row.prepaidCardNumber,
  prepaidCardActive: row.prepaidCardActive,
  discountCode: row.discountCode,
});

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The invoice link, when the booking has one: its history tells how a cancelled one ended. */
function invoiceOf(
  booking: JoinedRow["booking"],
  history: { entry: { action: string; details: unknown } }[],
): BookingDetails["invoice"] {
  const ending = endingOf(history.map((h) => h.entry));
  if (!hasInvoice(booking.status, ending?.previousStatus)) return null;
  return {
    title: invoiceTitle(siteConfig().business.gstRegistered),
    href: adminInvoicePath(booking.id),
  };
}

export async function getBookingDetails(db: Executor, id: string): Promise<BookingDetails> {
  const [row] = await joinedBookings(db).where(eq(bookings.id, id));
  if (!row) throw notFound("Booking not found.");
  const [paymentRows, emailRows, cardRows, historyRows] = await Promise.all([
    db.select().from(payments).where(eq(payments.bookingId, id)).orderBy(asc(payments.createdAt)),
    db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.bookingId, id))
      .orderBy(asc(emailOutbox.createdAt)),
    db
      .select()
      .from(prepaidCardTransactions)
      .where(eq(prepaidCardTransactions.bookingId, id))
      .orderBy(asc(prepaidCardTransactions.createdAt)),
    db
      .select({ entry: auditLog, actorEmail: user.email })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.actorUserId))
      .where(and(eq(auditLog.entityType, "booking"), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.createdAt)),
  ]);
  return {
    ...toRow(row),
    takenAtFrontDesk: row.booking.origin === "front-desk",
    balancePlan: row.booking.depositTerms && {
      dueOn: balanceDueOn(row.booking.depositTerms, row.booking.checkInDate),
      cardKept: row.booking.savedCard !== null,
      refusedCharges: row.booking.balanceAttempts,
    },
    farmNote: row.booking.farmNote,
    guestAnswers: row.booking.guestAnswers,
    cancelledAt: iso(row.booking.cancelledAt),
    updatedAt: row.booking.updatedAt.toISOString(),
    numberOfDogs: row.booking.numberOfDogs,
    priceLines: row.booking.priceLines.map(({ description, amountCents }) => ({
      description,
      amountCents,
    })),
    gstAmountCents: row.booking.gstAmountCents,
    invoice: invoiceOf(row.booking, historyRows),
    payments: paymentRows.map((p) => ({
      id: p.id,
      provider: p.provider,
      reference: p.reference,
      sessionId: p.stripeSessionId,
      paymentIntentId: p.stripePaymentIntentId,
      amountCents: p.amountCents,
      refundedAmountCents: p.refundedAmountCents,
      capturedAmountCents: p.capturedAmountCents,
      chargeId: p.chargeId,
      disputeId: p.disputeId,
      currency: p.currency,
      status: p.status,
      owedBackSince: p.status === "succeeded" ? iso(p.refundOwedAt) : null,
      createdAt: p.createdAt.toISOString(),
    })),
    emails: emailRows.map((e) => ({
      id: e.id,
      kind: e.kind,
      to: e.toAddress,
      subject: e.subject,
      status: e.status,
      attempts: e.attempts,
      lastError: e.lastError,
      sentAt: iso(e.sentAt),
      createdAt: e.createdAt.toISOString(),
    })),
    prepaidTransactions: cardRows.map((t) => ({
      id: t.id,
      type: t.transactionType,
      amountCents: t.amountCents,
      description: t.description,
      createdAt: t.createdAt.toISOString(),
    })),
    history: historyRows.map((h) => ({
      action: h.entry.action,
      actorEmail: h.actorEmail,
      details: h.entry.details,
      createdAt: h.entry.createdAt.toISOString(),
    })),
    cancellation: cancelOptions(
      row.booking.status,
      paymentRows,
      cancelReturns(cancellableOf(row), cardRows),
    ),
  };
}
