// A payment the farm took itself (cash, EFTPOS, bank transfer): a succeeded
// payment with its method as the provider, its amount and its reference.
import { randomBytes } from "node:crypto";
import type { RecordedPaymentMethod } from "#domain/rules/statuses.ts";
import type { Tx } from "#server/db/client.ts";
import { type bookings, payments } from "#server/db/schema.ts";
import { enterPayment } from "#server/services/ledger.ts";
import { PAYMENT_CURRENCY } from "#server/services/payment-messages.ts";

export async function insertRecordedPayment(
  tx: Tx,
  booking: typeof bookings.$inferSelect,
  paid: { method: RecordedPaymentMethod; cents: number; reference?: string; forBalance?: boolean },
) {
  const [row] = await tx
    .insert(payments)
    .values({
      bookingId: booking.id,
      provider: paid.method,
      // The column is every payment's unique key; a recorded payment has no session.
      stripeSessionId: `recorded_${randomBytes(12).toString("hex")}`,
      guestEmail: booking.guestEmail,
      amountCents: paid.cents,
      capturedAmountCents: paid.cents,
      currency: PAYMENT_CURRENCY,
      status: "succeeded",
      reference: paid.reference || null,
      forBalance: paid.forBalance ?? false,
    })
    .returning({ id: payments.id });
  if (row) await enterPayment(tx, row.id, paid.forBalance ? "balance" : "sale");
}
