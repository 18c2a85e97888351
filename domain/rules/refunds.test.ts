import { describe, expect, it } from "vitest";
import { recordedRefund, refundableCents, refundEndsBooking } from "./refunds";

const payment = { amountCents: 13000, capturedAmountCents: 13000, refundedAmountCents: 0 };

describe("what is left to refund", () => {
  it("counts from what was captured, or the amount when the provider did not say", () => {
    expect(refundableCents({ ...payment, capturedAmountCents: 12000 })).toBe(12000);
    expect(
      refundableCents({ ...payment, capturedAmountCents: null, refundedAmountCents: 3000 }),
    ).toBe(10000);
    expect(refundableCents({ ...payment, refundedAmountCents: 13000 })).toBe(0);
  });
});

describe("a refund the provider reports", () => {
  it("takes the provider's total instead of adding to ours", () => {
    expect(recordedRefund({ ...payment, refundedAmountCents: 4000 }, 4000)).toEqual({
      refundedAmountCents: 4000,
      full: false,
    });
    expect(recordedRefund({ ...payment, refundedAmountCents: 4000 }, 13000)).toEqual({
      refundedAmountCents: 13000,
      full: true,
    });
  });
  it("never goes down, and never passes the amount", () => {
    expect(
      recordedRefund({ ...payment, refundedAmountCents: 6000 }, 2000).refundedAmountCents,
    ).toBe(6000);
    expect(recordedRefund({ ...payment, capturedAmountCents: 15000 }, 15000)).toEqual({
      refundedAmountCents: 13000,
      full: true,
    });
  });
  it("is full when the provider says so", () => {
    expect(recordedRefund(payment, 100, true).full).toBe(true);
  });
});

describe("whether a full refund at the provider ends the booking", () => {
  it("ends a paid or confirmed booking no other payment holds", () => {
    expect(refundEndsBooking({ status: "paid" }, true, [])).toBe(true);
    expect(refundEndsBooking({ status: "paid" }, true, [{ status: "canceled" }])).toBe(true);
    expect(refundEndsBooking({ status: "confirmed" }, true, [])).toBe(true);
  });
  it("leaves a booking another payment still pays for, a partial refund, and an ended booking", () => {
    expect(refundEndsBooking({ status: "paid" }, true, [{ status: "succeeded" }])).toBe(false);
    expect(refundEndsBooking({ status: "paid" }, false, [])).toBe(false);
    expect(refundEndsBooking({ status: "cancelled" }, true, [])).toBe(false);
    expect(refundEndsBooking({ status: "expired" }, true, [])).toBe(false);
  });
});
