import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { markStay } from "#server/bookings/index.ts";
import { auditLog, bookings, payments, user } from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, insertBooking, unitOf } from "#server/testing/factories.ts";
import { loadCalendar } from "./calendar";
import { loadDay } from "./today";

const database = setupTestDatabase();
const admin = { id: "staff-today", role: "staff" } as const;
const day = "2026-06-12";
// 7:00pm at the farm on the day: past the 6pm arrival deadline.
const evening = new Date("2026-06-12T09:00:00Z");

type Booking = Awaited<ReturnType<typeof insertBooking>>;
let arriving: Booking;
let leaving: Booking;
let cancelled: Booking;

beforeAll(async () => {
  const { db } = database();
  await db.insert(user).values({ id: admin.id, name: "Staff", email: "staff@example.com" });
  const creek = await createCampsite(db, { name: "Creekside Camp", quantity: 3 });
  const unit = (i: number) => ({ ...creek, units: [unitOf(creek, i)] });
  arriving = await insertBooking(db, unit(0), {
    status: "paid",
    checkInDate: day,
    checkOutDate: "2026-06-14",
    guestFirstName: "Sarah",
    guestPhone: "0400 000 101",
    numberOfDogs: 1,
    priceLines: [
      { kind: "nights", description: "2 nights", amountCents: 10000 },
      { kind: "extra", description: "Firewood × 2 at $15.00", amountCents: 3000 },
    ],
    totalAmountCents: 13000,
    finalAmountCents: 13000,
  });
  await db.insert(payments).values([
    { ...payment(arriving, "a"), amountCents: 5000 },
    { ...payment(arriving, "b"), amountCents: 8000, status: "failed" },
  ]);
  leaving = await insertBooking(db, unit(1), {
    status: "confirmed",
    checkInDate: "2026-06-10",
    checkOutDate: day,
    guestFirstName: "Tom",
    totalAmountCents: 0,
    finalAmountCents: 0,
  });
  const staying = await insertBooking(db, unit(2), {
    status: "paid",
    checkInDate: "2026-06-11",
    checkOutDate: "2026-06-13",
    guestFirstName: "Priya",
  });
  await db
    .insert(payments)
    .values({ ...payment(staying, "c"), amountCents: staying.finalAmountCents });
  cancelled = await insertBooking(db, unit(0), {
    status: "cancelled",
    checkInDate: day,
    checkOutDate: "2026-06-13",
    guestFirstName: "Cancelled",
  });
  await insertBooking(db, unit(1), {
    status: "paid",
    checkInDate: "2026-06-13",
    checkOutDate: "2026-06-15",
  });
});

function payment(b: Booking, key: string) {
  return {
    bookingId: b.id,
    provider: "test",
    stripeSessionId: `test_cs_today_${key}`,
    guestEmail: b.guestEmail,
    currency: "aud",
    status: "succeeded" as const,
    amountCents: 0,
  };
}

const auditOf = async (id: string) =>
  (
    await database()
      .db.select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "booking"), eq(auditLog.entityId, id)))
  ).map((r) => r.action);

describe("the day's sheet", () => {
  it("groups the paid and confirmed stays, with what each still owes", async () => {
    const sheet = await loadDay(database().db, day, evening);
    expect(sheet.arrivals.map((b) => b.guestName)).toEqual(["Sarah Camper"]);
    expect(sheet.departures.map((b) => b.guestName)).toEqual(["Tom Camper"]);
    expect(sheet.onSite.map((b) => b.guestName)).toEqual(["Sarah Camper", "Priya Camper"]);
    const [sarah] = sheet.arrivals;
    expect(sarah).toMatchObject({
      phone: "0400 000 101",
      campsiteName: "Creekside Camp",
      dogs: 1,
      extras: ["Firewood × 2"],
      arrival: "late",
      balance: { kind: "due", cents: 8000 },
    });
    expect(sheet.departures[0]?.balance).toEqual({ kind: "nothing" });
    expect(sheet.onSite[1]?.balance).toEqual({ kind: "paid" });
  });

  it("refuses a day that is not a date", async () => {
    await expect(loadDay(database().db, "2026-02-30")).rejects.toBeInstanceOf(AppError);
  });
});

describe("the check-in and check-out marks", () => {
  const mark = (b: Booking, more: Partial<Parameters<typeof markStay>[2]> = {}) =>
    markStay(database().db, admin, { bookingId: b.id, day, mark: "check-in", done: true, ...more });

  it("checks in once, idempotently, with one audit entry, and undoes it", async () => {
    expect(await mark(arriving)).toMatchObject({ changed: true });
    expect(await mark(arriving)).toMatchObject({ changed: false });
    const sheet = await loadDay(database().db, day, evening);
    expect(sheet.arrivals[0]?.arrival).toBe("checked-in");
    expect(await mark(arriving, { done: false })).toMatchObject({ changed: true });
    expect(await mark(arriving, { done: false })).toMatchObject({ changed: false });
    expect(await auditOf(arriving.id)).toEqual(["booking.checked_in", "booking.check_in_undone"]);
  });

  it("checks out a departure on its day", async () => {
    expect(await mark(leaving, { mark: "check-out" })).toMatchObject({ changed: true });
    const [row] = await database().db.select().from(bookings).where(eq(bookings.id, leaving.id));
    expect(row?.checkedOutAt).toBeInstanceOf(Date);
    expect(row?.checkedInAt).toBeNull();
    // The admin calendar shows the mark on the booking's nights.
    const calendar = await loadCalendar(database().db, { month: "2026-06" }, evening);
    const night = calendar.weeks.flat().find((d) => d.date === "2026-06-10");
    expect(night?.bookings.find((b) => b.id === leaving.id)).toMatchObject({ checkedOut: true });
  });

  it("refuses a day the stay is not on, or a cancelled booking, and changes nothing", async () => {
    await expect(mark(leaving)).rejects.toMatchObject({ refusal: "invalid" });
    await expect(mark(arriving, { day: "2026-06-20" })).rejects.toMatchObject({
      refusal: "invalid",
      code: "not_markable",
    });
    await expect(mark(cancelled)).rejects.toMatchObject({
      refusal: "invalid",
      message: "Only paid and confirmed bookings can be checked in; this one is cancelled.",
    });
    const [row] = await database().db.select().from(bookings).where(eq(bookings.id, cancelled.id));
    expect(row?.checkedInAt).toBeNull();
    expect(await auditOf(cancelled.id)).toEqual([]);
  });

  it("answers not found for an unknown booking", async () => {
    await expect(
      markStay(database().db, admin, {
        bookingId: "00000000-0000-4000-8000-000000000000",
        day,
        mark: "check-in",
        done: true,
      }),
    ).rejects.toMatchObject({ refusal: "not_found" });
  });
});
