// Rates on the server: the quote and the hold price seasons, dogs and extras,
// refuse what the campsite does not sell, and keep a booking's lines when the
// rates change later. Seasons of one campsite cannot overlap.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { QuoteRequest } from "#domain/forms/booking-request.ts";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { bookings, campsiteExtras, campsiteSeasons, campsites } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite } from "#server/testing/factories.ts";
import { present } from "#server/testing/present.ts";
import { refusal } from "#server/testing/refusal.ts";
import { createBooking, priceRequest } from "./bookings";
import { EXCLUSION_VIOLATION, pgErrorCode } from "./database-errors";
import { changeHeldBooking } from "./held-bookings";

const database = setupTestDatabase();
const db = () => database().db;
const today = farmToday();
const guest = { firstName: "Alex", lastName: "Camper", email: "alex@example.com", guests: 2 };

/** A campsite at $45 with a $60 season 30 to 40 days ahead (3 nights at least), dogs and extras. */
async function ratedCampsite() {
  const site = await createCampsite(db(), {
    pricePerNightCents: 4500,
    petFeeCents: 1000,
    maxDogs: 2,
  });
  await db()
    .insert(campsiteSeasons)
    .values({
      campsiteId: site.id,
      name: "Christmas school holidays",
      startDate: addDays(today, 30),
      endDate: addDays(today, 40),
      nightPriceCents: 6000,
      minimumNights: 3,
    });
  const extras = await db()
    .insert(campsiteExtras)
    .values([
      { campsiteId: site.id, name: "Late checkout", priceCents: 2500, per: "stay", maxQuantity: 1 },
      {
        campsiteId: site.id,
        name: "Firewood",
        priceCents: 1500,
        per: "stay",
        maxQuantity: 3,
        isActive: false,
      },
    ])
    .returning();
  const [late, firewood] = extras.map((e) => present(e, "an extra"));
  return { site, late: present(late, "late"), firewood: present(firewood, "firewood") };
}

describe("a stay in a season", () => {
  it("costs the season's nights, the dog and the extra, with GST of one eleventh", async () => {
    const { site, late } = await ratedCampsite();
    const checkIn = addDays(today, 31);
    const { quote } = await priceRequest(db(), {
      campsiteId: site.id,
      checkIn,
      checkOut: addDays(checkIn, 3),
      guests: 2,
      dogs: 1,
      extras: [{ extraId: late.id, quantity: 1 }],
    });
    expect(quote.lines.map((l) => [l.description, l.amountCents])).toEqual([
      ["3 nights at $60.00 (Christmas school holidays)", 18000],
      ["1 dog × 3 nights at $10.00", 3000],
      ["Late checkout × 1 at $25.00", 2500],
    ]);
    expect(quote.finalAmountCents).toBe(23500);
    expect(quote.gstAmountCents).toBe(Math.round(23500 / 11));
  });

  it("is refused shorter than the season's minimum stay", async () => {
    const { site } = await ratedCampsite();
    const checkIn = addDays(today, 39);
    const error = await refusal(
      priceRequest(db(), {
        campsiteId: site.id,
        checkIn,
        checkOut: addDays(checkIn, 2),
        guests: 2,
      }),
    );
    expect(error.message).toBe("The minimum stay is 3 nights.");
  });
});

describe("what a campsite does not sell", () => {
  const stay = (campsiteId: string) => ({
    campsiteId,
    checkIn: addDays(today, 5),
    checkOut: addDays(today, 7),
    guests: 2,
  });

  it("is refused with the field named: too many dogs, an inactive, unknown or too many extras", async () => {
    const { site, late, firewood } = await ratedCampsite();
    const cases: [Partial<QuoteRequest>, string][] = [
      [{ dogs: 3 }, "dogs"],
      [{ extras: [{ extraId: firewood.id, quantity: 1 }] }, "extras"],
      [{ extras: [{ extraId: crypto.randomUUID(), quantity: 1 }] }, "extras"],
      [{ extras: [{ extraId: late.id, quantity: 2 }] }, "extras"],
    ];
    for (const [change, field] of cases) {
      const error = await refusal(priceRequest(db(), { ...stay(site.id), ...change }));
      expect(error.refusal).toBe("invalid");
      expect(Object.keys(error.fieldErrors ?? {})).toEqual([field]);
    }
  });

  it("includes dogs where none are allowed", async () => {
    const site = await createCampsite(db());
    const error = await refusal(priceRequest(db(), { ...stay(site.id), dogs: 1 }));
    expect(error.message).toBe("Dogs are not allowed at this campsite.");
  });
});

describe("a booking's lines", () => {
  it("are kept when the rates change, and follow the extras the camper changes on the hold", async () => {
    const { site, late } = await ratedCampsite();
    const checkIn = addDays(today, 5);
    const request = {
      ...guest,
      campsiteId: site.id,
      checkIn,
      checkOut: addDays(checkIn, 2),
      dogs: 1,
    };
    const booking = await createBooking(db(), request);
    expect(booking.totalAmountCents).toBe(9000 + 2000);
    expect(booking.lines).toHaveLength(2);

    await db().update(campsites).set({ pricePerNightCents: 9900 }).where(eq(campsites.id, site.id));
    const [stored] = await db()
      .select({ total: bookings.totalAmountCents })
      .from(bookings)
      .where(eq(bookings.id, booking.id));
    expect(stored?.total).toBe(11000);

    const changed = await changeHeldBooking(db(), booking.id, booking.holdSecret, {
      extras: [{ extraId: late.id, quantity: 1 }],
    });
    expect(changed.lines.map((l) => l.kind)).toEqual(["nights", "dogs", "extra"]);
  });
});

describe("seasons of one campsite", () => {
  it("may not overlap: the database refuses it", async () => {
    const { site } = await ratedCampsite();
    const overlapping = db()
      .insert(campsiteSeasons)
      .values({
        campsiteId: site.id,
        name: "Overlap",
        startDate: addDays(today, 40),
        endDate: addDays(today, 45),
        nightPriceCents: 5000,
      });
    const error = await overlapping.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(pgErrorCode(error)).toBe(EXCLUSION_VIOLATION);
    const other = await createCampsite(db());
    await db()
      .insert(campsiteSeasons)
      .values({
        campsiteId: other.id,
        name: "Same dates, other campsite",
        startDate: addDays(today, 30),
        endDate: addDays(today, 40),
        nightPriceCents: 5000,
      });
  });
});
