// What a booking still owes is paid at the desk (issue 28): a stay confirmed
// with the balance due on arrival, or a change's difference collected later.
import { eq } from "drizzle-orm";
import { formatMoney } from "#domain/format/money.ts";
import type { BalancePayment } from "#domain/forms/front-desk-booking.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings } from "#server/db/schema.ts";
import { conflict, invalid, notFound } from "#server/errors.ts";
import { recordAudit } from "#server/services/audit-log.ts";
import { lockBookingForChange } from "#server/services/booking-locks.ts";
import { paidCentsOf } from "#server/services/payments/paid.ts";
import type { StaffActor } from "./actor";
import { insertRecordedPayment } from "./recorded-payment";

export const NOTHING_OWED = "This booking owes nothing.";
export const BALANCE_CHANGED = (owed: string) =>
  `This payment was not recorded: what the booking owes changed since the page was shown, and is now ${owed}. Check the booking's payments before recording it again.`;

/** Records the payment in the booking's row lock; more than is owed is refused. */
export async function recordBalancePayment(
  db: Executor,
  actor: StaffActor,
  input: BalancePayment,
): Promise<{ bookingReference: string; leftCents: number }> {
  return db.transaction(async (tx) => {
    await lockBookingForChange(tx, input.bookingId);
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, input.bookingId));
    if (!booking) throw notFound("Booking not found.");
    if (booking.status !== "paid" && booking.status !== "confirmed")
      throw conflict("Only a paid or confirmed booking takes a payment here.", "not_payable");
    const owed = booking.finalAmountCents - (await paidCentsOf(tx, booking.id));
    if (owed <= 0) throw conflict(NOTHING_OWED, "nothing_owed");
    // The form says what was owed when it was shown: a second press, or another desk, finds it changed.
    if (input.owed !== undefined && input.owed !== owed)
      throw conflict(BALANCE_CHANGED(formatMoney(owed)), "balance_changed");
    if (input.amount <= 0 || input.amount > owed)
      throw invalid(`Enter an amount up to the ${formatMoney(owed)} owed.`, { field: "amount" });
    await insertRecordedPayment(tx, booking, {
      method: input.method,
      cents: input.amount,
      reference: input.reference,
      forBalance: true,
    });
    // Paid once nothing is owed; a part leaves it confirmed, as a balance charged in part.
    if (booking.status === "confirmed" && input.amount === owed)
      await tx.update(bookings).set({ status: "paid" }).where(eq(bookings.id, booking.id));
    await recordAudit(
      tx,
      actor,
      "booking.payment_recorded",
      { type: "booking", id: booking.id },
      {
        bookingReference: booking.bookingReference,
        method: input.method,
        amountCents: input.amount,
        ...(input.reference ? { reference: input.reference } : {}),
      },
    );
    return { bookingReference: booking.bookingReference, leftCents: owed - input.amount };
  });
}
