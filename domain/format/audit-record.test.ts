import { describe, expect, it } from "vitest";
import { auditNameKey } from "./audit-entry";
import { auditRecordOf } from "./audit-record";

const CAMPSITE = "11111111-1111-4111-8111-111111111111";
const names = {
  [auditNameKey("campsite", CAMPSITE)]: { name: "Riverside" },
  [auditNameKey("booking", "b1")]: { name: "RCS-7K2P", more: "Jane Smith" },
  [auditNameKey("campsite_season", "s1")]: { name: "Summer" },
  [auditNameKey("discount_code", "d1")]: { name: "SUMMER10" },
  [auditNameKey("prepaid_card", "p1")]: { name: "RCS-AAAA-BBBB" },
  [auditNameKey("user", "u1")]: { name: "Sam Staff", more: "sam@example.com" },
};

describe("the record of an audit entry", () => {
  it("names a booking by its reference and guest, linked to a search for it", () => {
    expect(auditRecordOf({ type: "booking", id: "b1", details: {} }, names)).toEqual({
      text: "Booking RCS-7K2P, Jane Smith",
      href: "/admin/bookings?q=RCS-7K2P",
    });
  });

  it("names a booking gone since by the reference the entry kept, or says it is gone", () => {
    const kept = { bookingReference: "RCS-9Q9Q" };
    expect(auditRecordOf({ type: "booking", id: "b9", details: kept }, names)).toEqual({
      text: "Booking RCS-9Q9Q, since deleted",
      href: "/admin/bookings?q=RCS-9Q9Q",
    });
    expect(auditRecordOf({ type: "booking", id: "b9", details: {} }, names)).toEqual({
      text: "a booking since deleted",
      href: null,
    });
  });

  it("names a campsite and links its rates, or says it was deleted", () => {
    expect(auditRecordOf({ type: "campsite", id: CAMPSITE, details: {} }, names)).toEqual({
      text: "Campsite Riverside",
      href: `/admin/campsites/${CAMPSITE}/rates`,
    });
    expect(auditRecordOf({ type: "campsite", id: "c9", details: {} }, names)).toEqual({
      text: "a campsite since deleted",
      href: null,
    });
  });

  it("names a season with its campsite, and a deleted one by the name it had", () => {
    const details = { campsiteId: CAMPSITE, name: "Summer" };
    expect(auditRecordOf({ type: "campsite_season", id: "s1", details }, names)).toEqual({
      text: "Season Summer (Riverside)",
      href: `/admin/campsites/${CAMPSITE}/rates`,
    });
    expect(
      auditRecordOf(
        { type: "campsite_extra", id: "e9", details: { ...details, name: "Wood" } },
        names,
      ),
    ).toEqual({
      text: "Extra Wood, since deleted (Riverside)",
      href: `/admin/campsites/${CAMPSITE}/rates`,
    });
  });

  it("names a blocked day with its campsite, linked to that month of the calendar", () => {
    const details = { date: "2026-03-14", campsiteId: CAMPSITE };
    expect(auditRecordOf({ type: "blocked_date", id: "x", details }, names)).toEqual({
      text: "Day Sat 14 Mar 2026 (Riverside)",
      href: `/admin/calendar?month=2026-03&campsite=${CAMPSITE}`,
    });
    const all = { date: "2026-03-14", campsiteId: null };
    expect(auditRecordOf({ type: "blocked_date", id: "x", details: all }, names).text).toBe(
      "Day Sat 14 Mar 2026 (all campsites)",
    );
  });

  it("names a code and a card, and deleted ones by what the entry kept", () => {
    expect(auditRecordOf({ type: "discount_code", id: "d1", details: {} }, names).text).toBe(
      "Discount code SUMMER10",
    );
    const deleted = { before: { code: "OLD5" } };
    expect(auditRecordOf({ type: "discount_code", id: "d9", details: deleted }, names)).toEqual({
      text: "Discount code OLD5, since deleted",
      href: null,
    });
    expect(auditRecordOf({ type: "prepaid_card", id: "p1", details: {} }, names).text).toBe(
      "Prepaid card RCS-AAAA-BBBB",
    );
    expect(
      auditRecordOf({ type: "prepaid_card", id: null, details: { count: 12 } }, names).text,
    ).toBe("12 prepaid cards");
  });

  it("names a staff member by name and email", () => {
    expect(auditRecordOf({ type: "user", id: "u1", details: {} }, names)).toEqual({
      text: "Sam Staff (sam@example.com)",
      href: "/admin/staff",
    });
    expect(
      auditRecordOf({ type: "user", id: "u9", details: { email: "gone@example.com" } }, names).text,
    ).toBe("gone@example.com, since deleted");
  });

  it("falls back to the kind and id of a record it does not know", () => {
    expect(auditRecordOf({ type: "new_thing", id: "n1", details: {} }, names)).toEqual({
      text: "new thing n1",
      href: null,
    });
  });
});
