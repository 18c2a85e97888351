import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PriceLine } from "./rates";
import {
  type BookingAmounts,
  changeStatement,
  extrasOf,
  planStayChange,
  STAY_CHANGE_ERRORS,
  stayChangeProblem,
} from "./stay-change";

const nights = (cents: number): PriceLine => ({
  kind: "nights",
  description: "Nights",
  amountCents: cents,
});

/** $300 of nights, a $30 discount, $20 of prepaid credit: $250 by card. */
const booking: BookingAmounts = {
  priceLines: [nights(30000)],
  totalAmountCents: 30000,
  discountAmountCents: 3000,
  prepaidAmountUsedCents: 2000,
  finalAmountCents: 25000,
  gstAmountCents: 2455,
};

const plan = (lines: PriceLine[], discount: number, percent = 100, cardRefundable = 25000) =>
  planStayChange({
    booking,
    newStay: { lines, discountAmountCents: discount },
    cardRefundableCents: cardRefundable,
    percent,
    gstRegistered: true,
  });

describe("planStayChange", () => {
  it("a dearer stay is paid in full by card, keeping the prepaid credit; the old card payment is replaced", () => {
    const { money, amounts } = plan([nights(40000)], 4000);
    expect(money).toEqual({ kind: "pay", cardCents: 34000, replacedCents: 25000 });
    expect(amounts).toMatchObject({
      totalAmountCents: 40000,
      discountAmountCents: 4000,
      prepaidAmountUsedCents: 2000,
      finalAmountCents: 34000,
      gstAmountCents: Math.round(36000 / 11),
    });
  });

  it("the same price moves nothing", () => {
    expect(plan([nights(30000)], 3000).money).toEqual({ kind: "even" });
  });

  it("a cheaper stay refunds the policy's share, card first, and keeps the rest as a line", () => {
    // $100 less; 50% back: $50 to the card, $50 kept.
    const { money, amounts } = plan([nights(20000)], 2000, 50);
    expect(money).toEqual({
      kind: "refund",
      percent: 50,
      cardCents: 4500,
      creditCents: 0,
      keptCents: 4500,
      clearedCents: 0,
    });
    expect(amounts.priceLines.at(-1)).toMatchObject({ kind: "kept", amountCents: 4500 });
    expect(amounts.totalAmountCents).toBe(24500);
    expect(amounts.finalAmountCents).toBe(25000 - 4500);
  });

  it("returns prepaid credit when the card has too little left to refund", () => {
    const { money, amounts } = plan([nights(20000)], 2000, 100, 5000);
    expect(money).toMatchObject({ cardCents: 5000, creditCents: 2000, keptCents: 2000 });
    expect(amounts.prepaidAmountUsedCents).toBe(0);
  });

  it("under no refunds, a shorter stay costs what the longer one did", () => {
    const { money, amounts } = plan([nights(20000)], 2000, 0);
    expect(money).toMatchObject({ kind: "refund", cardCents: 0, creditCents: 0, keptCents: 9000 });
    expect(amounts.finalAmountCents).toBe(booking.finalAmountCents);
    expect(changeStatement(money)).toBe(
      "The changed stay costs less, but under the cancellation policy there is no refund. Under the cancellation policy we keep $90.00 of the difference.",
    );
  });

  it("an earlier kept line merges with a new one", () => {
    const kept: PriceLine = { kind: "kept", description: "Kept", amountCents: 1000 };
    const { amounts } = plan([nights(20000), kept], 2000, 0);
    const keptLines = amounts.priceLines.filter((l) => l.kind === "kept");
    expect(keptLines.map((l) => l.amountCents)).toEqual([1000 + 8000]);
  });

  it("what the camper ends up paying is always the new price plus what was kept", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 100000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 25000 }),
        (newNights, percent, cardRefundable) => {
          const discount = Math.round(newNights / 10);
          const { money, amounts } = plan([nights(newNights)], discount, percent, cardRefundable);
          const due = amounts.totalAmountCents - amounts.discountAmountCents;
          expect(amounts.finalAmountCents + amounts.prepaidAmountUsedCents).toBe(due);
          if (money.kind === "refund") {
            expect(money.cardCents).toBeLessThanOrEqual(cardRefundable);
            expect(money.cardCents + money.creditCents + money.keptCents).toBe(
              27000 - (newNights - discount),
            );
            expect(booking.finalAmountCents - money.cardCents).toBe(amounts.finalAmountCents);
          }
        },
      ),
    );
  });
});

describe("stayChangeProblem", () => {
  const paid = {
    ...booking,
    status: "paid" as const,
    checkInDate: "2026-12-18",
    checkOutDate: "2026-12-20",
    numberOfGuests: 2,
    numberOfDogs: 0,
  };
  const stay = { checkIn: "2026-12-19", checkOut: "2026-12-21", guests: 2, dogs: 0 };

  it("allows a paid stay that has not started", () => {
    expect(stayChangeProblem(paid, stay, "2026-12-17")).toBeUndefined();
  });
  it("inside the policy's notice period, refuses moving the arrival but not the rest", () => {
    expect(stayChangeProblem(paid, stay, "2026-12-15", 50)).toBe(STAY_CHANGE_ERRORS.lateMove);
    const longer = { ...stay, checkIn: paid.checkInDate, checkOut: "2026-12-21" };
    expect(stayChangeProblem(paid, longer, "2026-12-15", 50)).toBeUndefined();
  });
  it("refuses a started stay, an ended booking and the same stay", () => {
    expect(stayChangeProblem(paid, stay, "2026-12-18")).toBe(STAY_CHANGE_ERRORS.started);
    expect(stayChangeProblem({ ...paid, status: "cancelled" }, stay, "2026-12-01")).toBe(
      STAY_CHANGE_ERRORS.closed,
    );
    expect(
      stayChangeProblem(
        paid,
        { ...stay, checkIn: "2026-12-18", checkOut: "2026-12-20" },
        "2026-12-01",
      ),
    ).toBe(STAY_CHANGE_ERRORS.unchanged);
  });
});

it("extrasOf keeps the extras the stay was sold with", () => {
  expect(
    extrasOf([
      nights(100),
      { kind: "extra", description: "Late checkout", amountCents: 500, extraId: "e1", quantity: 2 },
    ]),
  ).toEqual([{ extraId: "e1", quantity: 2 }]);
});

describe("a cheaper stay that still owed money", () => {
  it("clears what was owed first and refunds only what was paid, by the policy", () => {
    const booking = {
      priceLines: [{ kind: "nights" as const, description: "3 nights", amountCents: 15000 }],
      totalAmountCents: 15000,
      discountAmountCents: 0,
      prepaidAmountUsedCents: 0,
      finalAmountCents: 15000,
      gstAmountCents: 0,
    };
    const twoNights = {
      lines: [{ kind: "nights" as const, description: "2 nights", amountCents: 10000 }],
      discountAmountCents: 0,
    };
    const plan = (owedCents: number, percent: number) =>
      planStayChange({
        booking,
        newStay: twoNights,
        cardRefundableCents: 10000,
        percent,
        gstRegistered: false,
        owedCents,
      }).money;
    expect(plan(5000, 100)).toMatchObject({ cardCents: 0, keptCents: 0, clearedCents: 5000 });
    expect(changeStatement(plan(5000, 100))).toBe(
      "The changed stay costs less: you have $50.00 less to pay.",
    );
    expect(plan(2000, 50)).toMatchObject({ cardCents: 1500, keptCents: 1500, clearedCents: 2000 });
    expect(plan(0, 100)).toMatchObject({ cardCents: 5000, clearedCents: 0 });
  });
});
