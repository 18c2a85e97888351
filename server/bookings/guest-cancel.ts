// The camper's own booking (decision 0015), at the booking's secret token:
// the page's view, the stay as a calendar file, and the camper's own
// cancellation under the farm's cancellation policy. The cancellation runs the
// back office's parts (payments/cancel.ts): the same refund, the same
// give-back, the same audit entry and email, with no actor and `by: "guest"`.
// A booking with no invoice (never paid) is no booking here: every answer
// about a wrong token and an unpaid booking is the same "not found".
import { eq } from "drizzle-orm";
import type { GuestBookingView } from "#domain/api/my-booking.ts";
import { formatMoney } from "#domain/format/money.ts";
import {
  type AcceptedPolicy,
  guestCancellation,
  policyWords,
  refundStatement,
} from "#domain/rules/cancellation-policy.ts";
import { farmToday } from "#domain/rules/dates.ts";
import { keptCardChargedOn } from "#domain/rules/deposits.ts";
import { endingNote, guestInvoicePath, invoiceTotals } from "#domain/rules/invoice.ts";
import type { LedgerCause } from "#domain/rules/ledger.ts";
import { guestCalendarPath, guestPaymentPath } from "#domain/rules/my-booking.ts";
import { guestReceiptPath } from "#domain/rules/receipt.ts";
import type { PaymentRefund } from "#domain/rules/refunds.ts";
import { atDeskCents } from "#domain/rules/refunds.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings, campsites } from "#server/db/schema.ts";
import { conflict, notFound } from "#server/errors.ts";
import { policyOf } from "#server/services/accepted-policy.ts";
import { bookingCalendar, enqueueFarmNotice } from "#server/services/booking-emails.ts";
import { bookingIdAt } from "#server/services/booking-page.ts";
import { findBookingWithCampsite } from "#server/services/bookings.ts";
import {
  type CancelResult,
  cancelInTransaction,
  loadForCancel,
} from "#server/services/payments/cancel.ts";
import type { PaymentDeps } from "#server/services/payments/deps.ts";
import { paidCentsOf } from "#server/services/payments/paid.ts";
import { refundOrRefuse } from "#server/services/payments/refunds.ts";
import { type RateLimitRule, spendRateLimit } from "#server/services/rate-limit.ts";
import { receiptsOf } from "#server/services/receipts.ts";
import { getSettings } from "#server/services/settings.ts";
import { farmRefundWords } from "#server/services/stay-moves.ts";

export const BOOKING_NOT_FOUND = "Booking not found.";
export const REFUND_REFUSED =
  "We could not refund your payment just now, so nothing has changed: your booking stands as it was. Please try again later, or call us.";

/** Cancel attempts per client: a camper needs one or two; guessing tokens needs millions. */
export const GUEST_CANCEL_RATE_LIMIT: RateLimitRule = {
  name: "guest-cancel",
  max: 10,
  windowSeconds: 10 * 60,
};

/** Where the booking stands against the farm's policy today. */
async function cancellationToday(db: Executor, bookingId: string, now: Date) {
  const loaded = await loadForCancel(db, bookingId);
  const policy = await policyOf(db, loaded.row.booking);
  const checkIn = loaded.row.booking.checkInDate;
  return {
    ...loaded,
    words: policyWords(checkIn, policy, farmToday(now)),
    cancellation: guestCancellation(loaded.row.booking, loaded.can, policy, farmToday(now)),
  };
}

/** The page's view of the booking at `token`; undefined for any token that has no page. */
export async function guestBookingByToken(
  db: Executor,
  token: string,
  now = new Date(),
): Promise<GuestBookingView | undefined> {
  const found = await bookingIdAt(db, token);
  if (!found) return undefined;
  const { row, words, cancellation } = await cancellationToday(db, found.id, now);
  const { invoice } = found;
  const live = row.booking.status === "paid" || row.booking.status === "confirmed";
  return {
    reference: row.booking.bookingReference,
    status: row.booking.status,
    version: row.booking.calendarSequence,
    campsite: invoice.stay.campsite,
    checkIn: invoice.stay.checkIn,
    checkOut: invoice.stay.checkOut,
    nights: invoice.stay.nights,
    guests: invoice.stay.guests,
    dogs: invoice.stay.dogs,
    lines: invoice.lines,
    totals: invoiceTotals(invoice),
    endingNote: endingNote(invoice),
    policy: words,
    accepted: acceptedOf(row.booking.acceptedPolicy),
    cancel: cancellation.allowed ? { statement: refundStatement(cancellation) } : null,
    invoicePath: guestInvoicePath(token),
    invoiceLabel: `View your ${invoice.title.toLowerCase()}`,
    calendarPath: live ? guestCalendarPath(token) : null,
    receipts: (await receiptsOf(db, row.booking)).map((r, i) => ({
      number: r.number,
      date: r.date,
      what: r.what,
      amountCents: r.amountCents,
      href: guestReceiptPath(token, i + 1),
    })),
    balance: live ? await balanceOwed(db, row.booking, token) : null,
    // A stay that can be cancelled here can be changed here (guest-change.ts).
    change: cancellation.allowed ? await changeOffer(db, row.booking) : null,
  };
}

/** What a standing booking still owes; a deposit's balance is charged on its day unless given up on. */
async function balanceOwed(db: Executor, booking: typeof bookings.$inferSelect, token: string) {
  const cents = booking.finalAmountCents - (await paidCentsOf(db, booking.id));
  if (cents <= 0) return null;
  return { cents, chargedOn: keptCardChargedOn(booking), payPath: guestPaymentPath(token) };
}

/** The stay as it is, and what its campsite takes, for the change form. */
async function changeOffer(db: Executor, booking: typeof bookings.$inferSelect) {
  const [campsite] = await db
    .select({ capacity: campsites.capacity, maxDogs: campsites.maxDogs })
    .from(campsites)
    .where(eq(campsites.id, booking.campsiteId));
  if (!campsite) return null;
  return {
    guests: booking.numberOfGuests,
    dogs: booking.numberOfDogs,
    maxGuests: campsite.capacity,
    maxDogs: campsite.maxDogs,
  };
}

/** The stay as a calendar file, while it stands; undefined otherwise. */
export async function guestCalendarByToken(
  db: Executor,
  token: string,
): Promise<{ filename: string; content: string } | undefined> {
  const found = await bookingIdAt(db, token);
  if (!found) return undefined;
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, found.id));
  if (!booking || (booking.status !== "paid" && booking.status !== "confirmed")) return undefined;
  return {
    filename: `${booking.bookingReference}.ics`,
    content: bookingCalendar(booking, found.invoice.stay.campsite),
  };
}

/**
 * The camper cancels their own booking. Rate limited per client first (a
 * wrong token counts too), then, in one transaction holding the booking's row
 * lock: the back office's cancellation, then the policy's refund through the
 * provider. A refund the provider refuses rolls everything back.
 */
export async function cancelOwnBooking(
  db: Executor,
  token: string,
  clientAddress: string,
  options: PaymentDeps & { now?: Date } = {},
): Promise<CancelResult> {
  await spendRateLimit(db, GUEST_CANCEL_RATE_LIMIT, clientAddress);
  return db.transaction(async (tx) => {
    const found = await bookingIdAt(tx, token, { lock: true });
    if (!found) throw notFound(BOOKING_NOT_FOUND);
    const { row, can, cancellation } = await cancellationToday(
      tx,
      found.id,
      options.now ?? new Date(),
    );
    if (!cancellation.allowed) throw conflict(cancellation.reason, "not_cancellable");
    const credit = can.allowed ? can.prepaidCredit : null;
    const cancelled = await cancelInTransaction(tx, null, row, {
      refund: cancellation.refund,
      plan: cancellation.plan,
      notifyGuest: true,
      credit,
      by: "guest",
    });
    const atDesk = atDeskCents(cancellation.plan.cardRefunds);
    await tellFarmOfCancellation(tx, found.id, cancelled, atDesk, credit?.cardNumber);
    // The provider's refund last: nothing after it can fail and roll the rest back.
    await refundCardOrRefuse(tx, cancellation.plan.cardRefunds, options);
    return cancelled;
  });
}

/**
 * The farm's notice of a camper's own cancellation, when 'Booking
 * notification emails' is on: who, the stay (the template's rows) and what
 * went back. In the cancellation's transaction, so a refused refund writes none.
 */
async function tellFarmOfCancellation(
  tx: Executor,
  bookingId: string,
  result: CancelResult,
  atDesk: number,
  cardNumber: string | undefined,
) {
  if (!(await getSettings(tx)).notificationEmails) return;
  const found = await findBookingWithCampsite(tx, bookingId);
  if (!found) return;
  const { booking, campsiteName } = found;
  await enqueueFarmNotice(tx, booking, campsiteName, {
    kind: "booking-cancellation-notification",
    subject: `Booking cancelled ${booking.bookingReference}: ${campsiteName}, ${booking.checkInDate}`,
    lines: [
      `${booking.guestFirstName} ${booking.guestLastName} cancelled booking ${booking.bookingReference} from their booking page.`,
      "Its nights can be booked again.",
      "",
      ...moneyGoneBack(result, atDesk, cardNumber),
    ],
  });
}

/** What the cancellation gave back under the policy, in the farm's words. */
function moneyGoneBack(
  result: CancelResult,
  atDesk: number,
  cardNumber: string | undefined,
): string[] {
  const back = [
    ...farmRefundWords(result.refundedCents, atDesk),
    result.prepaidCreditReturnedCents > 0
      ? `${formatMoney(result.prepaidCreditReturnedCents)} of prepaid credit to their prepaid card ending ${cardNumber?.slice(-4) ?? "?"}`
      : "",
  ].filter(Boolean);
  return [
    back.length > 0
      ? `Under the cancellation policy, ${back.join(" and ")} went back to them.`
      : "Under the cancellation policy nothing was refunded.",
    ...(result.discountCodeUseReturned ? ["The discount code's use was given back."] : []),
    "The guest has been emailed.",
  ];
}

/** The card part of a camper's cancellation or change; a provider that fails rolls it back. */
export const refundCardOrRefuse = (
  tx: Executor,
  parts: PaymentRefund[],
  deps: PaymentDeps,
  cause: LedgerCause = "cancellation",
) => refundOrRefuse(tx, parts, REFUND_REFUSED, deps, cause);

/** What the camper accepted on step 3, and the farm's day they did. */
const acceptedOf = (accepted: AcceptedPolicy | null) =>
  accepted && { words: accepted.words, on: farmToday(new Date(accepted.acceptedAt)) };
