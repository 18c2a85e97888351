// Demo data: the farm's three campsites with their units and rates (the
// Christmas holidays, a weekend price, dogs, extras), a few discount codes
// and prepaid cards, and bookings over the coming weeks, so every screen has
// something to show. Dates are relative to the farm's today.
import { randomBytes } from "node:crypto";
import { count } from "drizzle-orm";
import { addDays, farmToday, startOfFarmDay } from "#domain/rules/dates.ts";
import { gstWithin } from "#domain/rules/ledger.ts";
import { priceStay } from "#domain/rules/pricing.ts";
import { type Rates, stayLines } from "#domain/rules/rates.ts";
import { bookingReference } from "#domain/rules/reference.ts";
import type { BookingStatus } from "#domain/rules/statuses.ts";
import type { Database } from "./client";
import { theRow } from "./rows";
import {
  bookings,
  campsiteExtras,
  campsiteSeasons,
  campsites,
  campsiteUnits,
  discountCodes,
  ledgerEntries,
  payments,
  prepaidCards,
  siteEvents,
} from "./schema";

export const demoCampsites = [
  {
    name: "Unpowered Bush Camp",
    location: "Top paddock, under the ironbarks",
    description:
      "Roomy unpowered sites on flat grass with shade, a fire ring at every site and room for a tent, trailer or camper.",
    pricePerNightCents: 4500,
    capacity: 6,
    quantity: 6,
    christmasPriceCents: 6000,
    weekendPriceCents: null,
    amenities: ["dog friendly", "firewood", "parking", "fire ring"],
    images: ["/images/campsites/bush-camp.svg"],
  },
  {
    name: "Powered Caravan Site",
    location: "Beside the machinery shed",
    description:
      "Level drive-through sites with a 15 amp outlet, close to the WiFi near the main facilities. Suits caravans and big rigs.",
    pricePerNightCents: 6500,
    capacity: 6,
    quantity: 4,
    christmasPriceCents: 8500,
    weekendPriceCents: 7500,
    amenities: ["power", "wifi", "dog friendly", "parking", "firewood"],
    images: ["/images/campsites/powered-site.svg"],
  },
  {
    name: "Creekside Camp",
    location: "On the bank of Rocky Creek",
    description:
      "Wake up to the creek: sites a short walk from the water for fishing and paddling, with a sandy bank for the kids.",
    pricePerNightCents: 5500,
    capacity: 8,
    quantity: 3,
    christmasPriceCents: 7500,
    weekendPriceCents: null,
    amenities: ["creek access", "dog friendly", "firewood", "fishing", "parking"],
    images: ["/images/campsites/creekside.svg"],
  },
] as const;

/** Every demo site is dog friendly: $10 per dog per night, two dogs at most. */
const demoDogs = { petFeeCents: 1000, maxDogs: 2 };

const demoExtras = [
  { name: "Extra vehicle", priceCents: 1000, per: "night", maxQuantity: 2 },
  { name: "Late checkout", priceCents: 2500, per: "stay", maxQuantity: 1 },
] as const;

/**
 * The Christmas school holidays, 20 December to 26 January, of the season
 * under way or next, and of the year after: a higher price and 3 nights at least.
 */
export function christmasHolidays(today: string): { startDate: string; endDate: string }[] {
  const year = Number(today.slice(0, 4));
  const first = today <= `${year}-01-26` ? year - 1 : year;
  return [first, first + 1].map((y) => ({ startDate: `${y}-12-20`, endDate: `${y + 1}-01-26` }));
}

/** Demo prepaid cards: numbers in the real format, easy to type while trying the site. */
export const demoPrepaidCards = [
  { cardNumber: "PC00000001DEMO", balanceCents: 5000, issuedTo: "Demo gift card" },
  { cardNumber: "PC00000002DEMO", balanceCents: 10000, issuedTo: "Christmas raffle" },
  { cardNumber: "PC00000003DEMO", balanceCents: 2500, issuedTo: null },
];

const guests = [
  ["Sarah", "Mitchell"],
  ["Tom", "Nguyen"],
  ["Priya", "Sharma"],
  ["Jack", "O'Brien"],
  ["Emma", "Walsh"],
  ["Liam", "Kowalski"],
  ["Olivia", "Tran"],
  ["Noah", "Fitzgerald"],
  ["Mia", "Henderson"],
  ["Lucas", "Papadopoulos"],
] as const;

// [campsite index, unit index, days from today, nights, status]
const demoStays: [number, number, number, number, BookingStatus][] = [
  [0, 0, 1, 2, "paid"],
  [0, 1, 3, 3, "confirmed"],
  [1, 0, 2, 2, "paid"],
  [1, 1, 5, 4, "paid"],
  [2, 0, 4, 2, "confirmed"],
  [2, 1, 9, 3, "paid"],
  [0, 2, 12, 2, "paid"],
  [1, 2, 16, 3, "paid"],
  [2, 2, 20, 2, "cancelled"],
  [0, 3, 24, 4, "paid"],
  [1, 0, -6, 3, "paid"],
  [2, 0, -3, 2, "expired"],
];

/** Seeds the demo data when the database has no campsites; returns whether it did. */
/** A few events over the coming months, so the events page and the home page show some. */
export const demoEvents = (today: string) => [
  {
    title: "Stargazing Night",
    startsOn: addDays(today, 12),
    endsOn: addDays(today, 12),
    time: "8pm to 10pm",
    description:
      "Bring a blanket and join us in the top paddock to find the Southern Cross, the planets and the Milky Way with a local astronomy club.",
  },
  {
    title: "Creek Fun for Kids",
    startsOn: addDays(today, 20),
    endsOn: addDays(today, 48),
    time: "Every Saturday, 9am to 11am",
    description:
      "Guided creek walks, yabby hunting and bug spotting for kids staying at the campsites.",
  },
  {
    title: "Farm Open Day",
    startsOn: addDays(today, 90),
    endsOn: addDays(today, 90),
    time: "10am to 3pm",
    description:
      "Meet the Brangus herd, watch the working dogs, and learn how we care for the land and the creek.",
  },
];

export async function seedIfEmpty(db: Database, now: Date = new Date()): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(campsites);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemoData(db, now);
  return true;
}

export async function seedDemoData(db: Database, now: Date = new Date()): Promise<void> {
  const today = farmToday(now);
  await db.transaction(async (tx) => {
    await tx.insert(siteEvents).values(demoEvents(today));
    const sites = [];
    for (const { christmasPriceCents, ...site } of demoCampsites) {
      const created = theRow(
        await tx
          .insert(campsites)
          .values({
            ...site,
            ...demoDogs,
            amenities: [...site.amenities],
            images: [...site.images],
          })
          .returning(),
        "the demo campsite",
      );
      const units = await tx
        .insert(campsiteUnits)
        .values(
          Array.from({ length: site.quantity }, (_, i) => ({
            campsiteId: created.id,
            name: `Site ${i + 1}`,
          })),
        )
        .returning();
      const seasons = christmasHolidays(today).map((dates) => ({
        ...dates,
        campsiteId: created.id,
        name: "Christmas school holidays",
        nightPriceCents: christmasPriceCents,
        weekendPriceCents: null,
        minimumNights: 3,
      }));
      await tx.insert(campsiteSeasons).values(seasons);
      const extras = await tx
        .insert(campsiteExtras)
        .values(demoExtras.map((extra) => ({ ...extra, campsiteId: created.id })))
        .returning();
      const rates: Rates = {
        nightPriceCents: created.pricePerNightCents,
        weekendPriceCents: created.weekendPriceCents,
        baseOccupancy: null,
        extraGuestFeeCents: 0,
        longWeekendMinimumNights: null,
        ...demoDogs,
        seasons,
        extras: extras.map((e) => ({ ...e })),
      };
      sites.push({ campsite: created, units, rates });
    }

    await tx.insert(discountCodes).values([
      {
        code: "WELCOME10",
        description: "10% off your first stay",
        discountType: "percentage",
        discountValue: 10,
        validFrom: addDays(today, -30),
      },
      {
        code: "CREEK20",
        description: "$20 off stays of $100 or more",
        discountType: "fixed_amount",
        discountValue: 2000,
        minimumAmountCents: 10000,
        validFrom: addDays(today, -30),
        validUntil: addDays(today, 180),
      },
      {
        code: "EARLYBIRD",
        description: "15% off, first 20 bookings",
        discountType: "percentage",
        discountValue: 15,
        usageLimit: 20,
        usedCount: 3,
        validFrom: addDays(today, -10),
        validUntil: addDays(today, 60),
      },
      {
        code: "WINTER5",
        description: "Last winter's promotion",
        discountType: "percentage",
        discountValue: 5,
        validFrom: addDays(today, -200),
        validUntil: addDays(today, -100),
        isActive: false,
      },
    ]);

    await tx
      .insert(prepaidCards)
      .values(demoPrepaidCards.map((c) => ({ ...c, originalBalanceCents: c.balanceCents })));

    for (const [i, [siteIndex, unitIndex, offset, nights, status]] of demoStays.entries()) {
      const site = sites[siteIndex];
      const guest = guests[i % guests.length];
      const unit = site?.units[unitIndex];
      if (!site || !guest || !unit) throw new Error(`demo stay ${i} names a missing site or guest`);
      const { campsite } = site;
      const [first, last] = guest;
      const checkIn = addDays(today, offset);
      const checkOut = addDays(checkIn, nights);
      const numberOfGuests = 2 + (i % 3);
      const stay = {
        checkIn,
        checkOut,
        guests: numberOfGuests,
        dogs: i % 4 === 1 ? 1 : 0,
        extras: [],
      };
      const quote = priceStay({
        ...stay,
        lines: stayLines(site.rates, stay, { longWeekendNights: new Set(), minimumNightStay: 1 }),
        gstRegistered: true,
      });
      const total = quote.subtotalCents;
      // Booked a day and a half apart, and every stay at least a week before its check-in:
      // a past stay booked after it began showed a lead time of minus three days in Reports.
      const createdAt = new Date(
        Math.min(
          now.getTime() - (demoStays.length - i) * 36 * 3600 * 1000,
          startOfFarmDay(addDays(checkIn, -7)).getTime(),
        ),
      );
      const booking = theRow(
        await tx
          .insert(bookings)
          .values({
            bookingReference: bookingReference(createdAt.getTime(), i),
            guestFirstName: first,
            guestLastName: last,
            guestEmail: `${first.toLowerCase()}.${last.toLowerCase().replace(/\W/g, "")}@example.com`,
            guestPhone: i % 3 === 0 ? null : `0400 000 ${String(100 + i)}`,
            numberOfGuests,
            numberOfDogs: stay.dogs,
            guestToken: randomBytes(24).toString("base64url"),
            priceLines: quote.lines,
            gstAmountCents: quote.gstAmountCents,
            campsiteId: campsite.id,
            campsiteUnitId: unit.id,
            checkInDate: checkIn,
            checkOutDate: checkOut,
            status,
            totalAmountCents: total,
            finalAmountCents: total,
            createdAt,
          })
          .returning(),
        "the demo booking",
      );
      // A confirmed booking was paid first: every booking the farm holds money for has its payment.
      if (status === "paid" || status === "confirmed") {
        const [payment] = await tx
          .insert(payments)
          .values({
            bookingId: booking.id,
            provider: "test",
            stripeSessionId: `test_cs_demo_${i}`,
            stripePaymentIntentId: `test_pi_demo_${i}`,
            guestEmail: booking.guestEmail,
            amountCents: total,
            currency: "aud",
            status: "succeeded",
            createdAt,
          })
          .returning({ id: payments.id });
        // Its ledger entry, as the checkout would have written it (services/ledger.ts).
        await tx.insert(ledgerEntries).values({
          bookingId: booking.id,
          paymentId: payment?.id,
          kind: "payment",
          method: "card",
          cause: "sale",
          amountCents: total,
          gstCents: gstWithin(total, true),
          farmDay: farmToday(createdAt),
          occurredAt: createdAt,
        });
      }
    }
  });
}
