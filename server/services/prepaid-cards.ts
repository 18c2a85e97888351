// Prepaid cards: validation for the quote (spec 7.2 validate-prepaid-card),
// the atomic debit when the payment succeeds (amendment 2.4), and the credit
// returned when an administrator cancels such a booking with a full refund.
import { and, eq, gte, sql } from "drizzle-orm";
import type { PrepaidCardValidation } from "#domain/api/booking.ts";
import { farmToday } from "#domain/rules/dates.ts";
import type { LedgerCause } from "#domain/rules/ledger.ts";
import { PREPAID_ERRORS, prepaidProblem } from "#domain/rules/pricing.ts";
import type { Executor } from "#server/db/client.ts";
import { prepaidCards, prepaidCardTransactions } from "#server/db/schema.ts";
import { type ReservationScope, reservedCredit } from "./credit-reservations";
import { enterPrepaid } from "./ledger";

export type PrepaidCardRow = typeof prepaidCards.$inferSelect;

export async function findPrepaidCard(db: Executor, cardNumber: string) {
  const [row] = await db
    .select()
    .from(prepaidCards)
    .where(eq(prepaidCards.cardNumber, cardNumber.trim().toUpperCase()));
  return row;
}

/**
 * Checks a card; the answer has the shape of spec 7.2 (balance in cents). The
 * balance is what is left after the credit live holds have reserved.
 */
export async function validatePrepaidCard(
  db: Executor,
  cardNumber: string,
  scope: ReservationScope = { now: new Date() },
): Promise<PrepaidCardValidation & { row?: PrepaidCardRow; availableCents?: number }> {
  const row = await findPrepaidCard(db, cardNumber);
  const error = prepaidProblem(row, farmToday(scope.now));
  if (!row || error) return { valid: false, error: error ?? PREPAID_ERRORS.unknown };
  const available = row.balanceCents - (await reservedCredit(db, row.id, scope));
  if (available <= 0) return { valid: false, error: PREPAID_ERRORS.empty };
  return {
    valid: true,
    row,
    availableCents: available,
    prepaidCard: { id: row.id, balance: available },
  };
}

/**
 * Takes `amountCents` from an active card and writes the debit transaction.
 * One conditional UPDATE, so concurrent debits never take a card below zero.
 * Returns whether the card was debited.
 */
export async function debitPrepaidCard(
  db: Executor,
  debit: { prepaidCardId: string; amountCents: number; bookingId: string; description: string },
): Promise<boolean> {
  if (debit.amountCents <= 0) return true;
  const rows = await db
    .update(prepaidCards)
    .set({ balanceCents: sql`${prepaidCards.balanceCents} - ${debit.amountCents}` })
    .where(
      and(
        eq(prepaidCards.id, debit.prepaidCardId),
        eq(prepaidCards.isActive, true),
        gte(prepaidCards.balanceCents, debit.amountCents),
      ),
    )
    .returning({ id: prepaidCards.id });
  if (rows.length !== 1) return false;
  await enterPrepaid(db, {
    bookingId: debit.bookingId,
    amountCents: debit.amountCents,
    cause: "sale",
  });
  await db.insert(prepaidCardTransactions).values({
    prepaidCardId: debit.prepaidCardId,
    transactionType: "debit",
    amountCents: debit.amountCents,
    description: debit.description,
    bookingId: debit.bookingId,
  });
  return true;
}

/**
 * Puts `amountCents` back on a card and writes the credit transaction, for a
 * cancelled booking whose credit is returned. A card deactivated since gets
 * its balance back too (the money is the guest's) but stays deactivated:
 * switching it on again is the farm's decision, not a side effect.
 */
export async function creditPrepaidCard(
  db: Executor,
  credit: {
    prepaidCardId: string;
    amountCents: number;
    bookingId: string;
    description: string;
    /** Why, as the ledger keeps it: a cancellation unless said. */
    cause?: LedgerCause;
  },
): Promise<void> {
  if (credit.amountCents <= 0) return;
  const { bookingId, amountCents, cause = "cancellation" } = credit;
  await enterPrepaid(db, { bookingId, amountCents: -amountCents, cause });
  await db
    .update(prepaidCards)
    .set({ balanceCents: sql`${prepaidCards.balanceCents} + ${credit.amountCents}` })
    .where(eq(prepaidCards.id, credit.prepaidCardId));
  await db.insert(prepaidCardTransactions).values({
    prepaidCardId: credit.prepaidCardId,
    transactionType: "credit",
    amountCents: credit.amountCents,
    description: credit.description,
    bookingId: credit.bookingId,
  });
}
