import { describe, expect, it } from "vitest";
import { formatLongDay } from "#domain/format/long-day.ts";
import { type CancelOptions, cancelOptions } from "./cancellation";
import {
  type CancellationPolicy,
  fullRefundDeadline,
  guestCancellation,
  NON_REFUNDABLE,
  NOT_CANCELLABLE_BY_GUEST,
  policyWords,
  refundPercent,
  refundStatement,
  refundWords,
  STAY_STARTED,
} from "./cancellation-policy";

const weekNotice: CancellationPolicy = {
  refunds: "by-notice",
  fullRefundDays: 7,
  lateRefundPercent: 0,
};
const halfLate: CancellationPolicy = { ...weekNotice, lateRefundPercent: 50 };
const noRefunds: CancellationPolicy = { ...weekNotice, refunds: "none" };

const checkIn = "2026-12-18";
const paid = { status: "paid" as const, checkInDate: checkIn };
const card = { prepaidCredit: null, discountCode: null };
const createdAt = new Date("2026-11-20T00:00:00Z");

/** A paid booking's options: $200 left on its card payment, and $25 of prepaid credit when asked. */
function paidOptions({ credit = 0, code = false } = {}): CancelOptions {
  return cancelOptions(
    "paid",
    [{ id: "pay-1", status: "succeeded", createdAt, amountCents: 20000, refundedAmountCents: 0 }],
    {
      prepaidCredit: credit
        ? { cents: credit, cardNumber: "PC12345678ABCD", cardActive: true }
        : null,
      discountCode: code ? "WELCOME10" : null,
    },
  );
}

const allowed = (c: ReturnType<typeof guestCancellation>) => {
  if (!c.allowed) throw new Error(`expected a cancellation, got: ${c.reason}`);
  return c;
};

describe("the days written out", () => {
  it("names the weekday and the month in full", () => {
    expect(formatLongDay("2026-12-18")).toBe("Friday 18 December 2026");
    expect(formatLongDay("2027-01-03")).toBe("Sunday 3 January 2027");
  });
});

describe("the cancellation policy", () => {
  it("gives the full refund up to and including N days before arrival", () => {
    expect(fullRefundDeadline(checkIn, weekNotice)).toBe("2026-12-11");
    expect(refundPercent(checkIn, weekNotice, "2026-12-01")).toBe(100);
    expect(refundPercent(checkIn, weekNotice, "2026-12-11")).toBe(100);
    expect(refundPercent(checkIn, weekNotice, "2026-12-12")).toBe(0);
    expect(refundPercent(checkIn, halfLate, "2026-12-17")).toBe(50);
  });

  it("never refunds under 'no refunds'", () => {
    expect(fullRefundDeadline(checkIn, noRefunds)).toBeNull();
    expect(refundPercent(checkIn, noRefunds, "2026-01-01")).toBe(0);
  });

  it("says itself in plain words, each day with its weekday", () => {
    const early = "2026-11-28";
    expect(policyWords(checkIn, weekNotice, early)).toBe(
      "Full refund if you cancel by Friday 11 December 2026; no refund after that.",
    );
    expect(policyWords(checkIn, halfLate, early)).toBe(
      "Full refund if you cancel by Friday 11 December 2026; 50% refund if you cancel by Thursday 17 December 2026; no refund after that.",
    );
    expect(policyWords(checkIn, noRefunds, early)).toBe(NON_REFUNDABLE);
  });

  it("leaves out a deadline already past, and says when nothing can be refunded any more", () => {
    const insideTheWeek = "2026-12-14";
    expect(policyWords(checkIn, halfLate, insideTheWeek)).toBe(
      "50% refund if you cancel by Thursday 17 December 2026; no refund after that.",
    );
    expect(policyWords(checkIn, weekNotice, insideTheWeek)).toBe(NON_REFUNDABLE);
    expect(policyWords(checkIn, halfLate, checkIn)).toBe(NON_REFUNDABLE);
    // On the deadline itself the full refund still stands.
    expect(policyWords(checkIn, weekNotice, "2026-12-11")).toBe(
      "Full refund if you cancel by Friday 11 December 2026; no refund after that.",
    );
  });
});

describe("what a camper gets back for cancelling", () => {
  it("is everything, card and credit, in time; and the code's use goes back", () => {
    const c = allowed(
      guestCancellation(paid, paidOptions({ credit: 2500, code: true }), weekNotice, "2026-12-11"),
    );
    expect(c).toMatchObject({
      percent: 100,
      cardCents: 20000,
      creditCents: 2500,
      refund: { kind: "full" },
    });
    expect(c.plan).toEqual({
      cardRefunds: [{ paymentId: "pay-1", cents: 20000 }],
      prepaidCreditCents: 2500,
      returnsCodeUse: true,
    });
    expect(refundStatement(c)).toBe(
      "If you cancel now, you get a full refund: $200.00 back to your card and $25.00 back on your prepaid card.",
    );
  });

  it("is the late share of both, in the same proportion", () => {
    const c = allowed(
      guestCancellation(paid, paidOptions({ credit: 2501 }), halfLate, "2026-12-15"),
    );
    expect(c).toMatchObject({ percent: 50, cardCents: 10000, creditCents: 1251 });
    expect(c.refund).toEqual({ kind: "partial", amountCents: 10000 });
    expect(refundStatement(c)).toBe(
      "If you cancel now, you get a 50% refund: $100.00 back to your card and $12.51 back on your prepaid card.",
    );
  });

  it("is nothing late without a late share, or ever under 'no refunds'", () => {
    for (const [policy, today] of [
      [weekNotice, "2026-12-12"],
      [noRefunds, "2026-06-01"],
    ] as const) {
      const c = allowed(guestCancellation(paid, paidOptions({ credit: 2500 }), policy, today));
      expect(c.plan).toEqual({ cardRefunds: [], prepaidCreditCents: 0, returnsCodeUse: false });
      expect(c.refund).toEqual({ kind: "none" });
      expect(refundStatement(c)).toBe("If you cancel now, you get no refund.");
    }
  });

  it("returns only what is left of a payment the farm already refunded in part", () => {
    const can = cancelOptions(
      "paid",
      [
        {
          id: "pay-1",
          status: "succeeded",
          createdAt,
          amountCents: 20000,
          refundedAmountCents: 5000,
        },
      ],
      card,
    );
    expect(allowed(guestCancellation(paid, can, weekNotice, "2026-12-01")).cardCents).toBe(15000);
  });

  it("returns the credit of a stay confirmed without a card payment", () => {
    const can = cancelOptions("confirmed", [], {
      prepaidCredit: { cents: 9000, cardNumber: "PC12345678ABCD", cardActive: true },
      discountCode: null,
    });
    const c = allowed(
      guestCancellation(
        { status: "confirmed", checkInDate: checkIn },
        can,
        weekNotice,
        "2026-12-01",
      ),
    );
    expect(c.plan).toEqual({ cardRefunds: [], prepaidCreditCents: 9000, returnsCodeUse: false });
  });

  it("says so when a stay covered by a code took nothing to give back", () => {
    const can = cancelOptions("confirmed", [], { prepaidCredit: null, discountCode: "FREE" });
    const c = allowed(
      guestCancellation(
        { status: "confirmed", checkInDate: checkIn },
        can,
        weekNotice,
        "2026-12-01",
      ),
    );
    expect(c.plan).toEqual({ cardRefunds: [], prepaidCreditCents: 0, returnsCodeUse: true });
    expect(refundStatement(c)).toBe(
      "Nothing was paid for this booking, so there is nothing to refund.",
    );
  });

  it("refuses a stay that has started, from its check-in day", () => {
    for (const today of [checkIn, "2026-12-19"])
      expect(guestCancellation(paid, paidOptions(), weekNotice, today)).toEqual({
        allowed: false,
        reason: STAY_STARTED,
      });
  });

  it("refuses a booking that is no longer paid or confirmed", () => {
    for (const status of ["cancelled", "refunded", "pending", "expired"] as const)
      expect(
        guestCancellation(
          { status, checkInDate: checkIn },
          cancelOptions(status, [], card),
          weekNotice,
          "2026-12-01",
        ),
      ).toEqual({ allowed: false, reason: NOT_CANCELLABLE_BY_GUEST });
  });
});

describe("money going back, in the camper's words", () => {
  it("says what goes to the card and what the farm gives back by hand", () => {
    expect(refundWords(8000, 3000)).toEqual([
      "$50.00 back to your card",
      "$30.00 you paid at the farm, given back by the farm",
    ]);
    expect(refundWords(5000, 0).filter(Boolean)).toEqual(["$50.00 back to your card"]);
  });
});
