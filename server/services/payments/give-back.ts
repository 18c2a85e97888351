// What an ended booking gives back (decision 0009): the prepaid credit it took
// and its discount code's use. Shared by the back office's cancellation and a
// full refund made at the card provider (decision 0013).
import { eq } from "drizzle-orm";
import { type CancelReturns, cancelReturns } from "#domain/rules/cancellation.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings, prepaidCardTransactions } from "#server/db/schema.ts";
import { cancellableOf } from "#server/services/admin-bookings/details.ts";
import { type BookingRow, joinedBookings } from "#server/services/admin-bookings/list.ts";
import { returnDiscountCodeUse } from "#server/services/discount-codes.ts";
import { creditPrepaidCard } from "#server/services/prepaid-cards.ts";

/** What goes back: prepaid credit in cents, and whether the code's use does. */
export type GiveBackPlan = { prepaidCreditCents: number; returnsCodeUse: boolean };

/** What ending the booking would give back now, from its row and its card's ledger. */
export async function returnsOfBooking(
  db: Executor,
  bookingId: string,
): Promise<CancelReturns | undefined> {
  const [row] = await joinedBookings(db).where(eq(bookings.id, bookingId));
  if (!row) return undefined;
  const cardRows = await db
    .select()
    .from(prepaidCardTransactions)
    .where(eq(prepaidCardTransactions.bookingId, bookingId));
  return cancelReturns(cancellableOf(row), cardRows);
}

/**
 * Puts the code's use back on the code and the prepaid credit back on the card
 * (when the plan returns them): code first, then card, the order settling a
 * payment and reserving credit lock them in, so two such transactions cannot deadlock.
 */
export async function giveBack(tx: Executor, booking: BookingRow, plan: GiveBackPlan) {
  const discountCodeUseReturned =
    plan.returnsCodeUse && booking.discountCodeId
      ? await returnDiscountCodeUse(tx, booking.discountCodeId)
      : false;
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
  return { prepaidCreditReturnedCents, discountCodeUseReturned };
}
