import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import {
  blockedDates,
  bookings,
  campsites,
  campsiteUnits,
  emailOutbox,
} from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import {
  createCampsite,
  createDiscountCode,
  insertBooking,
  unitOf,
} from "#server/testing/factories.ts";
import { assertPresent, present } from "#server/testing/present.ts";
import { campsiteAvailability } from "./availability";
import { createBooking, expireStaleHolds, priceRequest, UNAVAILABLE_MESSAGE } from "./bookings";
import { saveSettings } from "./settings";

const database = setupTestDatabase();
const db = () => database().db;

const today = farmToday();
const guest = { firstName: "Alex", lastName: "Camper", email: "alex@example.com", guests: 2 };

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("quotes", () => {
  it("price nights x nightly price with the code and card applied on the server", async () => {
    const site = await createCampsite(db(), { pricePerNightCents: 4500 });
    const code = await createDiscountCode(db(), { discountType: "percentage", discountValue: 10 });
    const checkIn = addDays(today, 10);
    const priced = await priceRequest(db(), {
      campsiteId: site.id,
      checkIn,
      checkOut: addDays(checkIn, 3),
      guests: 2,
      discountCode: code.code.toLowerCase(),
    });
    expect(priced.quote).toEqual({
      nights: 3,
      lines: [{ kind: "nights", description: "3 nights at $45.00 (Standard)", amountCents: 13500 }],
      subtotalCents: 13500,
      discountableCents: 13500,
      discountAmountCents: 1350,
      prepaidAmountCents: 0,
      finalAmountCents: 12150,
      gstAmountCents: 1105,
    });
    expect(priced.discountCodeAnswer).toEqual({
      id: code.id,
      description: code.description,
      discountAmount: 1350,
    });
  });

  it("enforce the saved minimum stay and maximum advance booking", async () => {
    const site = await createCampsite(db());
    await saveSettings(db(), { minimumNightStay: 3, maxAdvanceBooking: 30 });
    try {
      const short = await rejection(
        priceRequest(db(), {
          campsiteId: site.id,
          checkIn: addDays(today, 5),
          checkOut: addDays(today, 7),
          guests: 1,
        }),
      );
      expect(short.message).toBe("The minimum stay is 3 nights.");
      const far = await rejection(
        priceRequest(db(), {
          campsiteId: site.id,
          checkIn: addDays(today, 28),
          checkOut: addDays(today, 31),
          guests: 1,
        }),
      );
      expect(far.message).toBe("Bookings can be made up to 30 days ahead.");
    } finally {
      await saveSettings(db(), { minimumNightStay: 2, maxAdvanceBooking: 365 });
    }
  });
});

describe("creating a booking", () => {
  it("holds a free unit for 5 minutes under a BK reference, priced on the server", async () => {
    const site = await createCampsite(db(), { quantity: 2, pricePerNightCents: 6000 });
    const checkIn = addDays(today, 20);
    const now = new Date();
    const booking = await createBooking(
      db(),
      { ...guest, campsiteId: site.id, checkIn, checkOut: addDays(checkIn, 2) },
      now,
    );
    expect(booking.status).toBe("pending");
    expect(booking.bookingReference).toMatch(/^BK\d{6}$/);
    expect(new Date(booking.holdExpiresAt).getTime() - now.getTime()).toBe(5 * 60_000);
    expect(booking.finalAmountCents).toBe(12000);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(site.units.map((u) => u.id)).toContain(present(row, "the booking row").campsiteUnitId);
  });

  it("gives the second unit to the second guest, then answers 409 'no longer available'", async () => {
    const site = await createCampsite(db(), { quantity: 2 });
    const stay = {
      ...guest,
      campsiteId: site.id,
      checkIn: addDays(today, 30),
      checkOut: addDays(today, 32),
    };
    const first = await createBooking(db(), stay);
    const second = await createBooking(db(), {
      ...stay,
      checkIn: addDays(today, 31),
      checkOut: addDays(today, 33),
    });
    const rows = await db().select().from(bookings).where(eq(bookings.campsiteId, site.id));
    expect(new Set(rows.map((r) => r.campsiteUnitId)).size).toBe(2);
    expect([first.id, second.id]).toHaveLength(2);
    const third = await rejection(createBooking(db(), stay));
    expect(third.refusal).toBe("conflict");
    expect(third.code).toBe("unavailable");
    expect(third.message).toBe(UNAVAILABLE_MESSAGE);
    // Back-to-back is fine: check-out day is the next guest's check-in day.
    await createBooking(db(), {
      ...stay,
      checkIn: addDays(today, 33),
      checkOut: addDays(today, 35),
    });
  });

  it("takes over a unit whose hold ran out, expiring the stale hold first", async () => {
    const site = await createCampsite(db());
    const stay = {
      ...guest,
      campsiteId: site.id,
      checkIn: addDays(today, 40),
      checkOut: addDays(today, 42),
    };
    const past = new Date(Date.now() - 6 * 60_000);
    const stale = await createBooking(db(), stay, past);
    const fresh = await createBooking(db(), stay);
    const [old] = await db().select().from(bookings).where(eq(bookings.id, stale.id));
    expect(present(old, "the stale booking").status).toBe("expired");
    expect(fresh.status).toBe("pending");
  });

  it("refuses nights blocked for the campsite, for all campsites, or for every unit", async () => {
    const site = await createCampsite(db(), { quantity: 2 });
    const night = addDays(today, 50);
    const stay = {
      ...guest,
      campsiteId: site.id,
      checkIn: addDays(night, -1),
      checkOut: addDays(night, 1),
    };
    await db().insert(blockedDates).values({ blockedDate: night, campsiteId: null });
    expect((await rejection(createBooking(db(), stay))).refusal).toBe("conflict");
    await db().delete(blockedDates).where(eq(blockedDates.blockedDate, night));

    // One unit blocked (e.g. imported from an outside calendar): the other one is taken.
    await db()
      .insert(blockedDates)
      .values({
        blockedDate: night,
        campsiteId: site.id,
        campsiteUnitId: unitOf(site, 0).id,
        reason: "Imported",
      });
    await createBooking(db(), stay);
    const [row] = await db().select().from(bookings).where(eq(bookings.campsiteId, site.id));
    expect(present(row, "the booking row").campsiteUnitId).toBe(unitOf(site, 1).id);
    expect((await rejection(createBooking(db(), stay))).refusal).toBe("conflict");
  });

  it("refuses an inactive campsite with the spec's text", async () => {
    const site = await createCampsite(db(), { isActive: false });
    const error = await rejection(
      createBooking(db(), {
        ...guest,
        campsiteId: site.id,
        checkIn: addDays(today, 5),
        checkOut: addDays(today, 7),
      }),
    );
    expect(error.refusal).toBe("not_found");
    expect(error.message).toBe("Campsite not found. Please try again.");
  });
});

describe("changeover nights ('Auto-block after booking')", () => {
  it("keep a unit empty the night after a stay; another unit can still be booked", async () => {
    const site = await createCampsite(db(), { quantity: 2 });
    const d = (n: number) => addDays(today, 90 + n);
    const first = unitOf(site, 0).id;
    await insertBooking(db(), site, { checkInDate: d(0), checkOutDate: d(2), status: "paid" });
    const stay = { ...guest, campsiteId: site.id, checkIn: d(2), checkOut: d(4) };
    await saveSettings(db(), { autoBlockAfterBooking: 1 });
    try {
      const next = await createBooking(db(), stay);
      const [row] = await db().select().from(bookings).where(eq(bookings.id, next.id));
      expect(present(row, "the booking").campsiteUnitId).not.toBe(first);
      // The first unit's changeover night and the second unit's stay leave nothing.
      expect((await rejection(createBooking(db(), stay))).code).toBe("unavailable");
      const answer = await campsiteAvailability(db(), site.id, { from: d(0), to: d(6) });
      expect(answer.unavailableDates).toEqual([d(1), d(2)]);
      // A day later the first unit has had its changeover.
      const later = await createBooking(db(), { ...stay, checkIn: d(3), checkOut: d(5) });
      const [laterRow] = await db().select().from(bookings).where(eq(bookings.id, later.id));
      expect(present(laterRow, "the later booking").campsiteUnitId).toBe(first);
    } finally {
      await saveSettings(db(), { autoBlockAfterBooking: 0 });
    }
  });
});

describe("units and references", () => {
  it("gives a campsite that never had units its one unit on the first booking", async () => {
    const [site] = await db()
      .insert(campsites)
      .values({ name: "No units yet", pricePerNightCents: 4000, capacity: 4 })
      .returning();
    assertPresent(site, "the inserted campsite");
    const stay = {
      ...guest,
      campsiteId: site.id,
      checkIn: addDays(today, 70),
      checkOut: addDays(today, 72),
    };
    const first = await createBooking(db(), stay);
    const units = await db()
      .select()
      .from(campsiteUnits)
      .where(eq(campsiteUnits.campsiteId, site.id));
    expect(units).toHaveLength(1);
    expect(first.status).toBe("pending");
    expect((await rejection(createBooking(db(), stay))).refusal).toBe("conflict");
  });

  it("takes another number when the 6-digit reference is already used", async () => {
    const site = await createCampsite(db(), { quantity: 2 });
    const stay = {
      ...guest,
      campsiteId: site.id,
      checkIn: addDays(today, 80),
      checkOut: addDays(today, 82),
    };
    const clock = vi.spyOn(Date, "now").mockReturnValue(1_795_288_271_674);
    try {
      const first = await createBooking(db(), stay);
      const second = await createBooking(db(), stay);
      expect(first.bookingReference).toBe("BK271674");
      expect(second.bookingReference).toMatch(/^BK\d{6}$/);
      expect(second.bookingReference).not.toBe(first.bookingReference);
    } finally {
      clock.mockRestore();
    }
  });

  it("goes on to the next unit when the constraint refuses one the reading thought free", async () => {
    const site = await createCampsite(db(), { quantity: 2 });
    const checkIn = addDays(today, 84);
    const stay = { ...guest, campsiteId: site.id, checkIn, checkOut: addDays(checkIn, 2) };
    // A pending row without a hold end: no reading counts it, the exclusion constraint does.
    // It also has the reference the clock gives first: both refusals at once.
    await insertBooking(db(), site, {
      bookingReference: "BK371674",
      status: "pending",
      holdExpiresAt: null,
      checkInDate: checkIn,
      checkOutDate: addDays(checkIn, 2),
    });
    const clock = vi.spyOn(Date, "now").mockReturnValue(1_795_288_371_674);
    try {
      const held = await createBooking(db(), stay);
      const [row] = await db().select().from(bookings).where(eq(bookings.id, held.id));
      expect(row?.campsiteUnitId).toBe(unitOf(site, 1).id);
      expect(held.bookingReference).toBe("BK379593");
      expect((await rejection(createBooking(db(), stay))).message).toBe(UNAVAILABLE_MESSAGE);
    } finally {
      clock.mockRestore();
    }
  });
});

describe("availability", () => {
  it("lists nights blocked or fully taken, ignoring cancelled bookings and expired holds", async () => {
    const site = await createCampsite(db(), { quantity: 2 });
    const d = (n: number) => addDays(today, 60 + n);
    await insertBooking(db(), site, { checkInDate: d(0), checkOutDate: d(2), status: "paid" });
    await insertBooking(
      db(),
      { ...site, units: [unitOf(site, 1)] },
      {
        checkInDate: d(1),
        checkOutDate: d(3),
        status: "pending",
        holdExpiresAt: new Date(Date.now() + 60_000),
      },
    );
    await insertBooking(
      db(),
      { ...site, units: [unitOf(site, 1)] },
      { checkInDate: d(5), checkOutDate: d(7), status: "cancelled" },
    );
    await insertBooking(
      db(),
      { ...site, units: [unitOf(site, 1)] },
      {
        checkInDate: d(7),
        checkOutDate: d(8),
        status: "pending",
        holdExpiresAt: new Date(Date.now() - 1000),
      },
    );
    await insertBooking(db(), site, {
      checkInDate: d(5),
      checkOutDate: d(8),
      status: "confirmed",
    });
    await db()
      .insert(blockedDates)
      .values([
        { blockedDate: d(10), campsiteId: site.id },
        { blockedDate: d(12), campsiteId: site.id, campsiteUnitId: unitOf(site, 0).id },
      ]);
    const answer = await campsiteAvailability(db(), site.id, { from: d(0), to: d(14) });
    expect(answer.unavailableDates).toEqual([d(1), d(10)]);
    expect(answer).toMatchObject({
      minimumNightStay: 2,
      maxAdvanceBookingDays: 365,
      capacity: 6,
      today,
    });
  });

  it("treats every night as taken when all units are inactive", async () => {
    const site = await createCampsite(db(), { quantity: 1 });
    await db()
      .update(campsiteUnits)
      .set({ isActive: false })
      .where(eq(campsiteUnits.campsiteId, site.id));
    const answer = await campsiteAvailability(db(), site.id, {
      from: today,
      to: addDays(today, 2),
    });
    expect(answer.unavailableDates).toEqual([today, addDays(today, 1), addDays(today, 2)]);
  });

  it("answers 400 for a reversed or too long range", async () => {
    const site = await createCampsite(db());
    expect(
      (
        await rejection(
          campsiteAvailability(db(), site.id, { from: today, to: addDays(today, -1) }),
        )
      ).refusal,
    ).toBe("invalid");
    expect(
      (
        await rejection(
          campsiteAvailability(db(), site.id, { from: today, to: addDays(today, 401) }),
        )
      ).refusal,
    ).toBe("invalid");
    expect(
      (await rejection(campsiteAvailability(db(), site.id, { from: "2026-13-01" }))).refusal,
    ).toBe("invalid");
  });
});

describe("the hold sweeper", () => {
  it("expires pending bookings whose hold ran out and leaves live ones", async () => {
    const site = await createCampsite(db(), { quantity: 2 });
    const stale = await insertBooking(db(), site, {
      status: "pending",
      holdExpiresAt: new Date(Date.now() - 1000),
    });
    const live = await insertBooking(
      db(),
      { ...site, units: [unitOf(site, 1)] },
      { status: "pending", holdExpiresAt: new Date(Date.now() + 60_000) },
    );
    expect(await expireStaleHolds(db())).toBeGreaterThanOrEqual(1);
    const rows = await db().select().from(bookings).where(eq(bookings.campsiteId, site.id));
    expect(
      present(
        rows.find((r) => r.id === stale.id),
        "the stale hold",
      ).status,
    ).toBe("expired");
    expect(
      present(
        rows.find((r) => r.id === live.id),
        "the live hold",
      ).status,
    ).toBe("pending");
    expect(
      await db().select().from(emailOutbox).where(eq(emailOutbox.bookingId, stale.id)),
    ).toEqual([]);
  });
});
