import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, campsiteUnits, payments } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, insertBooking, unitOf } from "#server/testing/factories.ts";
import { enterAsHistory } from "#server/testing/ledger-check.ts";
import { loadDashboard } from "./dashboard";

const database = setupTestDatabase();

// Midday 15 June 2026 at the farm (Brisbane is UTC+10 all year).
const now = new Date("2026-06-15T02:00:00Z");
const inJune = new Date("2026-06-10T02:00:00Z");
const minutesFromNow = (m: number) => new Date(now.getTime() + m * 60_000);

describe("the dashboard", () => {
  beforeAll(async () => {
    const { db } = database();
    // 3 active units; the inactive campsite's 2 units and an inactive unit do not count.
    const creek = await createCampsite(db, { name: "Creekside Camp", quantity: 3 });
    await createCampsite(db, { name: "Closed Camp", quantity: 2, isActive: false });
    const spare = await createCampsite(db, { name: "Spare", quantity: 1 });
    await db
      .update(campsiteUnits)
      .set({ isActive: false })
      .where(eq(campsiteUnits.id, unitOf(spare, 0).id));
    const unit = (i: number) => ({ ...creek, units: [unitOf(creek, i)] });

    // Made this month and live: paid (4 nights in June), confirmed (2 in June, 1 in July).
    await insertBooking(db, unit(0), {
      status: "paid",
      createdAt: inJune,
      checkInDate: "2026-06-16",
      checkOutDate: "2026-06-20",
      guestFirstName: "Sarah",
      guestLastName: "Mitchell",
    });
    await insertBooking(db, unit(1), {
      status: "confirmed",
      createdAt: inJune,
      checkInDate: "2026-06-29",
      checkOutDate: "2026-07-02",
      totalAmountCents: 15000,
      discountAmountCents: 15000,
      finalAmountCents: 0,
    });
    // A pending booking with a live hold counts as a booking but earns nothing yet.
    await insertBooking(db, unit(2), {
      status: "pending",
      createdAt: minutesFromNow(-1),
      holdExpiresAt: minutesFromNow(4),
      checkInDate: "2026-06-21",
      checkOutDate: "2026-06-23",
      guestFirstName: "Priya",
      guestLastName: "Sharma",
    });
    // Not live: a hold that ran out, expired, cancelled, refunded.
    await insertBooking(db, unit(2), {
      status: "pending",
      createdAt: minutesFromNow(-10),
      holdExpiresAt: minutesFromNow(-5),
      checkInDate: "2026-06-16",
      checkOutDate: "2026-06-18",
    });
    for (const status of ["expired", "cancelled", "refunded"] as const) {
      await insertBooking(db, unit(2), {
        status,
        createdAt: inJune,
        checkInDate: "2026-06-18",
        checkOutDate: "2026-06-20",
      });
    }
    // Made in May (just before midnight at the farm) for a stay in June: its nights count, the booking does not.
    await insertBooking(db, unit(1), {
      status: "paid",
      createdAt: new Date("2026-05-31T13:59:00Z"),
      checkInDate: "2026-05-30",
      checkOutDate: "2026-06-03",
      guestFirstName: "Tom",
      guestLastName: "Nguyen",
    });
    // Made at 00:30 on 1 June at the farm (still 31 May in UTC): a June booking.
    await insertBooking(db, unit(0), {
      status: "paid",
      createdAt: new Date("2026-05-31T14:30:00Z"),
      checkInDate: "2026-06-22",
      checkOutDate: "2026-06-23",
      guestFirstName: "Emma",
      guestLastName: "Walsh",
    });
    // Made in April: beyond the 7-day window, and yesterday.
    await insertBooking(db, unit(0), {
      status: "paid",
      createdAt: new Date("2026-04-01T00:00:00Z"),
      checkInDate: "2026-06-24",
      checkOutDate: "2026-06-25",
      guestFirstName: "Far",
      guestLastName: "Ahead",
    });
    await insertBooking(db, unit(0), {
      status: "paid",
      createdAt: new Date("2026-04-01T00:00:00Z"),
      checkInDate: "2026-06-14",
      checkOutDate: "2026-06-15",
      guestFirstName: "Left",
      guestLastName: "Yesterday",
    });
  });

  it("counts this month's live bookings by their creation day at the farm", async () => {
    const dashboard = await loadDashboard(database().db, now);
    expect(dashboard.month).toBe("2026-06");
    expect(dashboard.today).toBe("2026-06-15");
    // paid + confirmed + live pending + the one made at 00:30 on 1 June.
    expect(dashboard.totalBookings).toBe(4);
  });

  it("earns this month's takings: money received less money refunded, by the day it moved", async () => {
    const { db } = database();
    const [booking] = await db.select().from(bookings).limit(1);
    const bookingId = booking?.id ?? "";
    const pay = async (
      amountCents: number,
      refundedAmountCents: number,
      at: Date,
      refundAt = at,
    ) => {
      const [row] = await db
        .insert(payments)
        .values({
          bookingId,
          provider: "test",
          stripeSessionId: `cs_dash_${amountCents}_${refundedAmountCents}`,
          guestEmail: "dash@example.com",
          amountCents,
          refundedAmountCents,
          currency: "aud",
          status: "succeeded",
          createdAt: at,
          updatedAt: refundAt,
        })
        .returning();
      if (row) await enterAsHistory(db, row);
    };
    await pay(20000, 0, inJune);
    await pay(10000, 6000, inJune);
    // Paid in May and refunded in June: only the refund is June's.
    await pay(5000, 2000, new Date("2026-05-20T02:00:00Z"), inJune);
    const dashboard = await loadDashboard(db, now);
    expect(dashboard.totalEarningsCents).toBe(20000 + 10000 - 6000 - 2000);
  });

  it("rates occupancy as booked unit-nights over days x active units", async () => {
    const dashboard = await loadDashboard(database().db, now);
    expect(dashboard.activeUnits).toBe(3);
    // Paid and confirmed nights in June: 4 + 2 (29, 30 June) + 2 (1, 2 June) + 1 + 1 + 1 = 11;
    // the pending hold's nights do not count. 11 / (30 x 3) = 12%.
    expect(dashboard.bookedUnitNights).toBe(11);
    expect(dashboard.occupancyRate).toBe(12);
  });

  it("lists live stays starting today to 7 days ahead (the 22nd), soonest first", async () => {
    const dashboard = await loadDashboard(database().db, now);
    expect(dashboard.upcoming.map((b) => b.guestName)).toEqual([
      "Sarah Mitchell",
      "Priya Sharma",
      "Emma Walsh",
    ]);
    expect(dashboard.upcomingCount).toBe(3);
    expect(dashboard.upcoming[0]).toMatchObject({
      campsiteName: "Creekside Camp",
      checkIn: "2026-06-16",
      checkOut: "2026-06-20",
      nights: 4,
    });
  });

  it("includes the seventh day ahead and not the eighth", async () => {
    const dashboard = await loadDashboard(database().db, new Date("2026-06-16T02:00:00Z"));
    // From 16 June the window runs to 23 June: Emma (22nd) in, Far Ahead (24th) out; from 17 June to the 24th.
    const names = dashboard.upcoming.map((b) => b.guestName);
    expect(names).toContain("Emma Walsh");
    expect(names).not.toContain("Far Ahead");
    const later = await loadDashboard(database().db, new Date("2026-06-17T02:00:00Z"));
    expect(later.upcoming.map((b) => b.guestName)).toContain("Far Ahead");
  });
});
