// A refund the card provider reports (`charge.refunded`), whoever made it:
// the provider's total is recorded on the payment, and a full refund made
// outside this site (the Stripe Dashboard) ends the booking it paid for, as a
// cancellation with a full refund would (decision 0013).
import { and, eq, isNull, ne } from "drizzle-orm";
import { formatMoney } from "#domain/format/money.ts";
import { recordedRefund, refundEndsBooking } from "#domain/rules/refunds.ts";
import type { Executor, Tx } from "#server/db/client.ts";
import { theRow } from "#server/db/rows.ts";
import { bookings, payments } from "#server/db/schema.ts";
import { recordAudit } from "#server/services/audit-log.ts";
import { enqueueFarmNotice } from "#server/services/booking-emails.ts";
import { findBookingWithCampsite } from "#server/services/bookings.ts";
import { enterPayment } from "#server/services/ledger.ts";
import { issueDocuments } from "#server/services/tax-documents.ts";
import { type ChargeRef, lockChargeAndBooking } from "./charge-payments";
import type { BookingRow, PaymentRow } from "./deps";
import { giveBack, returnsOfBooking } from "./give-back";
import { parkEvent } from "./parked-events";
import { firstTimeSeen, isOwnRefund } from "./payment-events";

/** What `charge.refunded` says: the provider's refunded total so far, and whether that is all of it. */
export type ChargeRefunded = ChargeRef & {
  eventId: string;
  eventType: string;
  amountRefundedCents: number;
  fullyRefunded: boolean;
};

export type ProviderRefundOutcome = "replayed" | "parked" | "refund_recorded" | "booking_refunded";

const REFUNDED_BY_PROVIDER = "Refund made in the card provider's dashboard";

export async function applyProviderRefund(
  db: Executor,
  charge: ChargeRefunded,
  now: Date = new Date(),
): Promise<ProviderRefundOutcome> {
  return db.transaction(async (tx) => {
    if (!(await firstTimeSeen(tx, charge.eventId, charge.eventType))) return "replayed";
    const found = await lockChargeAndBooking(tx, charge);
    if (!found) return parkEvent(tx, charge);
    const full = await recordOnPayment(tx, found.payment, charge);
    // A refund the app asked for is the app's to follow up (the cancellation, the guest's notice).
    const ended =
      full &&
      !(await isOwnRefund(tx, found.payment.id, charge.amountRefundedCents)) &&
      (await followFullRefund(tx, found.booking, found.payment, charge, now));
    await issueDocuments(tx, found.booking.id, { reason: REFUNDED_BY_PROVIDER, now });
    return ended ? "booking_refunded" : "refund_recorded";
  });
}

/** The provider's total on the payment; true when the charge is now refunded in full. */
async function recordOnPayment(tx: Tx, payment: PaymentRow, charge: ChargeRefunded) {
  const recorded = recordedRefund(payment, charge.amountRefundedCents, charge.fullyRefunded);
  await tx
    .update(payments)
    .set({
      refundedAmountCents: recorded.refundedAmountCents,
      ...(recorded.full && { status: "refunded" as const }),
    })
    .where(eq(payments.id, payment.id));
  await enterPayment(tx, payment.id, "provider");
  return recorded.full;
}

/** What a full refund made at the provider does to the booking; true when it ended it. */
async function followFullRefund(
  tx: Tx,
  booking: BookingRow,
  payment: PaymentRow,
  charge: ChargeRefunded,
  now: Date,
) {
  if (booking.status === "expired") {
    // An automatic refund the farm made by hand: the booking held nothing, now it is refunded.
    await tx.update(bookings).set({ status: "refunded" }).where(eq(bookings.id, booking.id));
    return false;
  }
  // A payment owed back (replaced by a change's) holds no money for the stay.
  const others = await tx
    .select({ status: payments.status })
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, booking.id),
        ne(payments.id, payment.id),
        isNull(payments.refundOwedAt),
      ),
    );
  if (!refundEndsBooking(booking, true, others)) return false;
  await endRefundedBooking(tx, booking, payment, charge, now);
  return true;
}

/**
 * The booking becomes `refunded`: its nights are free again (the exclusion
 * constraint covers only pending, paid and confirmed bookings), its prepaid
 * credit and code use go back as a full refund's would (decision 0009), the
 * audit log records it and the farm is told. The guest is not emailed: the
 * farm made the refund, and Stripe sends its own receipt when receipts are on.
 */
async function endRefundedBooking(
  tx: Tx,
  booking: BookingRow,
  payment: PaymentRow,
  charge: ChargeRefunded,
  now: Date,
) {
  const returns = await returnsOfBooking(tx, booking.id);
  const ended = theRow(
    await tx
      .update(bookings)
      .set({ status: "refunded", cancelledAt: now, holdExpiresAt: null })
      .where(eq(bookings.id, booking.id))
      .returning(),
    "the refunded booking",
  );
  const given = await giveBack(tx, booking, {
    prepaidCreditCents: returns?.prepaidCredit?.cents ?? 0,
    returnsCodeUse: Boolean(returns?.discountCode),
  });
  await recordAudit(
    tx,
    null,
    "booking.refunded_at_provider",
    { type: "booking", id: booking.id },
    {
      bookingReference: booking.bookingReference,
      previousStatus: booking.status,
      paymentId: payment.id,
      chargeId: charge.chargeId,
      eventId: charge.eventId,
      refundedCents: charge.amountRefundedCents,
      ...given,
    },
  );
  await tellFarmOfRefund(tx, ended, charge.amountRefundedCents, {
    creditCents: given.prepaidCreditReturnedCents,
    cardNumber: returns?.prepaidCredit?.cardNumber,
    codeUse: given.discountCodeUseReturned,
  });
}

async function tellFarmOfRefund(
  tx: Tx,
  booking: BookingRow,
  refundedCents: number,
  given: { creditCents: number; cardNumber?: string; codeUse: boolean },
) {
  const found = await findBookingWithCampsite(tx, booking.id);
  const lines = [
    `Booking ${booking.bookingReference} was refunded in full (${formatMoney(refundedCents)}) in Stripe, not through this site.`,
    "The booking is now marked Refunded and its nights can be booked again.",
  ];
  if (given.creditCents > 0)
    lines.push(
      `${formatMoney(given.creditCents)} of prepaid credit went back to the prepaid card ending ${given.cardNumber?.slice(-4) ?? "?"}.`,
    );
  if (given.codeUse) lines.push("The discount code's use was given back.");
  lines.push("The guest has not been emailed by this site.");
  await enqueueFarmNotice(tx, booking, found?.campsiteName ?? "Unknown Campsite", {
    kind: "farm-refund-notice",
    subject: `Refunded in Stripe: booking ${booking.bookingReference}`,
    lines,
  });
}
