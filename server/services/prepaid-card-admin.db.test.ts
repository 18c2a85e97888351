import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bulkCardsSchema, prepaidCardCreateSchema } from "#domain/forms/prepaid-card.ts";
import { CARD_NUMBER_PATTERN, generateCardNumber } from "#domain/rules/card-number.ts";
import { auditLog, prepaidCards, prepaidCardTransactions, user } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, insertBooking } from "#server/testing/factories.ts";
import {
  CARD_ISSUED,
  cardsToPrint,
  createBulkPrepaidCards,
  createPrepaidCard,
  deletePrepaidCard,
  listCardTransactions,
  listPrepaidCards,
  prepaidCardsCsv,
  setPrepaidCardActive,
  updatePrepaidCard,
} from "./prepaid-card-admin";

const database = setupTestDatabase();

async function anAdmin() {
  const id = `admin-${Math.random().toString(36).slice(2)}`;
  await database()
    .db.insert(user)
    .values({ id, name: "Owner", email: `${id}@example.com` });
  return { id };
}

const oneCard = (overrides: Record<string, string> = {}) =>
  prepaidCardCreateSchema.parse({
    cardNumber: generateCardNumber(),
    initialBalance: "50",
    issuedTo: "Raffle winner",
    isActive: "on",
    ...overrides,
  });

describe("creating prepaid cards", () => {
  it("issues a card whose balance and original balance are the initial balance", async () => {
    const { db } = database();
    const admin = await anAdmin();
    const card = await createPrepaidCard(db, admin, oneCard({ initialBalance: "75.50" }));
    expect(card).toMatchObject({
      balanceCents: 7550,
      originalBalanceCents: 7550,
      issuedTo: "Raffle winner",
      isActive: true,
    });
    const history = await listCardTransactions(db, card.id);
    expect(history).toMatchObject([
      { transactionType: "credit", amountCents: 7550, description: CARD_ISSUED, bookingId: null },
    ]);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entityId, card.id));
    expect(entry).toMatchObject({ action: "prepaid_card.created", actorUserId: admin.id });
  });

  it("refuses a card number that already exists", async () => {
    const { db } = database();
    const number = generateCardNumber();
    await createPrepaidCard(db, null, oneCard({ cardNumber: number }));
    await expect(createPrepaidCard(db, null, oneCard({ cardNumber: number }))).rejects.toThrow(
      `A prepaid card ${number} already exists.`,
    );
  });

  it("generates a bulk batch of distinct cards in the card number format", async () => {
    const { db } = database();
    const admin = await anAdmin();
    const cards = await createBulkPrepaidCards(
      db,
      admin,
      bulkCardsSchema.parse({ count: "5", balance: "50" }),
    );
    expect(cards).toHaveLength(5);
    expect(new Set(cards.map((c) => c.cardNumber)).size).toBe(5);
    for (const card of cards) {
      expect(card.cardNumber).toMatch(CARD_NUMBER_PATTERN);
      expect(card).toMatchObject({
        balanceCents: 5000,
        originalBalanceCents: 5000,
        isActive: true,
      });
    }
    const issued = await db
      .select()
      .from(prepaidCardTransactions)
      .where(eq(prepaidCardTransactions.description, CARD_ISSUED));
    for (const card of cards) expect(issued.some((t) => t.prepaidCardId === card.id)).toBe(true);
  });

  it("replaces a generated number that is already taken with a fresh one", async () => {
    const { db } = database();
    const taken = generateCardNumber();
    await createPrepaidCard(db, null, oneCard({ cardNumber: taken }));
    const fresh = [generateCardNumber(1), generateCardNumber(2)] as const;
    // The generator repeats the taken number (and itself) before giving new ones.
    const sequence = [taken, taken, fresh[0], fresh[0], fresh[1]];
    const cards = await createBulkPrepaidCards(
      db,
      null,
      { count: 2, balanceCents: 1000 },
      () => sequence.shift() ?? generateCardNumber(),
    );
    expect(cards.map((c) => c.cardNumber).sort()).toEqual([...fresh].sort());
    const withTaken = await db
      .select()
      .from(prepaidCards)
      .where(eq(prepaidCards.cardNumber, taken));
    expect(withTaken).toHaveLength(1);
  });
});

describe("editing, switching and deleting prepaid cards", () => {
  it("changes only issued-to and active, never the balance", async () => {
    const { db } = database();
    const card = await createPrepaidCard(db, null, oneCard());
    const updated = await updatePrepaidCard(db, null, card.id, {
      issuedTo: "Gift for Mum",
      isActive: false,
    });
    expect(updated).toMatchObject({
      cardNumber: card.cardNumber,
      balanceCents: 5000,
      issuedTo: "Gift for Mum",
      isActive: false,
    });
  });

  it("activates and deactivates a card, audited", async () => {
    const { db } = database();
    const admin = await anAdmin();
    const card = await createPrepaidCard(db, admin, oneCard());
    await setPrepaidCardActive(db, admin, card.id, false);
    expect((await listPrepaidCards(db)).find((c) => c.id === card.id)?.isActive).toBe(false);
    const actions = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, card.id));
    expect(actions.map((a) => a.action)).toContain("prepaid_card.deactivated");
  });

  it("deletes an unused card with its issue record", async () => {
    const { db } = database();
    const card = await createPrepaidCard(db, null, oneCard());
    await deletePrepaidCard(db, null, card.id);
    expect((await listPrepaidCards(db)).some((c) => c.id === card.id)).toBe(false);
    await expect(listCardTransactions(db, card.id)).rejects.toThrow(
      "This prepaid card no longer exists.",
    );
  });

  it("keeps a card that has paid for a booking, with its history", async () => {
    const { db } = database();
    const card = await createPrepaidCard(db, null, oneCard());
    const site = await createCampsite(db);
    const booking = await insertBooking(db, site, {
      prepaidCardId: card.id,
      prepaidAmountUsedCents: 2000,
      totalAmountCents: 10000,
      finalAmountCents: 8000,
    });
    await db.insert(prepaidCardTransactions).values({
      prepaidCardId: card.id,
      transactionType: "debit",
      amountCents: 2000,
      description: `Booking ${booking.bookingReference}`,
      bookingId: booking.id,
    });
    await expect(deletePrepaidCard(db, null, card.id)).rejects.toThrow(
      "This card has been used for bookings, so it is kept with its transaction history. Deactivate it instead.",
    );
    const history = await listCardTransactions(db, card.id);
    expect(history[0]).toMatchObject({
      transactionType: "debit",
      amountCents: 2000,
      bookingId: booking.id,
      bookingReference: booking.bookingReference,
    });
    expect(history).toHaveLength(2);
  });
});

describe("cards to print or export", () => {
  it("prints a given batch, or else every active card with money on it", async () => {
    const { db } = database();
    const batch = await createBulkPrepaidCards(db, null, { count: 3, balanceCents: 5000 });
    const spent = await createPrepaidCard(db, null, oneCard({ initialBalance: "0" }));
    const off = await createPrepaidCard(db, null, oneCard({ isActive: "" }));

    const chosen = await cardsToPrint(db, [...batch.map((c) => c.id), "not-an-id"]);
    expect(chosen.map((c) => c.id).sort()).toEqual(batch.map((c) => c.id).sort());

    const all = (await cardsToPrint(db, null)).map((c) => c.id);
    for (const card of batch) expect(all).toContain(card.id);
    expect(all).not.toContain(spent.id);
    expect(all).not.toContain(off.id);
    expect(await cardsToPrint(db, ["nope"])).toEqual([]);
  });

  it("exports cards as CSV with amounts in dollars", async () => {
    const { db } = database();
    const card = await createPrepaidCard(db, null, oneCard({ initialBalance: "25.5" }));
    const lines = prepaidCardsCsv([card]).slice(1).trimEnd().split("\n");
    expect(lines).toEqual([
      "Card number,Balance,Original balance,Issued to,Status,Created",
      `${card.cardNumber},25.50,25.50,Raffle winner,Active,${card.createdAt.toISOString()}`,
    ]);
  });
});
