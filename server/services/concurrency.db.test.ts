// Races (amendment 2.3, 2.4): many requests at once against one unit, one
// prepaid card or one discount code. Run on PostgreSQL (TEST_DATABASE_URL),
// where the requests really run in parallel on separate connections; on
// PGlite they interleave on one connection.
import { eq, sum } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import {
  bookings,
  discountCodes,
  prepaidCards,
  prepaidCardTransactions,
} from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import { createTestProvider } from "#server/payments/test-checkout.ts";
import { startPayment } from "#server/services/payments/start.ts";
import { completeTestCheckout } from "#server/services/payments/test-checkout-session.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import {
  createCampsite,
  createDiscountCode,
  createPrepaidCard,
  insertBooking,
  unitOf,
} from "#server/testing/factories.ts";
import { present } from "#server/testing/present.ts";
import { createBooking, UNAVAILABLE_MESSAGE } from "./bookings";
import { debitPrepaidCard } from "./prepaid-cards";

// Dozens of transactions per test: on a busy machine (or PGlite, one connection) they take a while.
vi.setConfig({ testTimeout: 90_000 });

const database = setupTestDatabase();
const db = () => database().db;
const today = farmToday();
const deps = {
  provider: createTestProvider("http://127.0.0.1:9"),
  publicUrl: "http://127.0.0.1:9",
};

const guest = (i: number) => ({
  guests: 2,
  firstName: `Guest${i}`,
  lastName: "Racer",
  email: `guest${i}@example.com`,
});

describe("racing for the last free unit", () => {
  it("50 concurrent bookings of overlapping dates produce exactly one booking", async () => {
    const site = await createCampsite(db(), { quantity: 3 });
    const start = addDays(today, 30);
    // Two of the three units are already taken for the whole fortnight.
    for (const unit of site.units.slice(0, 2))
      await insertBooking(
        db(),
        { ...site, units: [unit] },
        { checkInDate: start, checkOutDate: addDays(start, 14), status: "paid" },
      );

    const attempts = Array.from({ length: 50 }, (_, i) => {
      const checkIn = addDays(start, 3 + (i % 4)); // every stay covers night start+6
      return createBooking(db(), {
        ...guest(i),
        campsiteId: site.id,
        checkIn,
        checkOut: addDays(checkIn, 4),
      });
    });
    const results = await Promise.allSettled(attempts);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const r of lost) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).refusal).toBe("conflict");
      expect((r.reason as AppError).message).toBe(UNAVAILABLE_MESSAGE);
    }
    const held = await db()
      .select()
      .from(bookings)
      .where(eq(bookings.campsiteUnitId, unitOf(site, 2).id));
    expect(held).toHaveLength(1);
  });
});

/**
 * `count` campers racing to hold a unit each with the same code or card, then
 * paying for every hold they got, all at once.
 */
async function heldAndPaidInParallel(
  count: number,
  extra: { discountCode?: string; prepaidCardNumber?: string },
) {
  const site = await createCampsite(db(), { quantity: count, pricePerNightCents: 5000 });
  const checkIn = addDays(today, 60);
  const attempts = await Promise.allSettled(
    Array.from({ length: count }, (_, i) =>
      createBooking(db(), {
        ...guest(i),
        ...extra,
        campsiteId: site.id,
        checkIn,
        checkOut: addDays(checkIn, 2),
      }),
    ),
  );
  const refused = attempts.flatMap((a) => (a.status === "rejected" ? [a.reason as AppError] : []));
  const sessions: string[] = [];
  for (const attempt of attempts) {
    if (attempt.status !== "fulfilled") continue;
    const booking = attempt.value;
    const { url } = await startPayment(db(), booking.id, booking.holdSecret, deps);
    sessions.push(present(url.split("/").pop(), "the session id ending the checkout URL"));
  }
  const outcomes = await Promise.all(sessions.map((s) => completeTestCheckout(db(), s, deps)));
  const rows = await db().select().from(bookings).where(eq(bookings.campsiteId, site.id));
  return { refused, outcomes, rows };
}

describe("redeeming one prepaid card at once", () => {
  it("20 concurrent debits never take it below zero, and each writes a transaction", async () => {
    const card = await createPrepaidCard(db(), { balanceCents: 7000 });
    const site = await createCampsite(db());
    const booking = await insertBooking(db(), site);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        db().transaction((tx) =>
          debitPrepaidCard(tx, {
            prepaidCardId: card.id,
            amountCents: 1000,
            bookingId: booking.id,
            description: "race",
          }),
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(7);
    const [after] = await db().select().from(prepaidCards).where(eq(prepaidCards.id, card.id));
    expect(present(after, "the prepaid card").balanceCents).toBe(0);
    const [debits] = await db()
      .select({ total: sum(prepaidCardTransactions.amountCents) })
      .from(prepaidCardTransactions)
      .where(eq(prepaidCardTransactions.prepaidCardId, card.id));
    expect(Number(present(debits, "the sum of the debits").total)).toBe(7000);
  });

  it("20 campers racing with one card: the hold it covers is paid, nobody is charged and refunded", async () => {
    const card = await createPrepaidCard(db(), { balanceCents: 3000 });
    // Each $100 booking takes the card's whole $30, so the card covers one hold.
    const { refused, outcomes, rows } = await heldAndPaidInParallel(20, {
      prepaidCardNumber: card.cardNumber,
    });
    expect(refused).toHaveLength(19);
    for (const error of refused) {
      expect(error.code).toBe("invalid_prepaid_card");
      expect(error.message).toBe("This prepaid card has no remaining balance");
    }
    expect(outcomes).toEqual(["paid"]);
    expect(rows.filter((r) => r.status === "paid")).toHaveLength(1);
    const [after] = await db().select().from(prepaidCards).where(eq(prepaidCards.id, card.id));
    expect(present(after, "the prepaid card").balanceCents).toBe(0);
    const debits = await db()
      .select()
      .from(prepaidCardTransactions)
      .where(eq(prepaidCardTransactions.prepaidCardId, card.id));
    expect(debits.map((d) => d.amountCents)).toEqual([3000]);
  });
});

describe("a discount code with a usage limit", () => {
  it("12 campers racing: 3 hold it and pay, the others are told at once, nobody is refunded", async () => {
    const code = await createDiscountCode(db(), {
      usageLimit: 3,
      discountType: "percentage",
      discountValue: 10,
    });
    const { refused, outcomes, rows } = await heldAndPaidInParallel(12, {
      discountCode: code.code,
    });
    expect(refused).toHaveLength(9);
    for (const error of refused) expect(error.code).toBe("invalid_discount_code");
    expect(outcomes).toEqual(["paid", "paid", "paid"]);
    expect(rows.filter((r) => r.status === "paid")).toHaveLength(3);
    const [after] = await db().select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(present(after, "the discount code").usedCount).toBe(3);
  });
});
