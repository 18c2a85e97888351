import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "#server/testing/database.ts";
import { rowsOf } from "./rows";
import { seedIfEmpty } from "./seed";

const database = setupTestDatabase();

describe("the demo data", () => {
  it("has a succeeded payment of its amount for every paid or confirmed booking", async () => {
    const { db } = database();
    expect(await seedIfEmpty(db)).toBe(true);
    const unpaid = rowsOf<{ reference: string; status: string }>(
      await db.execute(sql`
        select b.booking_reference as reference, b.status from bookings b
        where b.status in ('paid', 'confirmed') and not exists (
          select 1 from payments p where p.booking_id = b.id and p.status = 'succeeded'
            and p.amount_cents = b.final_amount_cents)`),
    );
    expect(unpaid).toEqual([]);
    const held = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from bookings where status = 'confirmed'`),
    );
    expect(held[0]?.n).toBeGreaterThan(0);
  });

  it("books every stay before its check-in, so no lead time is negative", async () => {
    const { db } = database();
    await seedIfEmpty(db);
    const late = rowsOf<{ reference: string }>(
      await db.execute(sql`
        select booking_reference as reference from bookings
        where (created_at at time zone 'Australia/Brisbane')::date > check_in_date`),
    );
    expect(late).toEqual([]);
  });
});
