// The admin Bookings screen (spec 2.15, 7.4; amendment 3): search and filter,
// everything known about one booking, the booking notification email, and
// cancellation: pending and confirmed bookings straight away, paid ones with
// a full, partial or no refund through the card payment provider.
import { and, asc, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { formatMoney } from "../../app/lib/money";
import { siteConfig } from "../../content/site";
import type { Executor } from "../db/client";
import {
  auditLog,
  type BookingStatus,
  bookings,
  campsites,
  campsiteUnits,
  discountCodes,
  emailOutbox,
  payments,
  prepaidCards,
  prepaidCardTransactions,
  user,
} from "../db/schema";
import { nightsBetween } from "../domain/dates";
import { HttpError } from "../http/errors";
import { log } from "../log";
import { paymentProvider } from "../payments/index";
import { type AuditActor, recordAudit } from "./audit-log";
import { enqueueBookingConfirmation } from "./booking-emails";
import { enqueueEmail } from "./email-outbox";
import { refundPayment } from "./payments";

/** The filter buttons of the Bookings screen (spec 2.15), plus Refunded for completeness. */
export const bookingFilters = [
  "all",
  "confirmed",
  "paid",
  "pending",
  "expired",
  "cancelled",
  "refunded",
] as const;
export type BookingFilter = (typeof bookingFilters)[number];

export const BOOKING_LIST_LIMIT = 200;

export type AdminBookingRow = {
  id: string;
  bookingReference: string;
  guestName: string;
  guestEmail: string;
  guestPhone: string | null;
  numberOfGuests: number;
  campsiteName: string | null;
  unitName: string | null;
  checkIn: string;
  checkOut: string;
  nights: number;
  status: BookingStatus;
  totalAmountCents: number;
  discountAmountCents: number;
  discountCode: { code: string; description: string } | null;
  prepaidAmountUsedCents: number;
  prepaidCardNumber: string | null;
  finalAmountCents: number;
  holdExpiresAt: string | null;
  createdAt: string;
};

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likeTerm = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchCondition(search: string): SQL | undefined {
  const text = search.trim().slice(0, 100);
  if (!text) return undefined;
  const term = likeTerm(text);
  return or(
    ilike(bookings.guestFirstName, term),
    ilike(bookings.guestLastName, term),
    ilike(sql`${bookings.guestFirstName} || ' ' || ${bookings.guestLastName}`, term),
    ilike(bookings.bookingReference, term),
    ilike(campsites.name, term),
  );
}

const rowColumns = {
  booking: bookings,
  campsiteName: campsites.name,
  unitName: campsiteUnits.name,
  discountCode: discountCodes.code,
  discountDescription: discountCodes.description,
  prepaidCardNumber: prepaidCards.cardNumber,
};

type JoinedRow = {
  booking: typeof bookings.$inferSelect;
  campsiteName: string | null;
  unitName: string | null;
  discountCode: string | null;
  discountDescription: string | null;
  prepaidCardNumber: string | null;
};

function toRow(r: JoinedRow): AdminBookingRow {
  const b = r.booking;
  return {
    id: b.id,
    bookingReference: b.bookingReference,
    guestName: `${b.guestFirstName} ${b.guestLastName}`.trim(),
    guestEmail: b.guestEmail,
    guestPhone: b.guestPhone,
    numberOfGuests: b.numberOfGuests,
    campsiteName: r.campsiteName,
    unitName: r.unitName,
    checkIn: b.checkInDate,
    checkOut: b.checkOutDate,
    nights: nightsBetween(b.checkInDate, b.checkOutDate),
    status: b.status,
    totalAmountCents: b.totalAmountCents,
    discountAmountCents: b.discountAmountCents,
    discountCode: r.discountCode
      ? { code: r.discountCode, description: r.discountDescription ?? "" }
      : null,
    prepaidAmountUsedCents: b.prepaidAmountUsedCents,
    prepaidCardNumber: r.prepaidCardNumber,
    finalAmountCents: b.finalAmountCents,
    holdExpiresAt: b.holdExpiresAt?.toISOString() ?? null,
    createdAt: b.createdAt.toISOString(),
  };
}

function joinedBookings(db: Executor) {
  return db
    .select(rowColumns)
    .from(bookings)
    .leftJoin(campsites, eq(campsites.id, bookings.campsiteId))
    .leftJoin(campsiteUnits, eq(campsiteUnits.id, bookings.campsiteUnitId))
    .leftJoin(discountCodes, eq(discountCodes.id, bookings.discountCodeId))
    .leftJoin(prepaidCards, eq(prepaidCards.id, bookings.prepaidCardId));
}

/** Newest first; at most BOOKING_LIST_LIMIT rows, with whether more matched. */
export async function listBookings(
  db: Executor,
  query: { search?: string; status?: BookingFilter } = {},
): Promise<{ bookings: AdminBookingRow[]; truncated: boolean }> {
  const status = query.status && query.status !== "all" ? query.status : undefined;
  const rows = await joinedBookings(db)
    .where(
      and(status ? eq(bookings.status, status) : undefined, searchCondition(query.search ?? "")),
    )
    .orderBy(desc(bookings.createdAt), desc(bookings.bookingReference))
    .limit(BOOKING_LIST_LIMIT + 1);
  return {
    bookings: rows.slice(0, BOOKING_LIST_LIMIT).map(toRow),
    truncated: rows.length > BOOKING_LIST_LIMIT,
  };
}

export type BookingDetails = AdminBookingRow & {
  cancelledAt: string | null;
  updatedAt: string;
  payments: {
    id: string;
    provider: string;
    sessionId: string;
    paymentIntentId: string | null;
    amountCents: number;
    refundedAmountCents: number;
    currency: string;
    status: string;
    createdAt: string;
  }[];
  emails: {
    id: string;
    kind: string;
    to: string;
    subject: string;
    status: string;
    attempts: number;
    lastError: string | null;
    sentAt: string | null;
    createdAt: string;
  }[];
  prepaidTransactions: {
    id: string;
    type: string;
    amountCents: number;
    description: string;
    createdAt: string;
  }[];
  history: { action: string; actorEmail: string | null; details: unknown; createdAt: string }[];
  /** What the Cancel action can do now. */
  cancellation: CancelOptions;
};

export type CancelOptions =
  | { allowed: false }
  | { allowed: true; refundable: false }
  | { allowed: true; refundable: true; paymentId: string; refundableCents: number };

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function getBookingDetails(db: Executor, id: string): Promise<BookingDetails> {
  const [row] = await joinedBookings(db).where(eq(bookings.id, id));
  if (!row) throw new HttpError(404, "Booking not found.", "not_found");
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
    cancelledAt: iso(row.booking.cancelledAt),
    updatedAt: row.booking.updatedAt.toISOString(),
    payments: paymentRows.map((p) => ({
      id: p.id,
      provider: p.provider,
      sessionId: p.stripeSessionId,
      paymentIntentId: p.stripePaymentIntentId,
      amountCents: p.amountCents,
      refundedAmountCents: p.refundedAmountCents,
      currency: p.currency,
      status: p.status,
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
    cancellation: cancelOptions(row.booking.status, paymentRows),
  };
}

/** Spec 4: pending and confirmed bookings may be cancelled; amendment 3 adds paid ones, with a refund choice. */
export function cancelOptions(
  status: BookingStatus,
  paymentRows: { id: string; status: string; amountCents: number; refundedAmountCents: number }[],
): CancelOptions {
  if (status === "pending" || status === "confirmed") return { allowed: true, refundable: false };
  if (status !== "paid") return { allowed: false };
  const paid = paymentRows.find((p) => p.status === "succeeded");
  if (!paid) return { allowed: true, refundable: false };
  return {
    allowed: true,
    refundable: true,
    paymentId: paid.id,
    refundableCents: paid.amountCents - paid.refundedAmountCents,
  };
}

export type RefundChoice =
  | { kind: "none" }
  | { kind: "full" }
  | { kind: "partial"; amountCents: number };

export const CANNOT_CANCEL = "Only pending, confirmed or paid bookings can be cancelled.";
export const BOOKING_CHANGED =
  "This booking changed in the meantime. Reload the page and try again.";

/**
 * Cancels a booking. For a paid booking the refund (if any) goes to the
 * provider first: the money step is the one that cannot be undone, and the
 * cancellation that follows is a single local update. A refund emails the
 * guest its notice; otherwise `notifyGuest` sends a cancellation notice.
 */
export async function cancelBooking(
  db: Executor,
  actor: AuditActor,
  bookingId: string,
  options: { refund?: RefundChoice; notifyGuest?: boolean } = {},
): Promise<{ status: "cancelled"; refundedCents: number }> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw new HttpError(404, "Booking not found.", "not_found");
  const paymentRows = await db.select().from(payments).where(eq(payments.bookingId, bookingId));
  const can = cancelOptions(booking.status, paymentRows);
  if (!can.allowed) throw new HttpError(409, CANNOT_CANCEL, "not_cancellable");

  const refund = options.refund ?? { kind: "none" };
  let refundedCents = 0;
  if (refund.kind !== "none") {
    if (!can.refundable)
      throw new HttpError(400, "This booking has no card payment to refund.", "invalid_input");
    refundedCents = refund.kind === "full" ? can.refundableCents : refund.amountCents;
    if (!Number.isInteger(refundedCents) || refundedCents <= 0)
      throw new HttpError(400, "Enter a refund amount above $0.00.", "invalid_input", {
        fieldErrors: { refundAmount: "Enter a refund amount above $0.00." },
      });
    if (refundedCents > 0) {
      await refundPayment(db, can.paymentId, refundedCents, {
        reason: `Your booking ${booking.bookingReference} has been cancelled.`,
        notifyGuest: options.notifyGuest !== false,
      });
    }
  }

  const openSessions = await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: new Date() })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, booking.status)))
      .returning();
    if (!cancelled) throw new HttpError(409, BOOKING_CHANGED, "conflict");
    await recordAudit(
      tx,
      actor,
      "booking.cancelled",
      { type: "booking", id: bookingId },
      {
        bookingReference: booking.bookingReference,
        previousStatus: booking.status,
        refund: refund.kind,
        refundedCents,
        notifiedGuest: options.notifyGuest !== false,
      },
    );
    if (options.notifyGuest !== false && refundedCents === 0) {
      const [campsite] = await tx
        .select({ name: campsites.name })
        .from(campsites)
        .where(eq(campsites.id, booking.campsiteId));
      await enqueueCancellationNotice(tx, cancelled, campsite?.name ?? "Unknown Campsite");
    }
    return paymentRows.filter((p) => p.status === "pending");
  });

  // A pending booking may have a checkout page open: close it so it can no longer be paid.
  for (const p of openSessions) {
    await expireSession(p.provider, p.stripeSessionId);
  }
  return { status: "cancelled", refundedCents };
}

async function expireSession(provider: string, sessionId: string) {
  try {
    const current = paymentProvider();
    if (current.name === provider) await current.expireCheckoutSession(sessionId);
  } catch (error) {
    // A payment that still arrives is refunded by the payment service (the booking is cancelled).
    log.warn(
      { err: error, sessionId },
      "could not close the checkout session of a cancelled booking",
    );
  }
}

type BookingRow = typeof bookings.$inferSelect;

function stayText(booking: BookingRow, campsiteName: string): string[] {
  return [
    `Booking reference: ${booking.bookingReference}`,
    `Campsite: ${campsiteName}`,
    `Check-in: ${booking.checkInDate}`,
    `Check-out: ${booking.checkOutDate}`,
    `Nights: ${nightsBetween(booking.checkInDate, booking.checkOutDate)}`,
    `Guests: ${booking.numberOfGuests}`,
    `Total: ${formatMoney(booking.finalAmountCents)}`,
  ];
}

async function enqueueCancellationNotice(tx: Executor, booking: BookingRow, campsiteName: string) {
  const site = siteConfig();
  await enqueueEmail(tx, {
    kind: "booking-cancelled",
    to: booking.guestEmail,
    replyTo: site.email,
    subject: `Booking ${booking.bookingReference} cancelled: ${site.farmName} Station`,
    text: [
      `Hi ${booking.guestFirstName},`,
      "",
      `Your booking at ${site.farmName} Station has been cancelled.`,
      "",
      ...stayText(booking, campsiteName),
      "",
      `Questions? Call us on ${site.phone} or reply to this email.`,
      `${site.farmName} Station`,
    ].join("\n"),
    bookingId: booking.id,
  });
}

const statusSentence: Record<BookingStatus, string> = {
  pending: "Your booking is waiting for payment.",
  paid: "Your booking is paid and confirmed.",
  confirmed: "Your booking is confirmed.",
  expired: "Your booking was not completed in time and has expired.",
  refunded: "Your booking was refunded.",
  cancelled: "Your booking has been cancelled.",
};

/**
 * The Email action: the booking notification to the guest. A paid or
 * confirmed booking gets its confirmation again (with the calendar file);
 * any other booking a notice of its status.
 */
export async function sendBookingNotification(
  db: Executor,
  actor: AuditActor,
  bookingId: string,
): Promise<{ to: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ booking: bookings, campsiteName: campsites.name })
      .from(bookings)
      .leftJoin(campsites, eq(campsites.id, bookings.campsiteId))
      .where(eq(bookings.id, bookingId));
    if (!row) throw new HttpError(404, "Booking not found.", "not_found");
    const { booking } = row;
    const campsiteName = row.campsiteName ?? "Unknown Campsite";
    if (booking.status === "paid" || booking.status === "confirmed") {
      await enqueueBookingConfirmation(tx, booking, campsiteName);
    } else {
      const site = siteConfig();
      await enqueueEmail(tx, {
        kind: "booking-status",
        to: booking.guestEmail,
        replyTo: site.email,
        subject: `Your booking ${booking.bookingReference} at ${site.farmName} Station`,
        text: [
          `Hi ${booking.guestFirstName},`,
          "",
          statusSentence[booking.status],
          "",
          ...stayText(booking, campsiteName),
          "",
          `Questions? Call us on ${site.phone} or reply to this email.`,
          `${site.farmName} Station`,
        ].join("\n"),
        bookingId: booking.id,
      });
    }
    await recordAudit(
      tx,
      actor,
      "booking.notification_sent",
      { type: "booking", id: booking.id },
      {
        bookingReference: booking.bookingReference,
        to: booking.guestEmail,
        status: booking.status,
      },
    );
    return { to: booking.guestEmail };
  });
}
