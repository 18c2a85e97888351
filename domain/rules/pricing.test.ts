import { describe, expect, it } from "vitest";
import {
  DISCOUNT_ERRORS,
  type DiscountRule,
  discountAmount,
  discountProblem,
  PREPAID_ERRORS,
  prepaidCredit,
  prepaidProblem,
  priceStay,
} from "./pricing";
import type { PriceLine } from "./rates";

const code = (overrides: Partial<DiscountRule> = {}): DiscountRule => ({
  discountType: "percentage",
  discountValue: 10,
  minimumAmountCents: 0,
  usageLimit: null,
  usedCount: 0,
  validFrom: "2027-01-01",
  validUntil: "2027-03-31",
  isActive: true,
  ...overrides,
});

const nights = (count: number, priceCents: number): PriceLine[] => [
  { kind: "nights", description: `${count} nights`, amountCents: count * priceCents },
];

describe("the price of a stay", () => {
  it("adds up its lines, and includes GST of one eleventh", () => {
    expect(
      priceStay({
        checkIn: "2027-01-30",
        checkOut: "2027-02-02",
        lines: nights(3, 4500),
        gstRegistered: true,
      }),
    ).toEqual({
      nights: 3,
      lines: nights(3, 4500),
      subtotalCents: 13500,
      discountableCents: 13500,
      discountAmountCents: 0,
      prepaidAmountCents: 0,
      finalAmountCents: 13500,
      gstAmountCents: 1227,
    });
  });

  it("includes no GST when the farm is not registered for it", () => {
    const quote = priceStay({
      checkIn: "2027-01-30",
      checkOut: "2027-02-02",
      lines: nights(3, 4500),
      gstRegistered: false,
    });
    expect(quote.gstAmountCents).toBe(0);
  });

  it("takes the discount, then prepaid credit capped at what is left; GST is on the price after the discount", () => {
    const quote = priceStay({
      checkIn: "2027-01-10",
      checkOut: "2027-01-12",
      lines: nights(2, 5000),
      gstRegistered: true,
      discount: { discountType: "fixed_amount", discountValue: 2000 },
      prepaidBalanceCents: 50000,
    });
    expect(quote).toMatchObject({
      subtotalCents: 10000,
      discountAmountCents: 2000,
      prepaidAmountCents: 8000,
      finalAmountCents: 0,
      gstAmountCents: 727,
    });
  });

  it("applies the code to the nights and fees, not to the extras", () => {
    const quote = priceStay({
      checkIn: "2027-01-10",
      checkOut: "2027-01-12",
      lines: [
        ...nights(2, 5000),
        { kind: "dogs", description: "1 dog", amountCents: 2000 },
        { kind: "extra", description: "Late checkout", amountCents: 2500 },
      ],
      gstRegistered: true,
      discount: { discountType: "percentage", discountValue: 50 },
    });
    expect(quote).toMatchObject({
      subtotalCents: 14500,
      discountableCents: 12000,
      discountAmountCents: 6000,
      finalAmountCents: 8500,
    });
  });

  it("leaves the rest to the card when the credit is smaller", () => {
    const quote = priceStay({
      checkIn: "2027-01-10",
      checkOut: "2027-01-12",
      lines: nights(2, 5000),
      gstRegistered: true,
      discount: { discountType: "percentage", discountValue: 15 },
      prepaidBalanceCents: 2500,
    });
    expect(quote).toMatchObject({
      discountAmountCents: 1500,
      prepaidAmountCents: 2500,
      finalAmountCents: 6000,
    });
  });
});

describe("discounts", () => {
  it("round percentages to the cent and never exceed the subtotal", () => {
    expect(discountAmount({ discountType: "percentage", discountValue: 15 }, 4550)).toBe(683);
    expect(discountAmount({ discountType: "percentage", discountValue: 100 }, 4550)).toBe(4550);
    expect(discountAmount({ discountType: "fixed_amount", discountValue: 9000 }, 4550)).toBe(4550);
  });

  it("apply only while active, within the validity window, under the usage limit and above the minimum", () => {
    expect(discountProblem(code(), 10000, "2027-02-01")).toBeUndefined();
    expect(discountProblem(undefined, 10000, "2027-02-01")).toBe(DISCOUNT_ERRORS.unknown);
    expect(discountProblem(code({ isActive: false }), 10000, "2027-02-01")).toBe(
      DISCOUNT_ERRORS.unknown,
    );
    expect(discountProblem(code(), 10000, "2026-12-31")).toBe(DISCOUNT_ERRORS.notYetValid);
    expect(discountProblem(code(), 10000, "2027-03-31")).toBeUndefined();
    expect(discountProblem(code(), 10000, "2027-04-01")).toBe(DISCOUNT_ERRORS.expired);
    expect(discountProblem(code({ validUntil: null }), 10000, "2099-01-01")).toBeUndefined();
    expect(discountProblem(code({ usageLimit: 3, usedCount: 3 }), 10000, "2027-02-01")).toBe(
      DISCOUNT_ERRORS.usedUp,
    );
    expect(
      discountProblem(code({ usageLimit: 3, usedCount: 2 }), 10000, "2027-02-01"),
    ).toBeUndefined();
    expect(discountProblem(code({ minimumAmountCents: 10000 }), 9999, "2027-02-01")).toBe(
      "This discount code needs a booking of at least $100.00",
    );
  });
});

describe("prepaid cards", () => {
  it("credit the balance capped at subtotal - discount, never below 0", () => {
    expect(prepaidCredit(5000, 10000, 2000)).toBe(5000);
    expect(prepaidCredit(9000, 10000, 2000)).toBe(8000);
    expect(prepaidCredit(9000, 1000, 2000)).toBe(0);
    expect(prepaidCredit(0, 10000, 0)).toBe(0);
  });

  it("must be active, not expired and hold a balance", () => {
    const today = "2027-03-01";
    expect(prepaidProblem({ isActive: true, balanceCents: 1 }, today)).toBeUndefined();
    expect(prepaidProblem(undefined, today)).toBe(PREPAID_ERRORS.unknown);
    expect(prepaidProblem({ isActive: false, balanceCents: 100 }, today)).toBe(
      PREPAID_ERRORS.unknown,
    );
    expect(prepaidProblem({ isActive: true, balanceCents: 0 }, today)).toBe(PREPAID_ERRORS.empty);
    // A voucher is good to the end of its last day.
    const voucher = { isActive: true, balanceCents: 100, expiresOn: today };
    expect(prepaidProblem(voucher, today)).toBeUndefined();
    expect(prepaidProblem(voucher, "2027-03-02")).toBe(PREPAID_ERRORS.expired);
  });
});
