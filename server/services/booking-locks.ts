// The row locks every change of a booking's money takes, in one order.
import { eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { bookings, payments } from "#server/db/schema.ts";

/**
 * Locks the booking's payments, then the booking, in the order the checkout
 * and the provider's events take them (charge-payments.ts), so a refund's
 * event that lands while the provider refunds waits instead of deadlocking.
 * A concurrent cancellation (or change) waits too, then reads the booking as
 * it is now.
 */
export async function lockBookingForChange(tx: Executor, bookingId: string) {
  await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.bookingId, bookingId))
    .orderBy(payments.id)
    .for("update");
  await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for("update");
}
