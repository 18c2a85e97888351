// Discount codes: validation for the quote (spec 7.2 validate-discount-code),
// atomic redemption when the payment succeeds (amendment 2.4), and the use
// given back when an administrator cancels a booking that had redeemed it.
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { DiscountCodeValidation } from "#domain/api/booking.ts";
import { farmToday } from "#domain/rules/dates.ts";
import { DISCOUNT_ERRORS, discountAmount, discountProblem } from "#domain/rules/pricing.ts";
import type { Executor } from "#server/db/client.ts";
import { discountCodes } from "#server/db/schema.ts";
import { type ReservationScope, reservedUses } from "./credit-reservations";

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

export async function findDiscountCode(db: Executor, code: string) {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.code, code.trim().toUpperCase()));
  return row;
}

/**
 * Checks a code against a booking amount in cents; the answer has the shape
 * of spec 7.2. Uses that live holds have reserved count as taken.
 */
export async function validateDiscountCode(
  db: Executor,
  code: string,
  bookingAmountCents: number,
  scope: ReservationScope = { now: new Date() },
): Promise<DiscountCodeValidation & { row?: DiscountCodeRow }> {
  const row = await findDiscountCode(db, code);
  const error = discountProblem(row, bookingAmountCents, farmToday(scope.now));
  if (!row || error) return { valid: false, error: error ?? DISCOUNT_ERRORS.unknown };
  if (row.usageLimit !== null) {
    const reserved = await reservedUses(db, row.id, scope);
    if (row.usedCount + reserved >= row.usageLimit)
      return { valid: false, error: DISCOUNT_ERRORS.usedUp };
  }
  return {
    valid: true,
    row,
    discountCode: {
      id: row.id,
      description: row.description,
      discountAmount: discountAmount(row, bookingAmountCents),
    },
  };
}

/**
 * Counts one use of a code, only while it is under its usage limit; one
 * conditional UPDATE, so concurrent redemptions never pass the limit. A code
 * switched off after the guest was quoted still honours a checkout under way.
 * Returns whether the use was counted.
 */
export async function redeemDiscountCode(db: Executor, discountCodeId: string): Promise<boolean> {
  const rows = await db
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      and(
        eq(discountCodes.id, discountCodeId),
        or(isNull(discountCodes.usageLimit), lt(discountCodes.usedCount, discountCodes.usageLimit)),
      ),
    )
    .returning({ id: discountCodes.id });
  return rows.length === 1;
}

/**
 * Gives back one counted use of a code, for a cancelled booking that had
 * redeemed it; one conditional UPDATE that never goes below zero (the
 * table's CHECK would refuse it). Returns whether a use was given back.
 */
export async function returnDiscountCodeUse(
  db: Executor,
  discountCodeId: string,
): Promise<boolean> {
  const rows = await db
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} - 1` })
    .where(and(eq(discountCodes.id, discountCodeId), gt(discountCodes.usedCount, 0)))
    .returning({ id: discountCodes.id });
  return rows.length === 1;
}
