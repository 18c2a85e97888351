// A card payment of what a booking still owes (a payment link the farm sent
// after changing it): the booking is paid once it arrives, and the guest is
// told. One that can no longer be honoured goes back.
import { eq } from "drizzle-orm";
import { siteConfig } from "#content/site.ts";
import { formatMoney } from "#domain/format/money.ts";
import { guestReceiptPath } from "#domain/rules/receipt.ts";
import type { Tx } from "#server/db/client.ts";
import { bookings } from "#server/db/schema.ts";
import { enqueueGuestNotice } from "#server/services/booking-emails.ts";
import { findBookingWithCampsite } from "#server/services/bookings.ts";
import type { RefundReason } from "#server/services/payment-messages.ts";
import { receiptsOf } from "#server/services/receipts.ts";
import type { BookingRow, PaymentRow } from "./deps";
import { paidCentsOf } from "./paid";
import type { OwedRefund } from "./refunds";

/** "Your receipt: <link>" for the payment just entered in the ledger. */
async function receiptLines(tx: Tx, booking: BookingRow, paymentId: string) {
  const n = (await receiptsOf(tx, booking)).findIndex((r) => r.paymentId === paymentId) + 1;
  if (n === 0 || !booking.guestToken) return [];
  return ["", `Your receipt: ${siteConfig().siteUrl}${guestReceiptPath(booking.guestToken, n)}`];
}

export async function settleBalancePayment(
  tx: Tx,
  payment: PaymentRow,
  booking: BookingRow,
  capturedCents: number | null,
): Promise<{ outcome: "paid" | "refunding"; owed?: OwedRefund[] }> {
  const goesBack = (reason: RefundReason) => ({
    outcome: "refunding" as const,
    owed: [{ paymentId: payment.id, reason }],
  });
  if (booking.status !== "paid" && booking.status !== "confirmed") return goesBack("cancelled");
  if (capturedCents !== null && capturedCents !== payment.amountCents) return goesBack("amount");
  const before = await paidCentsOf(tx, booking.id, { exceptPaymentId: payment.id });
  // Paid meanwhile (at the desk, say): this payment would be more than the booking costs.
  if (before + payment.amountCents > booking.finalAmountCents) return goesBack("duplicate");
  // Paid once nothing is owed; a part (the kept card's agreed balance) leaves it confirmed.
  if (booking.status === "confirmed" && before + payment.amountCents === booking.finalAmountCents)
    await tx.update(bookings).set({ status: "paid" }).where(eq(bookings.id, booking.id));
  const found = await findBookingWithCampsite(tx, booking.id);
  if (found)
    await enqueueGuestNotice(tx, found.booking, found.campsiteName, {
      kind: "payment-received",
      subject: `Payment received: ${booking.bookingReference}`,
      lines: [
        `Thank you: we have received ${formatMoney(payment.amountCents)} for booking ${booking.bookingReference}.`,
        ...(await receiptLines(tx, found.booking, payment.id)),
      ],
    });
  return { outcome: "paid" };
}
