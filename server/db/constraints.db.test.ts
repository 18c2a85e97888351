import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "#server/testing/database.ts";
import {
  createCampsite,
  createDiscountCode,
  createPrepaidCard,
  insertBooking,
  unitOf,
} from "#server/testing/factories.ts";
import { bookings, discountCodes, prepaidCards } from "./schema";

const database = setupTestDatabase();

/** The SQLSTATE of a failed query (drizzle wraps the driver's error as its cause). */
async function sqlState(query: Promise<unknown>): Promise<string | undefined> {
  try {
    await query;
    return undefined;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
}

describe("the database refuses double bookings (amendment 2.3)", () => {
  it("rejects a second active booking that overlaps on the same unit", async () => {
    const { db } = database();
    const site = await createCampsite(db);
    await insertBooking(db, site, { checkInDate: "2031-03-10", checkOutDate: "2031-03-13" });
    const state = await sqlState(
      insertBooking(db, site, {
        checkInDate: "2031-03-12",
        checkOutDate: "2031-03-14",
        status: "pending",
      }),
    );
    expect(state).toBe("23P01");
  });

  it("allows back-to-back stays: check-out day is the next check-in day", async () => {
    const { db } = database();
    const site = await createCampsite(db);
    await insertBooking(db, site, { checkInDate: "2031-04-10", checkOutDate: "2031-04-12" });
    await expect(
      insertBooking(db, site, { checkInDate: "2031-04-12", checkOutDate: "2031-04-14" }),
    ).resolves.toMatchObject({ status: "confirmed" });
  });

  it("ignores cancelled, expired and refunded bookings", async () => {
    const { db } = database();
    const site = await createCampsite(db);
    for (const status of ["cancelled", "expired", "refunded"] as const) {
      await insertBooking(db, site, {
        checkInDate: "2031-05-01",
        checkOutDate: "2031-05-03",
        status,
      });
    }
    await expect(
      insertBooking(db, site, {
        checkInDate: "2031-05-01",
        checkOutDate: "2031-05-03",
        status: "paid",
      }),
    ).resolves.toMatchObject({ status: "paid" });
  });

  it("lets two units of one campsite take the same nights", async () => {
    const { db } = database();
    const site = await createCampsite(db, { quantity: 2 });
    await insertBooking(db, site, { checkInDate: "2031-06-01", checkOutDate: "2031-06-03" });
    const second = { ...site, units: [unitOf(site, 1)] };
    await expect(
      insertBooking(db, second, { checkInDate: "2031-06-01", checkOutDate: "2031-06-03" }),
    ).resolves.toBeTruthy();
  });

  it("refuses to reactivate a cancelled booking over nights taken since", async () => {
    const { db } = database();
    const site = await createCampsite(db);
    const cancelled = await insertBooking(db, site, {
      checkInDate: "2031-07-01",
      checkOutDate: "2031-07-03",
      status: "cancelled",
    });
    await insertBooking(db, site, { checkInDate: "2031-07-02", checkOutDate: "2031-07-04" });
    const state = await sqlState(
      db.update(bookings).set({ status: "confirmed" }).where(eq(bookings.id, cancelled.id)),
    );
    expect(state).toBe("23P01");
  });

  it("refuses a stay whose check-out is not after its check-in", async () => {
    const { db } = database();
    const site = await createCampsite(db);
    const state = await sqlState(
      insertBooking(db, site, { checkInDate: "2031-08-05", checkOutDate: "2031-08-05" }),
    );
    expect(state).toBe("23514");
  });
});

describe("money constraints", () => {
  it("never lets a prepaid card balance go below zero", async () => {
    const { db } = database();
    const card = await createPrepaidCard(db, { balanceCents: 1000 });
    const state = await sqlState(
      db
        .update(prepaidCards)
        .set({ balanceCents: sql`${prepaidCards.balanceCents} - 1001` })
        .where(eq(prepaidCards.id, card.id)),
    );
    expect(state).toBe("23514");
  });

  it("never lets a discount code exceed its usage limit", async () => {
    const { db } = database();
    const code = await createDiscountCode(db, { usageLimit: 1, usedCount: 1 });
    const state = await sqlState(
      db
        .update(discountCodes)
        .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
        .where(eq(discountCodes.id, code.id)),
    );
    expect(state).toBe("23514");
  });

  it("keeps discount codes uppercase and percentages at most 100", async () => {
    const { db } = database();
    expect(await sqlState(createDiscountCode(db, { code: "lower" }))).toBe("23514");
    expect(await sqlState(createDiscountCode(db, { discountValue: 101 }))).toBe("23514");
  });

  it("requires the final amount to be the total less discount and prepaid credit", async () => {
    const { db } = database();
    const site = await createCampsite(db);
    const state = await sqlState(
      insertBooking(db, site, {
        checkInDate: "2031-09-01",
        checkOutDate: "2031-09-02",
        totalAmountCents: 5000,
        discountAmountCents: 500,
        finalAmountCents: 5000,
      }),
    );
    expect(state).toBe("23514");
  });
});
