import { describe, expect, it } from "vitest";
import { cancellationReturnLines, offersRefund } from "./cancel-returns";

const paidWithCredit = {
  allowed: true as const,
  refundable: true as const,
  payments: [{ id: "payment-1", refundableCents: 6500 }],
  refundableCents: 6500,
  prepaidCredit: { cents: 2500, cardNumber: "PC12345678ABCD", cardActive: true },
  discountCode: "CREEK20",
};

describe("what the cancel dialog says goes back", () => {
  it("a full refund: the card payment, the prepaid credit and the code's use", () => {
    expect(cancellationReturnLines(paidWithCredit, "full")).toEqual([
      "$65.00 goes back to the guest's card.",
      "$25.00 prepaid credit goes back to card PC12345678ABCD.",
      "One use of discount code CREEK20 is given back.",
    ]);
  });

  it("a partial refund or none: the prepaid credit is not returned, the code's use is", () => {
    const kept = [
      "The $25.00 prepaid credit on card PC12345678ABCD is not returned.",
      "One use of discount code CREEK20 is given back.",
    ];
    expect(cancellationReturnLines(paidWithCredit, "partial")).toEqual(kept);
    expect(cancellationReturnLines(paidWithCredit, "none")).toEqual(kept);
  });

  it("a booking paid only with prepaid credit offers its return, to a deactivated card too", () => {
    const creditOnly = {
      ...paidWithCredit,
      payments: [],
      refundableCents: 0,
      prepaidCredit: { cents: 9000, cardNumber: "PC12345678ABCD", cardActive: false },
      discountCode: null,
    };
    expect(offersRefund(creditOnly)).toBe(true);
    expect(cancellationReturnLines(creditOnly, "full")).toEqual([
      "$90.00 prepaid credit goes back to card PC12345678ABCD. The card stays deactivated.",
    ]);
  });

  it("a booking with nothing to return offers no refund and says nothing", () => {
    const pending = {
      allowed: true as const,
      refundable: false as const,
      prepaidCredit: null,
      discountCode: null,
    };
    expect(offersRefund(pending)).toBe(false);
    expect(cancellationReturnLines(pending, "none")).toEqual([]);
  });
});
