// Small factories for tests: sensible defaults, a test names only what matters to it.
import { randomBytes } from "node:crypto";
import type { FrontDeskBooking } from "#domain/forms/front-desk-booking.ts";
import { addDays, farmToday, nightsBetween } from "#domain/rules/dates.ts";
import type { Executor } from "#server/db/client.ts";
import {
  bookings,
  campsites,
  campsiteUnits,
  discountCodes,
  prepaidCards,
} from "#server/db/schema.ts";
import { present } from "./present";

type NewCampsite = typeof campsites.$inferInsert;
type NewBooking = typeof bookings.$inferInsert;

const unique = () => randomBytes(4).toString("hex").toUpperCase();

/** A campsite with `quantity` active units. */
export async function createCampsite(db: Executor, overrides: Partial<NewCampsite> = {}) {
  const [inserted] = await db
    .insert(campsites)
    .values({
      name: `Test Campsite ${unique()}`,
      pricePerNightCents: 5000,
      capacity: 6,
      quantity: 1,
      ...overrides,
    })
    .returning();
  const campsite = present(inserted, "the inserted campsite");
  const units = await db
    .insert(campsiteUnits)
    .values(
      Array.from({ length: campsite.quantity }, (_, i) => ({
        campsiteId: campsite.id,
        name: `Site ${i + 1}`,
      })),
    )
    .returning();
  return { ...campsite, units };
}

/** Unit `index` (counting from 0) of a campsite made by createCampsite. */
export function unitOf<Unit>(campsite: { units: readonly Unit[] }, index: number): Unit {
  return present(campsite.units[index], `unit ${index} of the campsite`);
}

/** A booking of the first unit of `campsite`, by default two nights from a week ahead. */
export async function insertBooking(
  db: Executor,
  campsite: { id: string; pricePerNightCents: number; units: { id: string }[] },
  overrides: Partial<NewBooking> = {},
) {
  const checkInDate = overrides.checkInDate ?? addDays(farmToday(), 7);
  const checkOutDate = overrides.checkOutDate ?? addDays(checkInDate, 2);
  const total = campsite.pricePerNightCents * nightsBetween(checkInDate, checkOutDate);
  const [booking] = await db
    .insert(bookings)
    .values({
      bookingReference: `BK${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`,
      guestFirstName: "Alex",
      guestLastName: "Camper",
      guestEmail: "alex.camper@example.com",
      numberOfGuests: 2,
      campsiteId: campsite.id,
      campsiteUnitId: unitOf(campsite, 0).id,
      status: "confirmed",
      totalAmountCents: total,
      finalAmountCents: total,
      priceLines: [{ kind: "nights", description: "Nights", amountCents: total }],
      gstAmountCents: Math.round(total / 11),
      guestToken: randomBytes(24).toString("base64url"),
      ...overrides,
      checkInDate,
      checkOutDate,
    })
    .returning();
  return present(booking, "the inserted booking");
}

export async function createDiscountCode(
  db: Executor,
  overrides: Partial<typeof discountCodes.$inferInsert> = {},
) {
  const [code] = await db
    .insert(discountCodes)
    .values({
      code: `TEST${unique()}`,
      description: "Test code",
      discountType: "percentage",
      discountValue: 10,
      validFrom: addDays(farmToday(), -1),
      ...overrides,
    })
    .returning();
  return present(code, "the inserted discount code");
}

export async function createPrepaidCard(
  db: Executor,
  overrides: Partial<typeof prepaidCards.$inferInsert> = {},
) {
  const balanceCents = overrides.balanceCents ?? 5000;
  const [card] = await db
    .insert(prepaidCards)
    .values({
      cardNumber: `PC${String(Date.now()).slice(-8)}${unique().slice(0, 4)}`,
      balanceCents,
      originalBalanceCents: balanceCents,
      ...overrides,
    })
    .returning();
  return present(card, "the inserted prepaid card");
}

/**
 * A front-desk booking for `campsite` (a two-night stay from `checkIn`, two
 * guests, $100 in cash) with `changes` on top: what the new-booking form posts.
 */
export function deskBooking(
  campsite: { id: string },
  checkIn: string,
  changes: Partial<FrontDeskBooking> = {},
): FrontDeskBooking {
  return {
    campsiteId: campsite.id,
    checkIn,
    checkOut: addDays(checkIn, 2),
    guests: 2,
    dogs: 0,
    extras: [],
    firstName: "Aroha",
    lastName: "Ngata",
    email: "aroha@example.com",
    phone: undefined,
    answers: {},
    payment: "recorded",
    method: "cash",
    amount: 10000,
    reference: "",
    overrideRules: false,
    overrideReason: "",
    farmNote: "",
    ...changes,
  };
}
