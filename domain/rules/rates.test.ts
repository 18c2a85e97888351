import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./dates";
import { priceStay } from "./pricing";
import {
  type Extra,
  gstIncluded,
  linesTotal,
  minimumNightsOfStay,
  nightRate,
  type RateCalendar,
  type Rates,
  stayChoiceProblem,
  stayLines,
} from "./rates";

const flat: Rates = {
  nightPriceCents: 4500,
  weekendPriceCents: null,
  baseOccupancy: null,
  extraGuestFeeCents: 0,
  petFeeCents: 0,
  maxDogs: 0,
  longWeekendMinimumNights: null,
  seasons: [],
  extras: [],
};
const calendar: RateCalendar = { longWeekendNights: new Set(), minimumNightStay: 2 };
const christmas = {
  name: "Christmas school holidays",
  startDate: "2026-12-20",
  endDate: "2027-01-26",
  nightPriceCents: 6000,
  weekendPriceCents: null,
  minimumNights: 3,
};
const lateCheckout: Extra = {
  id: "late",
  name: "Late checkout",
  priceCents: 2500,
  per: "stay",
  maxQuantity: 1,
  isActive: true,
};
const extraVehicle: Extra = {
  id: "vehicle",
  name: "Extra vehicle",
  priceCents: 1000,
  per: "night",
  maxQuantity: 2,
  isActive: true,
};
const stay = (
  checkIn: string,
  checkOut: string,
  more: Partial<Parameters<typeof stayLines>[1]> = {},
) => ({
  checkIn,
  checkOut,
  guests: 2,
  dogs: 0,
  extras: [],
  ...more,
});

describe("a night's rate", () => {
  it("is the weekend price on Friday and Saturday nights, the nightly price otherwise", () => {
    const rates = { ...flat, weekendPriceCents: 7500 };
    // 2027-03-05 is a Friday.
    expect(nightRate(rates, "2027-03-04", calendar)).toMatchObject({
      priceCents: 4500,
      rateName: "Standard",
    });
    expect(nightRate(rates, "2027-03-05", calendar)).toMatchObject({
      priceCents: 7500,
      rateName: "Weekend",
    });
    expect(nightRate(rates, "2027-03-06", calendar).priceCents).toBe(7500);
    expect(nightRate(rates, "2027-03-07", calendar).priceCents).toBe(4500);
  });

  it("is the season's inside it, both ends included, with the season's minimum stay", () => {
    const rates = { ...flat, seasons: [christmas] };
    expect(nightRate(rates, "2026-12-19", calendar)).toMatchObject({
      priceCents: 4500,
      minimumNights: 2,
    });
    expect(nightRate(rates, "2026-12-20", calendar)).toMatchObject({
      priceCents: 6000,
      rateName: "Christmas school holidays",
      minimumNights: 3,
    });
    expect(nightRate(rates, "2027-01-26", calendar).priceCents).toBe(6000);
    expect(nightRate(rates, "2027-01-27", calendar).priceCents).toBe(4500);
  });

  it("demands the long-weekend minimum only when the campsite has the rule", () => {
    const longWeekend = { ...calendar, longWeekendNights: new Set(["2027-06-11"]) };
    expect(nightRate(flat, "2027-06-11", longWeekend).minimumNights).toBe(2);
    const rates = { ...flat, longWeekendMinimumNights: 3 };
    expect(nightRate(rates, "2027-06-11", longWeekend).minimumNights).toBe(3);
    expect(nightRate(rates, "2027-06-14", longWeekend).minimumNights).toBe(2);
  });
});

describe("the minimum stay of a stay", () => {
  it("is the longest any of its nights demands", () => {
    const rates = { ...flat, seasons: [christmas] };
    expect(minimumNightsOfStay(rates, "2026-12-17", "2026-12-19", calendar)).toBe(2);
    expect(minimumNightsOfStay(rates, "2026-12-18", "2026-12-21", calendar)).toBe(3);
  });
});

describe("the lines of a stay", () => {
  it("group the nights by price and rate, then the guests above the base, the dogs and the extras", () => {
    const rates: Rates = {
      ...flat,
      seasons: [christmas],
      baseOccupancy: 2,
      extraGuestFeeCents: 1000,
      petFeeCents: 1000,
      maxDogs: 2,
      extras: [lateCheckout, extraVehicle],
    };
    const lines = stayLines(
      rates,
      stay("2026-12-18", "2026-12-22", {
        guests: 3,
        dogs: 1,
        extras: [
          { extraId: "late", quantity: 1 },
          { extraId: "vehicle", quantity: 2 },
        ],
      }),
      calendar,
    );
    expect(lines).toEqual([
      { kind: "nights", description: "2 nights at $45.00 (Standard)", amountCents: 9000 },
      {
        kind: "nights",
        description: "2 nights at $60.00 (Christmas school holidays)",
        amountCents: 12000,
      },
      { kind: "extraGuests", description: "1 extra guest × 4 nights at $10.00", amountCents: 4000 },
      { kind: "dogs", description: "1 dog × 4 nights at $10.00", amountCents: 4000 },
      {
        kind: "extra",
        description: "Late checkout × 1 at $25.00",
        amountCents: 2500,
        extraId: "late",
        quantity: 1,
      },
      {
        kind: "extra",
        description: "Extra vehicle × 2 × 4 nights at $10.00",
        amountCents: 8000,
        extraId: "vehicle",
        quantity: 2,
      },
    ]);
    expect(linesTotal(lines)).toBe(39500);
  });
});

describe("what a stay may carry", () => {
  const rates = {
    ...flat,
    maxDogs: 1,
    extras: [lateCheckout, { ...extraVehicle, isActive: false }],
  };

  it("refuses dogs where none are allowed, or more than allowed", () => {
    expect(stayChoiceProblem(flat, { dogs: 1, extras: [] })).toEqual({
      field: "dogs",
      message: "Dogs are not allowed at this campsite.",
    });
    expect(stayChoiceProblem(rates, { dogs: 2, extras: [] })?.message).toBe(
      "This campsite takes at most 1 dog.",
    );
    expect(stayChoiceProblem(rates, { dogs: 1, extras: [] })).toBeUndefined();
  });

  it("refuses an unknown, inactive or repeated extra, and a quantity above its maximum", () => {
    const refused = (extras: { extraId: string; quantity: number }[]) =>
      stayChoiceProblem(rates, { dogs: 0, extras })?.field;
    expect(refused([{ extraId: "nope", quantity: 1 }])).toBe("extras");
    expect(refused([{ extraId: "vehicle", quantity: 1 }])).toBe("extras");
    expect(
      refused([
        { extraId: "late", quantity: 1 },
        { extraId: "late", quantity: 1 },
      ]),
    ).toBe("extras");
    expect(
      stayChoiceProblem(rates, { dogs: 0, extras: [{ extraId: "late", quantity: 2 }] })?.message,
    ).toBe("At most 1 of 'Late checkout'.");
    expect(refused([{ extraId: "late", quantity: 1 }])).toBeUndefined();
  });
});

// ---- The pricing laws, over generated rates and stays.

const cents = fc.integer({ min: 0, max: 50_000 });
const day2027 = fc.integer({ min: 0, max: 364 }).map((n) => addDays("2027-01-01", n));

const ratesArb: fc.Arbitrary<Rates> = fc
  .record({
    nightPriceCents: cents,
    weekendPriceCents: fc.option(cents, { nil: null }),
    baseOccupancy: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
    extraGuestFeeCents: cents,
    petFeeCents: cents,
    maxDogs: fc.integer({ min: 0, max: 3 }),
    longWeekendMinimumNights: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
    season: fc.option(
      fc.record({
        start: fc.integer({ min: 0, max: 300 }),
        length: fc.integer({ min: 0, max: 60 }),
        nightPriceCents: cents,
        weekendPriceCents: fc.option(cents, { nil: null }),
        minimumNights: fc.integer({ min: 1, max: 5 }),
      }),
      { nil: null },
    ),
    extras: fc.array(
      fc.record({
        priceCents: cents,
        per: fc.constantFrom("stay" as const, "night" as const),
        maxQuantity: fc.integer({ min: 1, max: 3 }),
      }),
      { maxLength: 3 },
    ),
  })
  .map(({ season, extras, ...rates }) => ({
    ...rates,
    seasons: season
      ? [
          {
            name: "Season",
            startDate: addDays("2027-01-01", season.start),
            endDate: addDays("2027-01-01", season.start + season.length),
            nightPriceCents: season.nightPriceCents,
            weekendPriceCents: season.weekendPriceCents,
            minimumNights: season.minimumNights,
          },
        ]
      : [],
    extras: extras.map((e, i) => ({ ...e, id: `extra-${i}`, name: `Extra ${i}`, isActive: true })),
  }));

const stayArb = (rates: Rates) =>
  fc.record({
    checkIn: day2027,
    nights: fc.integer({ min: 1, max: 30 }),
    guests: fc.integer({ min: 1, max: 10 }),
    dogs: fc.integer({ min: 0, max: rates.maxDogs }),
    quantities: fc.array(fc.integer({ min: 0, max: 3 }), {
      minLength: rates.extras.length,
      maxLength: rates.extras.length,
    }),
  });

const rateAndStay = ratesArb.chain((rates) => stayArb(rates).map((s) => ({ rates, s })));

function toStay(
  rates: Rates,
  s: { checkIn: string; nights: number; guests: number; dogs: number; quantities: number[] },
) {
  return {
    checkIn: s.checkIn,
    checkOut: addDays(s.checkIn, s.nights),
    guests: s.guests,
    dogs: s.dogs,
    extras: rates.extras.flatMap((e, i) => {
      const quantity = Math.min(s.quantities[i] ?? 0, e.maxQuantity);
      return quantity > 0 ? [{ extraId: e.id, quantity }] : [];
    }),
  };
}

const discountArb = fc.option(
  fc.oneof(
    fc.record({
      discountType: fc.constant("percentage" as const),
      discountValue: fc.integer({ min: 1, max: 100 }),
    }),
    fc.record({ discountType: fc.constant("fixed_amount" as const), discountValue: cents }),
  ),
  { nil: undefined },
);

describe("the pricing laws", () => {
  it("the lines add up to the total, which never goes below zero, and credit never exceeds what is due", () => {
    fc.assert(
      fc.property(
        rateAndStay,
        discountArb,
        fc.option(cents, { nil: undefined }),
        ({ rates, s }, discount, balance) => {
          const choice = toStay(rates, s);
          expect(stayChoiceProblem(rates, choice)).toBeUndefined();
          const lines = stayLines(rates, choice, calendar);
          const quote = priceStay({
            ...choice,
            lines,
            gstRegistered: true,
            discount,
            prepaidBalanceCents: balance,
          });
          expect(quote.subtotalCents).toBe(lines.reduce((sum, l) => sum + l.amountCents, 0));
          expect(quote.finalAmountCents).toBe(
            quote.subtotalCents - quote.discountAmountCents - quote.prepaidAmountCents,
          );
          expect(quote.finalAmountCents).toBeGreaterThanOrEqual(0);
          expect(quote.prepaidAmountCents).toBeLessThanOrEqual(
            quote.subtotalCents - quote.discountAmountCents,
          );
          expect(quote.prepaidAmountCents).toBeLessThanOrEqual(balance ?? 0);
          expect(quote.gstAmountCents).toBe(
            gstIncluded(quote.subtotalCents - quote.discountAmountCents),
          );
          for (const line of lines) expect(line.amountCents).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it("a longer stay never costs less, before or after a discount", () => {
    fc.assert(
      fc.property(rateAndStay, discountArb, ({ rates, s }, discount) => {
        const shorter = toStay(rates, s);
        const longer = { ...shorter, checkOut: addDays(shorter.checkOut, 1) };
        const price = (stay: typeof shorter) =>
          priceStay({
            ...stay,
            lines: stayLines(rates, stay, calendar),
            gstRegistered: true,
            discount,
          });
        const [a, b] = [price(shorter), price(longer)];
        expect(b.subtotalCents).toBeGreaterThanOrEqual(a.subtotalCents);
        expect(b.subtotalCents - b.discountAmountCents).toBeGreaterThanOrEqual(
          a.subtotalCents - a.discountAmountCents,
        );
      }),
    );
  });

  it("a stay inside one season costs its nights at the season's prices, and demands its minimum", () => {
    fc.assert(
      fc.property(
        ratesArb,
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 10 }),
        (rates, offset, nights) => {
          const season = rates.seasons[0];
          fc.pre(season !== undefined && season.weekendPriceCents === null);
          if (!season) return;
          const checkIn = addDays(season.startDate, offset);
          const checkOut = addDays(checkIn, nights);
          fc.pre(addDays(checkOut, -1) <= season.endDate);
          const lines = stayLines(
            rates,
            { checkIn, checkOut, guests: 1, dogs: 0, extras: [] },
            calendar,
          );
          expect(
            lines.filter((l) => l.kind === "nights").reduce((sum, l) => sum + l.amountCents, 0),
          ).toBe(nights * season.nightPriceCents);
          expect(minimumNightsOfStay(rates, checkIn, checkOut, calendar)).toBeGreaterThanOrEqual(
            season.minimumNights,
          );
        },
      ),
    );
  });
});
