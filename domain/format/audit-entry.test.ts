import { describe, expect, it } from "vitest";
import {
  auditChangeLine,
  auditDetailLines,
  auditFieldLabel,
  auditNameKey,
  auditValueText,
} from "./audit-entry";

describe("an audit entry's fields in words", () => {
  it("labels known fields as the forms do, and any other from its camelCase", () => {
    expect(auditFieldLabel("weekendPriceCents")).toBe("Weekend price");
    expect(auditFieldLabel("notifiedGuest")).toBe("Guest emailed");
    expect(auditFieldLabel("someNewFlag")).toBe("Some new flag");
    expect(auditFieldLabel("holdFeeCents")).toBe("Hold fee");
    expect(auditFieldLabel("previous_status_code")).toBe("Previous status code");
  });

  it("shows every amount in cents as dollars, and nothing as none", () => {
    expect(auditValueText("refundedCents", 6500)).toBe("$65.00");
    expect(auditValueText("someFutureFeeCents", 1234)).toBe("$12.34");
    expect(auditValueText("weekendPriceCents", null)).toBe("none");
    expect(auditValueText("issuedTo", "")).toBe("none");
    expect(auditValueText("capacity", 6)).toBe("6");
  });

  it("shows yes or no for a boolean, days and instants in words, lists joined", () => {
    expect(auditValueText("isActive", true)).toBe("yes");
    expect(auditValueText("passwordSet", false)).toBe("no");
    expect(auditValueText("date", "2026-03-14")).toBe("14 Mar 2026");
    expect(auditValueText("dueBy", "2026-03-14T02:05:00.000Z")).toBe("14 Mar 2026, 12:05 pm");
    expect(auditValueText("amenities", ["Fire pit", "Water"])).toBe("Fire pit, Water");
    expect(auditValueText("images", [])).toBe("none");
  });

  it("shows a discount's value as dollars or a percentage by its type", () => {
    expect(auditValueText("discountValue", 1500, { discountType: "fixed_amount" })).toBe("$15.00");
    expect(auditValueText("discountValue", 15, { discountType: "percentage" })).toBe("15%");
    expect(auditValueText("lateCancellationRefundPercent", 50)).toBe("50%");
  });

  it("writes a nested object as label-value pairs, deeper ones in brackets", () => {
    expect(auditValueText("units", { added: 1, reactivated: 0, deactivated: 0 })).toBe(
      "added 1, reactivated 0, deactivated 0",
    );
    expect(auditValueText("money", { kind: "pay", cardCents: 9000, replacedCents: 6000 })).toBe(
      "kind pay, card $90.00, card payment replaced $60.00",
    );
    expect(auditValueText("x", { outer: { inner: true } })).toBe("outer (inner yes)");
  });

  it("writes a change with an arrow, from nothing too", () => {
    expect(auditChangeLine("weekendPriceCents", { from: null, to: 6500 })).toBe(
      "Weekend price: none -> $65.00",
    );
    expect(auditChangeLine("isActive", { from: true, to: false })).toBe("Active: yes -> no");
  });
});

describe("an audit entry's details as lines", () => {
  it("writes a changes map one line per field", () => {
    const lines = auditDetailLines({
      changes: {
        weekendPriceCents: { to: 6500, from: null },
        maxDogs: { from: 2, to: 3 },
      },
    });
    expect(lines).toEqual(["Weekend price: none -> $65.00", "Maximum dogs: 2 -> 3"]);
    expect(auditDetailLines({ changes: {} })).toEqual(["Nothing changed"]);
  });

  it("writes a campsite's edit with its changes and the units it touched", () => {
    const lines = auditDetailLines({
      changes: { pricePerNightCents: { from: 5000, to: 5500 } },
      units: { added: 2, reactivated: 0, deactivated: 0 },
    });
    expect(lines).toEqual([
      "Price per night: $50.00 -> $55.00",
      "Units: added 2, reactivated 0, deactivated 0",
    ]);
  });

  it("writes a before and after as the fields that changed, ids left out", () => {
    const before = {
      id: "5b0c3f52-6f36-4a0b-9f5e-1a2b3c4d5e6f",
      code: "SUMMER",
      discountType: "percentage",
      discountValue: 10,
      minimumAmountCents: 0,
      isActive: true,
    };
    const after = { ...before, discountType: "fixed_amount", discountValue: 1500 };
    delete (after as Partial<typeof after>).id;
    expect(auditDetailLines({ before, after })).toEqual([
      "Discount type: percentage -> fixed amount",
      "Discount: 10% -> $15.00",
    ]);
    expect(auditDetailLines({ before, after: before })).toEqual(["Nothing changed"]);
  });

  it("writes what a deleted row held, without its id", () => {
    const lines = auditDetailLines({
      before: { id: "x", code: "SUMMER", minimumAmountCents: 2000, usageLimit: null },
    });
    expect(lines).toEqual(["Code: SUMMER", "Minimum amount: $20.00", "Usage limit: none"]);
  });

  it("writes a changed stay from its old to its new dates, then the money", () => {
    const lines = auditDetailLines({
      by: "admin",
      from: { checkIn: "2026-03-06", checkOut: "2026-03-08", guests: 2, dogs: 0 },
      to: { checkIn: "2026-03-06", checkOut: "2026-03-09", guests: 2, dogs: 1 },
      money: { kind: "pay", cardCents: 9000, replacedCents: 6000 },
    });
    expect(lines).toEqual([
      "Check-out: 8 Mar 2026 -> 9 Mar 2026",
      "Dogs: 0 -> 1",
      "By: admin",
      "Money: kind pay, card $90.00, card payment replaced $60.00",
    ]);
  });

  it("keeps a plain 'from' or 'to' address as a field", () => {
    expect(auditDetailLines({ from: "guest@example.com" })).toEqual(["From: guest@example.com"]);
  });

  it("writes a cancellation without its reference or ids, money as dollars", () => {
    const lines = auditDetailLines({
      bookingReference: "RCS-7K2P",
      previousStatus: "paid",
      refund: "full",
      refundedCents: 24000,
      prepaidCreditReturnedCents: 0,
      discountCodeUseReturned: true,
      notifiedGuest: false,
      paymentId: "5b0c3f52-6f36-4a0b-9f5e-1a2b3c4d5e6f",
    });
    expect(lines).toEqual([
      "Status before: paid",
      "Refund: full",
      "Refunded: $240.00",
      "Prepaid credit returned: $0.00",
      "Discount code use returned: yes",
      "Guest emailed: no",
    ]);
  });

  it("names a feed's unit, the whole campsite, or a unit since deleted", () => {
    const names = { [auditNameKey("unit", "u1")]: { name: "Site 2" } };
    expect(
      auditDetailLines({ campsiteId: "c1", campsiteUnitId: "u1", name: "Airbnb" }, names),
    ).toEqual(["Unit: Site 2", "Name: Airbnb"]);
    expect(auditDetailLines({ campsiteUnitId: null })).toEqual(["Unit: the whole campsite"]);
    expect(auditDetailLines({ campsiteUnitId: "u9" })).toEqual(["Unit: a unit since deleted"]);
  });

  it("shortens a long text", () => {
    const [line] = auditDetailLines({ description: "x".repeat(300) });
    expect(line).toBe(`Description: ${"x".repeat(120)}…`);
  });
});
