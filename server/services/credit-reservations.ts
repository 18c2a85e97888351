// What live holds have claimed of a discount code or a prepaid card (decision
// 0012): a pending booking whose hold has not run out reserves one use of its
// code and the card credit it will take. Nothing is written for it: the claim
// is the booking row itself, so it ends with the hold, whatever ends it.
// Callers lock the code or card row first, so two holds cannot both take the
// last of it; the conditional debit and use at payment stay the last line.
import { and, count, eq, gt, ne, sum } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { bookings, discountCodes, prepaidCards } from "#server/db/schema.ts";

export type ReservationScope = {
  now: Date;
  /** The hold being priced, whose own claim is not counted against it. */
  exceptBookingId?: string;
};

function liveHolds(scope: ReservationScope) {
  return and(
    eq(bookings.status, "pending"),
    gt(bookings.holdExpiresAt, scope.now),
    scope.exceptBookingId ? ne(bookings.id, scope.exceptBookingId) : undefined,
  );
}

/** Uses of a code that live holds have reserved. */
export async function reservedUses(
  db: Executor,
  discountCodeId: string,
  scope: ReservationScope,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.discountCodeId, discountCodeId), liveHolds(scope)));
  return row?.n ?? 0;
}

/** Cents of a card that live holds have reserved. */
export async function reservedCredit(
  db: Executor,
  prepaidCardId: string,
  scope: ReservationScope,
): Promise<number> {
  const [row] = await db
    .select({ cents: sum(bookings.prepaidAmountUsedCents) })
    .from(bookings)
    .where(and(eq(bookings.prepaidCardId, prepaidCardId), liveHolds(scope)));
  return Number(row?.cents ?? 0);
}

/**
 * Locks a code's and a card's rows (by what the camper typed) until the
 * transaction ends. `no key update`, not `update`: the hold's own foreign keys
 * share-lock those rows, and a full update lock would wait on every other new
 * hold's share lock while they wait on ours, a deadlock.
 */
export async function lockCredit(
  tx: Executor,
  applied: { discountCode?: string; prepaidCardNumber?: string },
) {
  if (applied.discountCode)
    await tx
      .select({ id: discountCodes.id })
      .from(discountCodes)
      .where(eq(discountCodes.code, applied.discountCode.trim().toUpperCase()))
      .for("no key update");
  if (applied.prepaidCardNumber)
    await tx
      .select({ id: prepaidCards.id })
      .from(prepaidCards)
      .where(eq(prepaidCards.cardNumber, applied.prepaidCardNumber.trim().toUpperCase()))
      .for("no key update");
}
