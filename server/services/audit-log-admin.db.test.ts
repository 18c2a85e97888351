// Reading the audit log for the owner's screen: newest first, 50 a page, and
// filters by person (or the system), action and farm days (Brisbane, UTC+10);
// each entry in words, with the names of what it points at read from today's rows.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { AUDIT_COUNT_LIMIT } from "#domain/forms/audit-log.ts";
import { auditLog, campsites, discountCodes, user } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import {
  createCampsite,
  createDiscountCode,
  createPrepaidCard,
  insertBooking,
} from "#server/testing/factories.ts";
import { AUDIT_PAGE_SIZE, listAuditEntries } from "./audit-log-admin";
import { saveBaseRates } from "./rates-admin";

const database = setupTestDatabase();
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  const { db } = database();
  await db.insert(user).values([
    { id: "u-owner", name: "Olive Owner", email: "olive@example.com" },
    { id: "u-staff", name: "Sam Staff", email: "sam@example.com" },
  ]);
  await db.insert(auditLog).values([
    // 23:30 on 1 March UTC is 9:30 am on 2 March at the farm.
    {
      actorUserId: "u-staff",
      action: "booking.checked_in",
      entityType: "booking",
      createdAt: at("2026-03-01T23:30:00Z"),
    },
    // 13:59 UTC on 2 March is 11:59 pm on 2 March at the farm: still the 2nd.
    {
      actorUserId: "u-owner",
      action: "campsite.updated",
      entityType: "campsite",
      createdAt: at("2026-03-02T13:59:00Z"),
    },
    // 14:00 UTC on 2 March is midnight: the 3rd at the farm.
    {
      actorUserId: null,
      action: "booking.refunded_at_provider",
      entityType: "booking",
      createdAt: at("2026-03-02T14:00:00Z"),
    },
    ...Array.from({ length: 55 }, (_, i) => ({
      actorUserId: "u-owner",
      action: "settings.updated",
      entityType: "settings",
      createdAt: at(`2026-02-01T00:${String(i).padStart(2, "0")}:00Z`),
    })),
  ]);
});

describe("the audit log screen's reads", () => {
  it("lists newest first with the actor's name, 50 a page", async () => {
    const first = await listAuditEntries(database().db, { page: 1 });
    expect(first.total).toBe(58);
    expect(first.pageCount).toBe(2);
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0]).toMatchObject({ action: "booking.refunded_at_provider", actor: null });
    expect(first.entries[1]?.actor).toMatchObject({
      name: "Olive Owner",
      email: "olive@example.com",
    });
    expect(first.hasOlder).toBe(true);
    const second = await listAuditEntries(database().db, { page: 2 });
    expect(second.entries).toHaveLength(8);
    expect(second.hasOlder).toBe(false);
    // A page past the end shows the last one.
    expect((await listAuditEntries(database().db, { page: 9 })).page).toBe(2);
  });

  it("filters by person, the system, and action", async () => {
    const staff = await listAuditEntries(database().db, { page: 1, person: "u-staff" });
    expect(staff.entries.map((e) => e.action)).toEqual(["booking.checked_in"]);
    const system = await listAuditEntries(database().db, { page: 1, person: "system" });
    expect(system.entries.map((e) => e.action)).toEqual(["booking.refunded_at_provider"]);
    const settings = await listAuditEntries(database().db, { page: 1, action: "settings.updated" });
    expect(settings.total).toBe(55);
    expect(staff.people.map((p) => p.label)).toEqual([
      "Olive Owner (olive@example.com)",
      "Sam Staff (sam@example.com)",
    ]);
    expect(staff.actions).toContain("campsite.updated");
  });

  it("filters by the farm's days, not UTC's", async () => {
    const second = await listAuditEntries(database().db, {
      page: 1,
      from: "2026-03-02",
      to: "2026-03-02",
    });
    expect(second.entries.map((e) => e.action).sort()).toEqual([
      "booking.checked_in",
      "campsite.updated",
    ]);
    const third = await listAuditEntries(database().db, { page: 1, from: "2026-03-03" });
    expect(third.entries.map((e) => e.action)).toEqual(["booking.refunded_at_provider"]);
  });
});

describe("the audit log in the owner's words", () => {
  it("names the record, links it, and writes the details as dollars and changes", async () => {
    const { db } = database();
    await db.insert(user).values({ id: "u-words", name: "Wendy Words", email: "w@example.com" });
    const actor = { id: "u-words" };
    const campsite = await createCampsite(db, { name: "Riverside" });
    await saveBaseRates(db, actor, campsite.id, {
      pricePerNightCents: 5000,
      weekendPriceCents: 6500,
      baseOccupancy: null,
      extraGuestFeeCents: 0,
      petFeeCents: 0,
      maxDogs: 2,
      longWeekendMinimumNights: null,
    });
    const booking = await insertBooking(db, campsite, {
      guestFirstName: "Jane",
      guestLastName: "Smith",
    });
    const card = await createPrepaidCard(db);
    await db.insert(auditLog).values([
      {
        actorUserId: actor.id,
        action: "booking.cancelled",
        entityType: "booking",
        entityId: booking.id,
        details: { bookingReference: booking.bookingReference, refundedCents: 1500 },
      },
      {
        actorUserId: actor.id,
        action: "prepaid_card.deactivated",
        entityType: "prepaid_card",
        entityId: card.id,
        details: { cardNumber: card.cardNumber },
      },
    ]);

    const page = await listAuditEntries(db, { page: 1, person: "u-words" });
    // The two rows inserted in one statement share their time: found by action.
    const entry = (action: string) => page.entries.find((e) => e.action === action);
    const [rates, cancelled, cardEntry] = [
      entry("campsite.rates_updated"),
      entry("booking.cancelled"),
      entry("prepaid_card.deactivated"),
    ];
    expect(rates?.record).toEqual({
      text: "Campsite Riverside",
      href: `/admin/campsites/${campsite.id}/rates`,
    });
    expect(rates?.lines).toContain("Weekend price: none -> $65.00");
    expect(cancelled?.record).toEqual({
      text: `Booking ${booking.bookingReference}, Jane Smith`,
      href: `/admin/bookings?q=${booking.bookingReference}`,
    });
    expect(cancelled?.lines).toEqual(["Refunded: $15.00"]);
    expect(cardEntry?.record.text).toBe(`Prepaid card ${card.cardNumber}`);
  });

  it("reads today's names, and says so when the row is gone", async () => {
    const { db } = database();
    await db.insert(user).values({ id: "u-gone", name: "Gus Gone", email: "g@example.com" });
    const campsite = await createCampsite(db, { name: "Old Name" });
    const code = await createDiscountCode(db, { code: "GONE10" });
    await db.insert(auditLog).values([
      {
        actorUserId: "u-gone",
        action: "campsite.activated",
        entityType: "campsite",
        entityId: campsite.id,
        createdAt: new Date("2026-01-01T00:00:00Z"),
      },
      {
        actorUserId: "u-gone",
        action: "discount_code.activated",
        entityType: "discount_code",
        entityId: code.id,
        details: { code: "GONE10" },
        createdAt: new Date("2026-01-02T00:00:00Z"),
      },
    ]);
    await db.update(campsites).set({ name: "New Name" }).where(eq(campsites.id, campsite.id));
    await db.delete(discountCodes).where(eq(discountCodes.id, code.id));

    const [codeEntry, campsiteEntry] = (await listAuditEntries(db, { page: 1, person: "u-gone" }))
      .entries;
    expect(campsiteEntry?.record.text).toBe("Campsite New Name");
    expect(codeEntry?.record).toEqual({ text: "Discount code GONE10, since deleted", href: null });
  });
});

describe("a long log", () => {
  it("is counted up to the limit, then paged by whether older entries follow", async () => {
    const { db } = database();
    const count = AUDIT_COUNT_LIMIT + 10;
    await db.insert(auditLog).values(
      Array.from({ length: count }, (_, i) => ({
        actorUserId: "u-staff",
        action: "bench.long_log",
        entityType: "settings",
        createdAt: new Date(Date.UTC(2020, 0, 1, 0, 0, i)),
      })),
    );
    const filter = { action: "bench.long_log" };
    const first = await listAuditEntries(db, { page: 1, ...filter });
    expect(first).toMatchObject({ total: null, pageCount: null, page: 1, hasOlder: true });
    const lastPage = Math.ceil(count / AUDIT_PAGE_SIZE);
    const last = await listAuditEntries(db, { page: lastPage, ...filter });
    expect(last.entries).toHaveLength(count - (lastPage - 1) * AUDIT_PAGE_SIZE);
    expect(last.hasOlder).toBe(false);
    expect(first.actions).toContain("bench.long_log");
  });
});
