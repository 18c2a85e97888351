// The report's figures over a few bookings worked out by hand, in the farm's
// calendar (Brisbane is UTC+10 all year: 14:30 UTC is 00:30 the next day).
import { beforeAll, describe, expect, it } from "vitest";
import type { Executor } from "#server/db/client.ts";
import { blockedDates, calendarFeeds, payments } from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, insertBooking, unitOf } from "#server/testing/factories.ts";
import { loadReport, reportCsv } from "./reports";

const database = setupTestDatabase();
const june = { from: "2026-06-01", to: "2026-06-30" };
const july = { from: "2026-07-01", to: "2026-07-31" };
const now = new Date("2026-06-15T02:00:00Z");

async function pay(
  db: Executor,
  bookingId: string,
  amountCents: number,
  refund?: { cents: number; at: string },
) {
  await db.insert(payments).values({
    bookingId,
    provider: "test",
    stripeSessionId: `test_cs_${bookingId}`,
    guestEmail: "alex.camper@example.com",
    amountCents,
    currency: "aud",
    status: refund?.cents === amountCents ? "refunded" : "succeeded",
    refundedAmountCents: refund?.cents ?? 0,
    createdAt: new Date("2026-05-01T00:00:00Z"),
    updatedAt: refund ? new Date(refund.at) : new Date("2026-05-01T00:00:00Z"),
  });
}

beforeAll(async () => {
  const { db } = database();
  // 2 + 1 active units; the closed campsite's unit is not for sale.
  const creek = await createCampsite(db, { name: "Creekside Camp", quantity: 2 });
  const bush = await createCampsite(db, { name: "Bush Camp", quantity: 1 });
  await createCampsite(db, { name: "Closed Camp", isActive: false });
  const creekUnit = (i: number) => ({ ...creek, units: [unitOf(creek, i)] });

  // B1: 3 June nights, $300, booked 20 May at the farm: 21 days ahead.
  const b1 = await insertBooking(db, creekUnit(0), {
    bookingReference: "BKREP1",
    status: "paid",
    createdAt: new Date("2026-05-20T01:00:00Z"),
    checkInDate: "2026-06-10",
    checkOutDate: "2026-06-13",
    totalAmountCents: 30000,
    finalAmountCents: 30000,
  });
  await pay(db, b1.id, 30000);
  // B2: confirmed, 30 May to 3 June, $200 less $40 off: $40 a night, 2 nights in June.
  await insertBooking(db, creekUnit(1), {
    bookingReference: "BKREP2",
    status: "confirmed",
    createdAt: new Date("2026-05-01T01:00:00Z"),
    checkInDate: "2026-05-30",
    checkOutDate: "2026-06-03",
    totalAmountCents: 20000,
    discountAmountCents: 4000,
    finalAmountCents: 16000,
  });
  // B3: Bush Camp, 1 night $100, made at 00:30 on 15 June at the farm (14 June in UTC): 5 days ahead.
  const b3 = await insertBooking(db, bush, {
    bookingReference: "BKREP3",
    status: "paid",
    createdAt: new Date("2026-06-14T14:30:00Z"),
    checkInDate: "2026-06-20",
    checkOutDate: "2026-06-21",
    totalAmountCents: 10000,
    finalAmountCents: 10000,
  });
  await pay(db, b3.id, 10000);
  // B4: cancelled and refunded at 00:30 on 1 July at the farm (30 June in UTC): July's.
  const b4 = await insertBooking(db, creekUnit(1), {
    bookingReference: "BKREP4",
    status: "cancelled",
    createdAt: new Date("2026-05-01T01:00:00Z"),
    cancelledAt: new Date("2026-06-30T14:30:00Z"),
    checkInDate: "2026-06-24",
    checkOutDate: "2026-06-26",
    totalAmountCents: 10000,
    finalAmountCents: 10000,
  });
  await pay(db, b4.id, 10000, { cents: 10000, at: "2026-06-30T14:30:00Z" });
  // B5: refunded in full at the provider on 2 June: a June cancellation and refund, no nights.
  const b5 = await insertBooking(db, creekUnit(0), {
    bookingReference: "BKREP5",
    status: "refunded",
    createdAt: new Date("2026-05-01T01:00:00Z"),
    cancelledAt: new Date("2026-06-02T00:00:00Z"),
    checkInDate: "2026-06-15",
    checkOutDate: "2026-06-17",
    totalAmountCents: 10000,
    finalAmountCents: 10000,
  });
  await pay(db, b5.id, 10000, { cents: 10000, at: "2026-06-02T00:00:00Z" });
  // B6: 2 nights $100, $20 given back on 21 June: $80 of revenue; booked 1 June: 19 days ahead.
  const b6 = await insertBooking(db, creekUnit(0), {
    bookingReference: "BKREP6",
    status: "paid",
    createdAt: new Date("2026-06-01T00:00:00Z"),
    checkInDate: "2026-06-20",
    checkOutDate: "2026-06-22",
    totalAmountCents: 10000,
    finalAmountCents: 10000,
  });
  await pay(db, b6.id, 10000, { cents: 2000, at: "2026-06-21T00:00:00Z" });
  // B8: Bush Camp, cancelled before cancellations kept their time: it counts on 3 June, when it last changed.
  await insertBooking(db, bush, {
    bookingReference: "BKREP8",
    status: "cancelled",
    createdAt: new Date("2026-05-01T01:00:00Z"),
    updatedAt: new Date("2026-06-03T00:00:00Z"),
    checkInDate: "2026-07-10",
    checkOutDate: "2026-07-12",
  });
  // Not sold: a live hold and an expired one.
  await insertBooking(db, creekUnit(1), {
    status: "pending",
    holdExpiresAt: new Date("2026-06-15T02:05:00Z"),
    checkInDate: "2026-06-27",
    checkOutDate: "2026-06-29",
  });
  await insertBooking(db, creekUnit(1), {
    status: "expired",
    checkInDate: "2026-06-12",
    checkOutDate: "2026-06-14",
  });

  // Imported: unit 2 on 5 and 6 June, and the whole campsite on 6 June (2 units): 1 + 2 = 3 unit-nights.
  const [unitFeed, siteFeed] = await db
    .insert(calendarFeeds)
    .values([
      {
        campsiteId: creek.id,
        campsiteUnitId: unitOf(creek, 1).id,
        name: "Hipcamp",
        url: "https://a.example/1.ics",
      },
      { campsiteId: creek.id, name: "Airbnb", url: "https://b.example/2.ics" },
    ])
    .returning();
  const imported = (night: string, feed: typeof unitFeed, unitId: string | null) => ({
    blockedDate: night,
    campsiteId: creek.id,
    campsiteUnitId: unitId,
    calendarFeedId: feed?.id,
    externalUid: `uid-${night}`,
    reason: "Imported",
  });
  await db.insert(blockedDates).values([
    imported("2026-06-05", unitFeed, unitOf(creek, 1).id),
    imported("2026-06-06", unitFeed, unitOf(creek, 1).id),
    imported("2026-06-06", siteFeed, null),
    imported("2026-07-01", siteFeed, null),
    // The farm's own block is not an imported calendar's.
    { blockedDate: "2026-06-07", campsiteId: creek.id },
  ]);
});

describe("the June report", () => {
  it("reports Creekside Camp: 7 of 60 unit-nights, $460 taken, 3 nights closed elsewhere", async () => {
    const report = await loadReport(database().db, "custom", june, now);
    expect(report.campsites.map((c) => c.name)).toEqual(["Bush Camp", "Creekside Camp"]);
    const creek = report.campsites.find((c) => c.name === "Creekside Camp");
    expect(creek).toMatchObject({
      availableUnitNights: 60,
      // B1 3 + B2 2 + B6 2.
      nightsSold: 7,
      occupancyPercent: 12,
      // $300 + $80 + $80.
      revenueCents: 46000,
      averageNightlyRateCents: 6571,
      revenuePerAvailableNightCents: 767,
      arrivals: 2,
      // (21 + 19) / 2.
      averageLeadTimeDays: 20,
      // B5 only: B4 was cancelled on 1 July at the farm.
      cancellations: 1,
      // B5 $100 and B6 $20.
      refunds: 2,
      refundsCents: 12000,
      importedUnitNights: 3,
      bookedHerePercent: 70,
    });
  });

  it("reports Bush Camp and the farm in total", async () => {
    const report = await loadReport(database().db, "custom", june, now);
    expect(report.campsites.find((c) => c.name === "Bush Camp")).toMatchObject({
      availableUnitNights: 30,
      nightsSold: 1,
      occupancyPercent: 3,
      revenueCents: 10000,
      averageLeadTimeDays: 5,
      cancellations: 1,
      bookedHerePercent: 100,
    });
    expect(report.total).toMatchObject({
      availableUnitNights: 90,
      nightsSold: 8,
      occupancyPercent: 9,
      revenueCents: 56000,
      averageNightlyRateCents: 7000,
      revenuePerAvailableNightCents: 622,
      arrivals: 3,
      averageLeadTimeDays: 15,
      // B5 and B8.
      cancellations: 2,
      refunds: 2,
      refundsCents: 12000,
      importedUnitNights: 3,
      bookedHerePercent: 73,
    });
    expect(report.today).toBe("2026-06-15");
    expect(report.periodUnit).toBe("day");
    expect(report.periods.find((p) => p.from === "2026-06-20")).toMatchObject({
      // B3 and B6's first night: $100 + $40.
      nightsSold: 2,
      revenueCents: 14000,
    });
  });

  it("puts the cancellation and refund made at 00:30 on 1 July in July", async () => {
    const report = await loadReport(database().db, "custom", july, now);
    expect(report.total).toMatchObject({
      nightsSold: 0,
      cancellations: 1,
      refunds: 1,
      refundsCents: 10000,
      importedUnitNights: 2,
    });
  });

  it("refuses a range that ends before it starts, or is longer than 3 years", async () => {
    const backwards = loadReport(database().db, "custom", { from: "2026-06-30", to: "2026-06-01" });
    await expect(backwards).rejects.toBeInstanceOf(AppError);
    await expect(backwards).rejects.toMatchObject({
      refusal: "invalid",
      fieldErrors: { to: "The end must be on or after the start." },
    });
    const tooLong = loadReport(database().db, "custom", { from: "2023-01-01", to: "2026-01-01" });
    await expect(tooLong).rejects.toMatchObject({ refusal: "invalid" });
  });
});

describe("the CSV of the bookings behind the figures", () => {
  it("lists June's bookings by check-in with their nights, revenue and refunds in the range", async () => {
    const lines = (await reportCsv(database().db, june))
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toBe(
      "Booking,Campsite,Unit,Guest,Status,Booked on,Check-in,Check-out,Nights,Nights in range,Revenue in range,Lead time (days),Cancelled on,Refunded in range",
    );
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([
      "BKREP2",
      "BKREP1",
      "BKREP5",
      "BKREP3",
      "BKREP6",
      "BKREP8",
    ]);
    expect(lines[1]).toBe(
      "BKREP2,Creekside Camp,Site 2,Alex Camper,confirmed,2026-05-01,2026-05-30,2026-06-03,4,2,80.00,29,,0.00",
    );
    expect(lines[3]).toBe(
      "BKREP5,Creekside Camp,Site 1,Alex Camper,refunded,2026-05-01,2026-06-15,2026-06-17,2,0,0.00,45,2026-06-02,100.00",
    );
    expect(lines[4]).toContain(",2026-06-15,2026-06-20,2026-06-21,1,1,100.00,5,,0.00");
  });
});
