// The admin Bookings screen (spec 2.15, 7.4; amendment 3): search and filter,
// everything known about one booking, the booking notification email, and
// cancellation: pending and confirmed bookings straight away, paid ones with
// a full, partial or no refund through the card payment provider; what the
// booking took from a prepaid card and a discount code goes back (decision 0009).
import { and, asc, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { siteConfig } from "#content/site.ts";
import { formatMoney } from "#domain/format/money.ts";
import { nightsBetween } from "#domain/rules/dates.ts";
import type { BookingStatus } from "#domain/rules/statuses.ts";
import type { Executor } from "#server/db/client.ts";
import {
  auditLog,
  bookings,
  campsites,
  campsiteUnits,
  discountCodes,
  emailOutbox,
  payments,
  prepaidCards,
  prepaidCardTransactions,
  user,
} from "#server/db/schema.ts";
import { conflict, invalid, notFound } from "#server/errors.ts";
import { log } from "#server/log.ts";
import { paymentProvider } from "#server/payments/index.ts";
import { type AuditActor, recordAudit } from "./audit-log";
import {
  enqueueBookingConfirmation,
  enqueueRefundNotice,
  type ReturnedCredit,
  returnedCreditLines,
} from "./booking-emails";
import { returnDiscountCodeUse } from "./discount-codes";
import { enqueueEmail } from "./email-outbox";
import { refundPayment } from "./payments";
import { creditPrepaidCard } from "./prepaid-cards";

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
  prepaidCardActive: prepaidCards.isActive,
};

type BookingRow = typeof bookings.$inferSelect;

type JoinedRow = {
  booking: BookingRow;
  campsiteName: string | null;
  unitName: string | null;
  discountCode: string | null;
  discountDescription: string | null;
  prepaidCardNumber: string | null;
  prepaidCardActive: boolean | null;
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

/** What a cancellation gives back besides card money: shown by the dialog, applied by cancelBooking. */
export type CancelReturns = {
  /** The credit the booking took from its prepaid card and has not had back; a full refund returns it. */
  prepaidCredit: { cents: number; cardNumber: string; cardActive: boolean } | null;
  /** The code whose use the booking counted; every cancellation gives that use back. */
  discountCode: string | null;
};

export type CancelOptions =
  | { allowed: false }
  | ({ allowed: true; refundable: false } & CancelReturns)
  | ({
      allowed: true;
      /** A refund choice is offered: card money left to refund, prepaid credit to return, or both. */
      refundable: true;
      /** The card payment; null for a booking confirmed without one (covered by a code or card). */
      paymentId: string | null;
      refundableCents: number;
    } & CancelReturns);

const iso = (d: Date | null) => d?.toISOString() ?? null;

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
    cancellation: cancelOptions(row.booking.status, paymentRows, cancelReturns(row, cardRows)),
  };
}

type CardTransaction = Pick<
  typeof prepaidCardTransactions.$inferSelect,
  "prepaidCardId" | "transactionType" | "amountCents"
>;

/**
 * The credit a booking holds on its card, from the card's ledger rather than
 * `prepaidAmountUsedCents`: only what was really debited (at payment) and not
 * yet credited back can be returned, so nothing is ever returned twice.
 */
function prepaidCreditHeld(booking: BookingRow, transactions: CardTransaction[]): number {
  let cents = 0;
  for (const t of transactions) {
    if (t.prepaidCardId !== booking.prepaidCardId) continue;
    if (t.transactionType === "debit") cents += t.amountCents;
    if (t.transactionType === "credit") cents -= t.amountCents;
  }
  return Math.max(cents, 0);
}

/**
 * Paid and confirmed bookings counted their code's use when they were settled
 * (`settleBooking` in payments.ts); pending and expired ones never did, and a
 * payment that could not be honoured left its booking expired, uncounted.
 */
const countedCodeUse = (status: BookingStatus) => status === "paid" || status === "confirmed";

/** What cancelling this booking would give back, from its row and its card transactions. */
function cancelReturns(row: JoinedRow, transactions: CardTransaction[]): CancelReturns {
  const { booking } = row;
  const cents = prepaidCreditHeld(booking, transactions);
  return {
    prepaidCredit:
      cents > 0 && row.prepaidCardNumber
        ? { cents, cardNumber: row.prepaidCardNumber, cardActive: row.prepaidCardActive === true }
        : null,
    discountCode:
      booking.discountCodeId && countedCodeUse(booking.status) ? row.discountCode : null,
  };
}

/**
 * Spec 4: pending and confirmed bookings may be cancelled; amendment 3 adds
 * paid ones, with a refund choice. Only a paid booking has a card payment
 * (a confirmed one was covered by a code or card), but a booking holding
 * prepaid credit is offered the choice too: a full refund returns that credit.
 */
export function cancelOptions(
  status: BookingStatus,
  paymentRows: { id: string; status: string; amountCents: number; refundedAmountCents: number }[],
  returns: CancelReturns,
): CancelOptions {
  if (status !== "pending" && status !== "confirmed" && status !== "paid")
    return { allowed: false };
  const paid = status === "paid" ? paymentRows.find((p) => p.status === "succeeded") : undefined;
  if (!paid && !returns.prepaidCredit) return { allowed: true, refundable: false, ...returns };
  return {
    allowed: true,
    refundable: true,
    paymentId: paid?.id ?? null,
    refundableCents: paid ? paid.amountCents - paid.refundedAmountCents : 0,
    ...returns,
  };
}

export type RefundChoice =
  | { kind: "none" }
  | { kind: "full" }
  | { kind: "partial"; amountCents: number };

export const CANNOT_CANCEL = "Only pending, confirmed or paid bookings can be cancelled.";
export const BOOKING_CHANGED =
  "This booking changed in the meantime. Reload the page and try again.";
export const NO_CARD_PAYMENT = "This booking has no card payment to refund.";
export const NOTHING_TO_REFUND = "This booking has no card payment or prepaid credit to refund.";
const REFUND_AMOUNT_NEEDED = "Enter a refund amount above $0.00.";

type Cancellable = Extract<CancelOptions, { allowed: true }>;

/** What the refund choice gives back: card money through the provider, prepaid credit, the code's use. */
type ReturnPlan = {
  cardRefund: { paymentId: string; cents: number } | null;
  prepaidCreditCents: number;
  returnsCodeUse: boolean;
};

/**
 * Turns the admin's refund choice into what goes back. "full" is everything
 * the guest paid: what is left of the card payment and the prepaid credit.
 * "partial" is the amount typed, off the card payment only: the credit stays
 * spent, so the guest never gets more than the amount the admin chose
 * (decision 0009). The code's use goes back whatever the choice.
 */
function planReturns(can: Cancellable, refund: RefundChoice): ReturnPlan {
  const returnsCodeUse = can.discountCode !== null;
  if (refund.kind === "none") return { cardRefund: null, prepaidCreditCents: 0, returnsCodeUse };
  if (!can.refundable) throw invalid(NOTHING_TO_REFUND);
  if (refund.kind === "full") {
    const cardRefund =
      can.paymentId && can.refundableCents > 0
        ? { paymentId: can.paymentId, cents: can.refundableCents }
        : null;
    return { cardRefund, prepaidCreditCents: can.prepaidCredit?.cents ?? 0, returnsCodeUse };
  }
  if (!can.paymentId) throw invalid(NO_CARD_PAYMENT);
  if (!Number.isInteger(refund.amountCents) || refund.amountCents <= 0)
    throw invalid(REFUND_AMOUNT_NEEDED, { field: "refundAmount" });
  const cardRefund = { paymentId: can.paymentId, cents: refund.amountCents };
  return { cardRefund, prepaidCreditCents: 0, returnsCodeUse };
}

export type CancelResult = {
  status: "cancelled";
  /** Refunded to the guest's card through the provider. */
  refundedCents: number;
  /** Put back on the guest's prepaid card. */
  prepaidCreditReturnedCents: number;
  discountCodeUseReturned: boolean;
};

async function loadForCancel(db: Executor, bookingId: string) {
  const [row] = await joinedBookings(db).where(eq(bookings.id, bookingId));
  if (!row) throw notFound("Booking not found.");
  const [paymentRows, cardRows] = await Promise.all([
    db.select().from(payments).where(eq(payments.bookingId, bookingId)),
    db
      .select()
      .from(prepaidCardTransactions)
      .where(eq(prepaidCardTransactions.bookingId, bookingId)),
  ]);
  const can = cancelOptions(row.booking.status, paymentRows, cancelReturns(row, cardRows));
  return { row, paymentRows, can };
}

/**
 * Cancels a booking. For a paid booking the card refund (if any) goes to the
 * provider first: the money step is the one that cannot be undone. Then one
 * transaction cancels it, returns its prepaid credit (full refund) and its
 * code's use, records the audit entry and queues the guest's one email.
 */
export async function cancelBooking(
  db: Executor,
  actor: AuditActor,
  bookingId: string,
  options: { refund?: RefundChoice; notifyGuest?: boolean } = {},
): Promise<CancelResult> {
  const { row, paymentRows, can } = await loadForCancel(db, bookingId);
  if (!can.allowed) throw conflict(CANNOT_CANCEL, "not_cancellable");
  const refund = options.refund ?? { kind: "none" };
  const notifyGuest = options.notifyGuest !== false;
  const plan = planReturns(can, refund);
  const { cardRefund } = plan;
  // Its notice is written with the cancellation below, so it can tell of the credit returned too.
  if (cardRefund)
    await refundPayment(db, cardRefund.paymentId, cardRefund.cents, { notifyGuest: false });

  const result = await cancelAndGiveBack(db, actor, row, {
    refund,
    plan,
    notifyGuest,
    credit: can.prepaidCredit,
  }).catch(async (error: unknown) => {
    if (cardRefund && notifyGuest) await noticeOfCardRefundAlone(db, row, cardRefund.cents);
    throw error;
  });

  // A pending booking may have a checkout page open: close it so it can no longer be paid.
  for (const p of paymentRows.filter((p) => p.status === "pending")) {
    await expireSession(p.provider, p.stripeSessionId);
  }
  return result;
}

type CancelChoice = {
  refund: RefundChoice;
  plan: ReturnPlan;
  notifyGuest: boolean;
  credit: CancelReturns["prepaidCredit"];
};

/**
 * The status change and everything that follows from it, in one transaction.
 * The conditional UPDATE locks the booking and lets only one cancellation
 * through, so credit and code use are given back once per booking. The credit
 * read before still holds: only settling or cancelling the booking writes its
 * card transactions, and both change the status this UPDATE requires.
 */
async function cancelAndGiveBack(
  db: Executor,
  actor: AuditActor,
  row: JoinedRow,
  choice: CancelChoice,
): Promise<CancelResult> {
  const { booking } = row;
  return db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: new Date() })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, booking.status)))
      .returning();
    if (!cancelled) throw conflict(BOOKING_CHANGED, "conflict");
    const result: CancelResult = {
      status: "cancelled",
      refundedCents: choice.plan.cardRefund?.cents ?? 0,
      ...(await giveBack(tx, booking, choice.plan)),
    };
    await recordAudit(
      tx,
      actor,
      "booking.cancelled",
      { type: "booking", id: booking.id },
      {
        bookingReference: booking.bookingReference,
        previousStatus: booking.status,
        refund: choice.refund.kind,
        refundedCents: result.refundedCents,
        prepaidCreditReturnedCents: result.prepaidCreditReturnedCents,
        discountCodeUseReturned: result.discountCodeUseReturned,
        notifiedGuest: choice.notifyGuest,
      },
    );
    if (choice.notifyGuest) {
      const credit =
        choice.credit && result.prepaidCreditReturnedCents > 0
          ? { cents: result.prepaidCreditReturnedCents, cardNumber: choice.credit.cardNumber }
          : undefined;
      await tellGuest(tx, cancelled, row.campsiteName, result.refundedCents, credit);
    }
    return result;
  });
}

/** Puts the prepaid credit back on the card (when the plan returns it) and the code's use back on the code. */
async function giveBack(tx: Executor, booking: BookingRow, plan: ReturnPlan) {
  let prepaidCreditReturnedCents = 0;
  if (booking.prepaidCardId && plan.prepaidCreditCents > 0) {
    await creditPrepaidCard(tx, {
      prepaidCardId: booking.prepaidCardId,
      amountCents: plan.prepaidCreditCents,
      bookingId: booking.id,
      description: `Booking ${booking.bookingReference} cancelled: credit returned`,
    });
    prepaidCreditReturnedCents = plan.prepaidCreditCents;
  }
  const discountCodeUseReturned =
    plan.returnsCodeUse && booking.discountCodeId
      ? await returnDiscountCodeUse(tx, booking.discountCodeId)
      : false;
  return { prepaidCreditReturnedCents, discountCodeUseReturned };
}

const cancelledReason = (booking: BookingRow) =>
  `Your booking ${booking.bookingReference} has been cancelled.`;

/** One email: the refund notice when card money went back, otherwise the cancellation notice. */
async function tellGuest(
  tx: Executor,
  cancelled: BookingRow,
  campsiteName: string | null,
  refundedCents: number,
  credit: ReturnedCredit | undefined,
) {
  const name = campsiteName ?? "Unknown Campsite";
  if (refundedCents > 0)
    await enqueueRefundNotice(
      tx,
      cancelled,
      name,
      refundedCents,
      cancelledReason(cancelled),
      credit,
    );
  else await enqueueCancellationNotice(tx, cancelled, name, credit);
}

/**
 * The card was refunded but the cancellation did not go through (a racing
 * change): the guest still hears of the money, as the refund alone would tell.
 */
async function noticeOfCardRefundAlone(db: Executor, row: JoinedRow, cents: number) {
  const { booking } = row;
  await db
    .transaction((tx) =>
      enqueueRefundNotice(
        tx,
        booking,
        row.campsiteName ?? "Unknown Campsite",
        cents,
        cancelledReason(booking),
      ),
    )
    .catch((error: unknown) =>
      log.error({ err: error, bookingId: booking.id }, "could not queue the refund notice"),
    );
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

async function enqueueCancellationNotice(
  tx: Executor,
  booking: BookingRow,
  campsiteName: string,
  credit?: ReturnedCredit,
) {
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
      ...returnedCreditLines(credit),
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
    if (!row) throw notFound("Booking not found.");
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
