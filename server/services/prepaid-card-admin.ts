// The Prepaid Cards screen's changes (spec 2.15, 5, 7.4): create one card or a
// bulk batch, edit (issued-to and active only: the number and the balance are
// fixed once created), activate, deactivate and delete, and each card's
// transaction history. Issuing a card writes a 'credit' transaction, so the
// history starts with the money put on it. A card that has paid for a booking
// is kept (deactivate it instead): its debits are the farm's records.
import { and, count, desc, eq, gt, inArray, or } from "drizzle-orm";
import { centsToAmount } from "#domain/format/money.ts";
import type {
  BulkCardsInput,
  PrepaidCardCreateInput,
  PrepaidCardEditInput,
} from "#domain/forms/prepaid-card.ts";
import { isRowId } from "#domain/forms/row-id.ts";
import { generateCardNumber } from "#domain/rules/card-number.ts";
import type { Database, Executor, Tx } from "#server/db/client.ts";
import { theRow } from "#server/db/rows.ts";
import { bookings, prepaidCards, prepaidCardTransactions } from "#server/db/schema.ts";
import { AppError, notFound } from "#server/errors.ts";
import { type AuditActor, recordAudit } from "./audit-log";
import { toCsv } from "./csv";
import { assertRowId, isUniqueViolation } from "./database-errors";

export type AdminPrepaidCard = typeof prepaidCards.$inferSelect;
export type CardTransaction = typeof prepaidCardTransactions.$inferSelect & {
  bookingReference: string | null;
};

export const PREPAID_CARD_NOT_FOUND = "This prepaid card no longer exists. Reload the page.";
export const CARD_ISSUED = "Card issued";

/** Rounds of fresh numbers a batch may need when a generated number is already taken. */
const MAX_NUMBER_ROUNDS = 5;

export async function listPrepaidCards(db: Executor): Promise<AdminPrepaidCard[]> {
  return db.select().from(prepaidCards).orderBy(desc(prepaidCards.createdAt));
}

/**
 * Cards to print or export: the given ones (a bulk batch, say), or else every
 * active card with money on it; newest first. Ids that are not card ids are ignored.
 */
export async function cardsToPrint(db: Executor, ids: string[] | null) {
  const query = db.select().from(prepaidCards).orderBy(desc(prepaidCards.createdAt)).$dynamic();
  if (ids === null) {
    return query.where(and(eq(prepaidCards.isActive, true), gt(prepaidCards.balanceCents, 0)));
  }
  const valid = ids.filter(isRowId);
  if (valid.length === 0) return [];
  return query.where(inArray(prepaidCards.id, valid));
}

/** A fresh card number for the create dialog. */
export function suggestCardNumber(): string {
  return generateCardNumber();
}

export async function createPrepaidCard(
  db: Database,
  actor: AuditActor,
  input: PrepaidCardCreateInput,
): Promise<AdminPrepaidCard> {
  return db
    .transaction(async (tx) => {
      const card = theRow(
        await tx
          .insert(prepaidCards)
          .values({ ...input, originalBalanceCents: input.balanceCents })
          .returning(),
        "the prepaid card",
      );
      await recordIssue(tx, [card]);
      await recordAudit(
        tx,
        actor,
        "prepaid_card.created",
        {
          type: "prepaid_card",
          id: card.id,
        },
        {
          cardNumber: card.cardNumber,
          balanceCents: input.balanceCents,
          issuedTo: input.issuedTo,
        },
      );
      return card;
    })
    .catch((error) => {
      if (isUniqueViolation(error)) {
        throw new AppError("conflict", `A prepaid card ${input.cardNumber} already exists.`, {
          field: "cardNumber",
        });
      }
      throw error;
    });
}

/**
 * 'Generate Bulk Cards': `count` new active cards of the same balance, in one
 * transaction. A generated number that is already taken is replaced by a fresh one.
 */
export async function createBulkPrepaidCards(
  db: Database,
  actor: AuditActor,
  input: BulkCardsInput,
  generate: () => string = generateCardNumber,
): Promise<AdminPrepaidCard[]> {
  return db.transaction(async (tx) => {
    const created = await insertNumberedCards(
      tx,
      input.count,
      { balanceCents: input.balanceCents },
      generate,
    );
    await recordIssue(tx, created);
    await recordAudit(
      tx,
      actor,
      "prepaid_card.bulk_created",
      { type: "prepaid_card" },
      {
        count: created.length,
        balanceCents: input.balanceCents,
        cardIds: created.map((c) => c.id),
      },
    );
    return created;
  });
}

/**
 * Inserts `count` new active cards with generated numbers, all alike; a number
 * already taken is replaced by a fresh one.
 */
export async function insertNumberedCards(
  tx: Executor,
  count: number,
  card: { balanceCents: number; issuedTo?: string; expiresOn?: string },
  generate: () => string = generateCardNumber,
): Promise<AdminPrepaidCard[]> {
  const created: AdminPrepaidCard[] = [];
  for (let round = 0; created.length < count; round++) {
    if (round === MAX_NUMBER_ROUNDS) {
      throw new Error("could not find unused prepaid card numbers; try again");
    }
    const numbers = new Set<string>();
    while (numbers.size < count - created.length) numbers.add(generate());
    const rows = await tx
      .insert(prepaidCards)
      .values(
        [...numbers].map((cardNumber) => ({
          ...card,
          cardNumber,
          originalBalanceCents: card.balanceCents,
        })),
      )
      .onConflictDoNothing({ target: prepaidCards.cardNumber })
      .returning();
    created.push(...rows);
  }
  return created;
}

export async function updatePrepaidCard(
  db: Database,
  actor: AuditActor,
  id: string,
  input: PrepaidCardEditInput,
): Promise<AdminPrepaidCard> {
  return db.transaction(async (tx) => {
    const before = await lockCard(tx, id);
    const card = theRow(
      await tx
        .update(prepaidCards)
        .set({ issuedTo: input.issuedTo, isActive: input.isActive })
        .where(eq(prepaidCards.id, id))
        .returning(),
      "the prepaid card",
    );
    await recordAudit(
      tx,
      actor,
      "prepaid_card.updated",
      { type: "prepaid_card", id },
      {
        cardNumber: before.cardNumber,
        before: { issuedTo: before.issuedTo, isActive: before.isActive },
        after: input,
      },
    );
    return card;
  });
}

export async function setPrepaidCardActive(
  db: Database,
  actor: AuditActor,
  id: string,
  isActive: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockCard(tx, id);
    await tx.update(prepaidCards).set({ isActive }).where(eq(prepaidCards.id, id));
    await recordAudit(
      tx,
      actor,
      isActive ? "prepaid_card.activated" : "prepaid_card.deactivated",
      { type: "prepaid_card", id },
      { cardNumber: before.cardNumber },
    );
  });
}

export async function deletePrepaidCard(
  db: Database,
  actor: AuditActor,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockCard(tx, id);
    const [debits] = await tx
      .select({ n: count() })
      .from(prepaidCardTransactions)
      .where(
        and(
          eq(prepaidCardTransactions.prepaidCardId, id),
          or(
            eq(prepaidCardTransactions.transactionType, "debit"),
            eq(prepaidCardTransactions.transactionType, "other"),
          ),
        ),
      );
    const [onBookings] = await tx
      .select({ n: count() })
      .from(bookings)
      .where(eq(bookings.prepaidCardId, id));
    if ((debits?.n ?? 0) > 0 || (onBookings?.n ?? 0) > 0) {
      throw new AppError(
        "conflict",
        "This card has been used for bookings, so it is kept with its transaction history. Deactivate it instead.",
        { code: "in_use" },
      );
    }
    await tx.delete(prepaidCards).where(eq(prepaidCards.id, id));
    await recordAudit(
      tx,
      actor,
      "prepaid_card.deleted",
      { type: "prepaid_card", id },
      {
        cardNumber: before.cardNumber,
        balanceCents: before.balanceCents,
        issuedTo: before.issuedTo,
      },
    );
  });
}

/** A card's transactions, newest first, with the reference of each booking. */
export async function listCardTransactions(
  db: Executor,
  cardId: string,
): Promise<CardTransaction[]> {
  assertRowId(cardId, PREPAID_CARD_NOT_FOUND);
  const [card] = await db
    .select({ id: prepaidCards.id })
    .from(prepaidCards)
    .where(eq(prepaidCards.id, cardId));
  if (!card) throw notFound(PREPAID_CARD_NOT_FOUND);
  const rows = await db
    .select({ transaction: prepaidCardTransactions, bookingReference: bookings.bookingReference })
    .from(prepaidCardTransactions)
    .leftJoin(bookings, eq(bookings.id, prepaidCardTransactions.bookingId))
    .where(eq(prepaidCardTransactions.prepaidCardId, cardId))
    .orderBy(desc(prepaidCardTransactions.createdAt));
  return rows.map((r) => ({ ...r.transaction, bookingReference: r.bookingReference }));
}

async function lockCard(tx: Tx, id: string) {
  assertRowId(id, PREPAID_CARD_NOT_FOUND);
  const [row] = await tx.select().from(prepaidCards).where(eq(prepaidCards.id, id)).for("update");
  if (!row) throw notFound(PREPAID_CARD_NOT_FOUND);
  return row;
}

async function recordIssue(tx: Tx, cards: AdminPrepaidCard[]) {
  if (cards.length === 0) return;
  await tx.insert(prepaidCardTransactions).values(
    cards.map((card) => ({
      prepaidCardId: card.id,
      transactionType: "credit" as const,
      amountCents: card.originalBalanceCents,
      description: CARD_ISSUED,
    })),
  );
}

export const PREPAID_CARDS_CSV_COLUMNS = [
  "Card number",
  "Balance",
  "Original balance",
  "Issued to",
  "Status",
  "Created",
] as const;

/** Cards as CSV, for printing elsewhere or a till: amounts in dollars with 2 decimals. */
export function prepaidCardsCsv(cards: AdminPrepaidCard[]): string {
  return toCsv(
    PREPAID_CARDS_CSV_COLUMNS,
    cards.map((c) => [
      c.cardNumber,
      centsToAmount(c.balanceCents),
      centsToAmount(c.originalBalanceCents),
      c.issuedTo ?? "",
      c.isActive ? "Active" : "Inactive",
      c.createdAt.toISOString(),
    ]),
  );
}
