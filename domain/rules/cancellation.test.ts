import { describe, expect, it } from "vitest";
import {
  type Cancellable,
  type CancellableBooking,
  cancelOptions,
  cancelReturns,
  NO_CARD_PAYMENT,
  NOTHING_TO_REFUND,
  planReturns,
  REFUND_AMOUNT_NEEDED,
} from "./cancellation";

const booking = (over: Partial<CancellableBooking> = {}): CancellableBooking => ({
  status: "paid",
  prepaidCardId: null,
  prepaidCardNumber: null,
  prepaidCardActive: null,
  discountCodeId: null,
  discountCode: null,
  ...over,
});
const card = {
  prepaidCardId: "card-1",
  prepaidCardNumber: "PC00000001DEMO",
  prepaidCardActive: true,
};
const payment = {
  id: "pay-1",
  status: "succeeded",
  createdAt: new Date("2026-11-01T00:00:00Z"),
  amountCents: 9000,
  refundedAmountCents: 1000,
};

describe("what a cancellation gives back", () => {
  it("returns only the credit the card's ledger still holds for the booking", () => {
    const returns = cancelReturns(booking(card), [
      { prepaidCardId: "card-1", transactionType: "debit", amountCents: 2500 },
      { prepaidCardId: "card-1", transactionType: "credit", amountCents: 500 },
      { prepaidCardId: "card-2", transactionType: "debit", amountCents: 9999 },
    ]);
    expect(returns.prepaidCredit).toEqual({
      cents: 2000,
      cardNumber: "PC00000001DEMO",
      cardActive: true,
    });
  });

  it("returns no credit once it has all gone back", () => {
    const returns = cancelReturns(booking(card), [
      { prepaidCardId: "card-1", transactionType: "debit", amountCents: 2500 },
      { prepaidCardId: "card-1", transactionType: "credit", amountCents: 2500 },
    ]);
    expect(returns.prepaidCredit).toBeNull();
  });

  it("gives the code's use back only for bookings that counted it (paid or confirmed)", () => {
    const withCode = { discountCodeId: "code-1", discountCode: "WELCOME10" };
    expect(cancelReturns(booking({ ...withCode, status: "paid" }), []).discountCode).toBe(
      "WELCOME10",
    );
    expect(cancelReturns(booking({ ...withCode, status: "confirmed" }), []).discountCode).toBe(
      "WELCOME10",
    );
    expect(cancelReturns(booking({ ...withCode, status: "pending" }), []).discountCode).toBeNull();
  });
});

describe("which bookings may be cancelled (spec 4, amendment 3)", () => {
  const none = { prepaidCredit: null, discountCode: null };

  it("refuses expired, refunded and cancelled bookings", () => {
    for (const status of ["expired", "refunded", "cancelled"] as const)
      expect(cancelOptions(status, [payment], none)).toEqual({ allowed: false });
  });

  it("offers a refund of what is left of a paid booking's card payment", () => {
    expect(cancelOptions("paid", [payment], none)).toEqual({
      allowed: true,
      refundable: true,
      payments: [{ id: "pay-1", refundableCents: 8000 }],
      refundableCents: 8000,
      ...none,
    });
  });

  it("counts every payment that holds money, newest first, not the zero one that confirmed a prepaid stay", () => {
    const prepaidZero = { ...payment, id: "zero", amountCents: 0, refundedAmountCents: 0 };
    const difference = {
      ...payment,
      id: "difference",
      createdAt: new Date("2026-11-05T00:00:00Z"),
      amountCents: 5000,
      refundedAmountCents: 0,
    };
    const replaced = { ...payment, id: "replaced", refundOwedAt: new Date("2026-11-05T00:00:00Z") };
    expect(cancelOptions("paid", [prepaidZero, replaced, payment, difference], none)).toEqual({
      allowed: true,
      refundable: true,
      payments: [
        { id: "difference", refundableCents: 5000 },
        { id: "pay-1", refundableCents: 8000 },
      ],
      refundableCents: 13000,
      ...none,
    });
  });

  it("offers no refund choice for a pending booking without credit", () => {
    expect(cancelOptions("pending", [], none)).toEqual({
      allowed: true,
      refundable: false,
      ...none,
    });
  });

  it("offers the choice to a booking covered by prepaid credit alone", () => {
    const credit = { cents: 3000, cardNumber: "PC00000001DEMO", cardActive: true };
    expect(cancelOptions("confirmed", [], { prepaidCredit: credit, discountCode: null })).toEqual({
      allowed: true,
      refundable: true,
      payments: [],
      refundableCents: 0,
      prepaidCredit: credit,
      discountCode: null,
    });
  });
});

describe("the refund choice (decision 0009)", () => {
  const credit = { cents: 3000, cardNumber: "PC00000001DEMO", cardActive: true };
  const paidWithCredit: Cancellable = {
    allowed: true,
    refundable: true,
    payments: [{ id: "pay-1", refundableCents: 8000 }],
    refundableCents: 8000,
    prepaidCredit: credit,
    discountCode: "WELCOME10",
  };

  it("full: what is left of the card payment and the prepaid credit, and the code's use", () => {
    expect(planReturns(paidWithCredit, { kind: "full" })).toEqual({
      cardRefunds: [{ paymentId: "pay-1", cents: 8000 }],
      prepaidCreditCents: 3000,
      returnsCodeUse: true,
    });
  });

  it("partial: the amount typed, off the card payment only", () => {
    expect(planReturns(paidWithCredit, { kind: "partial", amountCents: 2500 })).toEqual({
      cardRefunds: [{ paymentId: "pay-1", cents: 2500 }],
      prepaidCreditCents: 0,
      returnsCodeUse: true,
    });
  });

  it("none: nothing but the code's use", () => {
    expect(planReturns(paidWithCredit, { kind: "none" })).toEqual({
      cardRefunds: [],
      prepaidCreditCents: 0,
      returnsCodeUse: true,
    });
  });

  it("spreads a refund over the payments, newest first, and refuses more than they hold", () => {
    const twoPayments: Cancellable = {
      ...paidWithCredit,
      payments: [
        { id: "difference", refundableCents: 5000 },
        { id: "pay-1", refundableCents: 8000 },
      ],
      refundableCents: 13000,
    };
    expect(planReturns(twoPayments, { kind: "full" })).toMatchObject({
      cardRefunds: [
        { paymentId: "difference", cents: 5000 },
        { paymentId: "pay-1", cents: 8000 },
      ],
    });
    expect(planReturns(twoPayments, { kind: "partial", amountCents: 6000 })).toMatchObject({
      cardRefunds: [
        { paymentId: "difference", cents: 5000 },
        { paymentId: "pay-1", cents: 1000 },
      ],
    });
    expect(planReturns(twoPayments, { kind: "partial", amountCents: 13001 })).toEqual({
      refused: "The refund can be at most $130.00, what the booking's payments hold.",
      field: "refundAmount",
    });
  });

  it("refuses a partial refund of nothing, naming the field", () => {
    expect(planReturns(paidWithCredit, { kind: "partial", amountCents: 0 })).toEqual({
      refused: REFUND_AMOUNT_NEEDED,
      field: "refundAmount",
    });
  });

  it("refuses a partial refund without a card payment", () => {
    const creditOnly: Cancellable = { ...paidWithCredit, payments: [], refundableCents: 0 };
    expect(planReturns(creditOnly, { kind: "partial", amountCents: 100 })).toEqual({
      refused: NO_CARD_PAYMENT,
    });
  });

  it("refuses a refund when nothing can be refunded", () => {
    const nothing: Cancellable = {
      allowed: true,
      refundable: false,
      prepaidCredit: null,
      discountCode: null,
    };
    expect(planReturns(nothing, { kind: "full" })).toEqual({ refused: NOTHING_TO_REFUND });
  });
});
