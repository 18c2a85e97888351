// Card disputes (chargebacks) the provider reports: `charge.dispute.created`
// flags the booking and tells the farm, which must answer in the Stripe
// Dashboard; `charge.dispute.closed` records who the bank decided for
// (decision 0013). The booking itself is left as it is: the farm decides.
import { eq } from "drizzle-orm";
import { formatFarmDateTime } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import { disputeOutcome, openedDisputeStatus } from "#domain/rules/provider-events.ts";
import type { Executor, Tx } from "#server/db/client.ts";
import { bookings, payments } from "#server/db/schema.ts";
import { log } from "#server/log.ts";
import { recordAudit } from "#server/services/audit-log.ts";
import { enqueueFarmNotice } from "#server/services/booking-emails.ts";
import { findBookingWithCampsite } from "#server/services/bookings.ts";
import { enterDispute } from "#server/services/ledger.ts";
import { issueDocuments } from "#server/services/tax-documents.ts";
import { type ChargeRef, lockChargeAndBooking } from "./charge-payments";
import type { BookingRow, PaymentRow } from "./deps";
import { parkEvent } from "./parked-events";
import { firstTimeSeen } from "./payment-events";

/** A status or reason the event left out, or gave in a form this site does not read. */
export const UNKNOWN_DISPUTE_WORD = "unknown";

/** What a dispute event says. */
export type DisputeReport = ChargeRef & {
  eventId: string;
  eventType: string;
  disputeId: string;
  /** The provider's status: needs_response, under_review, won, lost, warning_closed, ... */
  status: string;
  /** The bank's reason (fraudulent, product_not_received, ...), or UNKNOWN_DISPUTE_WORD. */
  reason: string;
  /** Null when the event does not say. */
  amountCents: number | null;
  /** When the farm's answer is due, if the provider says. */
  dueBy: Date | null;
};

export type DisputeEventOutcome =
  | "replayed"
  | "parked"
  | "dispute_opened"
  | "dispute_closed"
  | "already_settled"
  | "ignored";

/** `charge.dispute.created`: the booking shows an open dispute and the farm is told. */
export async function openDispute(
  db: Executor,
  dispute: DisputeReport,
): Promise<DisputeEventOutcome> {
  return db.transaction(async (tx) => {
    if (!(await firstTimeSeen(tx, dispute.eventId, dispute.eventType))) return "replayed";
    const found = await lockChargeAndBooking(tx, dispute);
    if (!found) return parkEvent(tx, dispute);
    const { payment, booking } = found;
    // The same dispute closed already (its events came out of order): its outcome stands.
    if (
      openedDisputeStatus({ ...booking, disputeId: payment.disputeId }, dispute.disputeId) !==
      "open"
    )
      return "already_settled";
    await tx
      .update(payments)
      .set({ disputeId: dispute.disputeId, disputeStatus: "open" })
      .where(eq(payments.id, payment.id));
    await tx.update(bookings).set({ disputeStatus: "open" }).where(eq(bookings.id, booking.id));
    await enterDispute(tx, disputed(payment, dispute), "open");
    await recordAudit(
      tx,
      null,
      "booking.dispute_opened",
      { type: "booking", id: booking.id },
      {
        bookingReference: booking.bookingReference,
        paymentId: payment.id,
        disputeId: dispute.disputeId,
        reason: dispute.reason,
        amountCents: dispute.amountCents,
        dueBy: dispute.dueBy?.toISOString() ?? null,
      },
    );
    await tellFarmOfDispute(tx, booking, dispute);
    return "dispute_opened";
  });
}

/** `charge.dispute.closed`: the booking shows whether the dispute was won or lost. */
export async function closeDispute(
  db: Executor,
  dispute: DisputeReport,
): Promise<DisputeEventOutcome> {
  const outcome = disputeOutcome(dispute.status);
  if (!outcome) {
    log.warn(
      { eventId: dispute.eventId, disputeId: dispute.disputeId, status: dispute.status },
      "a closed dispute with a status this site does not know; not applied",
    );
    return "ignored";
  }
  return db.transaction(async (tx) => {
    if (!(await firstTimeSeen(tx, dispute.eventId, dispute.eventType))) return "replayed";
    const found = await lockChargeAndBooking(tx, dispute);
    if (!found) return parkEvent(tx, dispute);
    const { payment, booking } = found;
    await tx
      .update(payments)
      .set({ disputeId: dispute.disputeId, disputeStatus: outcome })
      .where(eq(payments.id, payment.id));
    await tx.update(bookings).set({ disputeStatus: outcome }).where(eq(bookings.id, booking.id));
    // Entered whether or not its opening came first: a lost dispute takes the money either way.
    await enterDispute(tx, disputed(payment, dispute), outcome);
    // A lost dispute lowers what the sale is worth: an adjustment note says so.
    await issueDocuments(tx, booking.id, { reason: "Card dispute lost" });
    await recordAudit(
      tx,
      null,
      "booking.dispute_closed",
      { type: "booking", id: booking.id },
      {
        bookingReference: booking.bookingReference,
        paymentId: payment.id,
        disputeId: dispute.disputeId,
        status: dispute.status,
        outcome,
      },
    );
    return "dispute_closed";
  });
}

/** The dispute as the ledger enters it: the amount the event names, or what the card paid. */
const disputed = (payment: PaymentRow, dispute: DisputeReport) => ({
  bookingId: payment.bookingId,
  paymentId: payment.id,
  disputeId: dispute.disputeId,
  amountCents: dispute.amountCents ?? payment.capturedAmountCents ?? payment.amountCents,
});

async function tellFarmOfDispute(tx: Tx, booking: BookingRow, dispute: DisputeReport) {
  const found = await findBookingWithCampsite(tx, booking.id);
  const due = dispute.dueBy
    ? `Answer it in the Stripe Dashboard by ${formatFarmDateTime(dispute.dueBy)}, with the booking's details as evidence; without an answer the bank decides for the card holder.`
    : "Answer it in the Stripe Dashboard, with the booking's details as evidence; without an answer the bank decides for the card holder.";
  await enqueueFarmNotice(tx, booking, found?.campsiteName ?? "Unknown Campsite", {
    kind: "farm-dispute-notice",
    subject: `Card dispute on booking ${booking.bookingReference}`,
    lines: [
      `The card holder's bank has disputed ${disputedAmount(dispute)} for booking ${booking.bookingReference} (${reasonGiven(dispute)}).`,
      due,
      "The booking itself has not been changed.",
    ],
  });
}

const disputedAmount = (dispute: DisputeReport) =>
  dispute.amountCents === null ? "a payment" : `${formatMoney(dispute.amountCents)} paid`;

const reasonGiven = (dispute: DisputeReport) =>
  dispute.reason === UNKNOWN_DISPUTE_WORD
    ? "no reason given"
    : `reason given: ${dispute.reason.replaceAll("_", " ")}`;
