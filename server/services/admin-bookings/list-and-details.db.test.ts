// The Bookings screen: finding bookings, the booking notification and the details view.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "#server/db/schema.ts";
import {
  createCampsite,
  createDiscountCode,
  createPrepaidCard,
  insertBooking,
} from "#server/testing/factories.ts";
import { assertPresent, present } from "#server/testing/present.ts";
import { getBookingDetails } from "./details";
import { BOOKING_LIST_LIMIT, listBookings } from "./list";
import { sendBookingNotification } from "./notify";

import { admin, adminBookingsFixture } from "./test-fixture";

const { database, creekside, powered, paidBooking } = adminBookingsFixture();

describe("finding bookings", () => {
  beforeAll(async () => {
    const { db } = database();
    const code = await createDiscountCode(db, { code: "CREEK20", description: "$20 off" });
    const card = await createPrepaidCard(db, { cardNumber: "PC12345678ABCD", balanceCents: 0 });
    await insertBooking(db, creekside(0), {
      bookingReference: "BK100001",
      guestFirstName: "Sarah",
      guestLastName: "Mitchell",
      status: "paid",
      createdAt: new Date("2030-01-01T00:00:00Z"),
      checkInDate: "2030-02-01",
      checkOutDate: "2030-02-04",
      totalAmountCents: 15000,
      discountCodeId: code.id,
      discountAmountCents: 2000,
      prepaidCardId: card.id,
      prepaidAmountUsedCents: 3000,
      finalAmountCents: 10000,
    });
    await insertBooking(db, powered(0), {
      bookingReference: "BK100002",
      guestFirstName: "Tom",
      guestLastName: "Nguyen",
      status: "pending",
      createdAt: new Date("2030-01-02T00:00:00Z"),
      checkInDate: "2030-02-01",
      checkOutDate: "2030-02-03",
    });
    await insertBooking(db, creekside(1), {
      bookingReference: "BK100003",
      guestFirstName: "Priya",
      guestLastName: "Sharma",
      status: "cancelled",
      createdAt: new Date("2030-01-03T00:00:00Z"),
      checkInDate: "2030-02-01",
      checkOutDate: "2030-02-03",
    });
  });

  const refs = async (query: Parameters<typeof listBookings>[1]) =>
    (await listBookings(database().db, query)).bookings
      .map((b) => b.bookingReference)
      .filter((r) => r.startsWith("BK1000"));

  it("lists every booking, newest first", async () => {
    expect(await refs({})).toEqual(["BK100003", "BK100002", "BK100001"]);
  });

  it("searches guest first and last names, the reference and the campsite, ignoring case", async () => {
    expect(await refs({ search: "sarah" })).toEqual(["BK100001"]);
    expect(await refs({ search: "NGUYEN" })).toEqual(["BK100002"]);
    expect(await refs({ search: "priya sharma" })).toEqual(["BK100003"]);
    expect(await refs({ search: "bk100002" })).toEqual(["BK100002"]);
    expect(await refs({ search: "powered caravan" })).toEqual(["BK100002"]);
    expect(await refs({ search: "Creekside" })).toEqual(["BK100003", "BK100001"]);
  });

  it("treats LIKE wildcards in the search as plain text", async () => {
    expect(await refs({ search: "%" })).toEqual([]);
    expect(await refs({ search: "BK1_0001" })).toEqual([]);
  });

  it("filters by status", async () => {
    expect(await refs({ status: "pending" })).toEqual(["BK100002"]);
    expect(await refs({ status: "cancelled" })).toEqual(["BK100003"]);
    expect(await refs({ status: "paid", search: "BK1000" })).toEqual(["BK100001"]);
    expect(await refs({ status: "all", search: "BK1000" })).toHaveLength(3);
  });

  it("gives the amounts, the discount code and the prepaid card of a booking", async () => {
    const { bookings: rows } = await listBookings(database().db, { search: "BK100001" });
    expect(rows[0]).toMatchObject({
      guestName: "Sarah Mitchell",
      campsiteName: "Creekside Camp",
      nights: 3,
      totalAmountCents: 15000,
      discountAmountCents: 2000,
      discountCode: { code: "CREEK20", description: "$20 off" },
      prepaidAmountUsedCents: 3000,
      prepaidCardNumber: "PC12345678ABCD",
      finalAmountCents: 10000,
    });
  });

  it("stops at the list limit and says so", async () => {
    const { db } = database();
    const many = await createCampsite(db, { name: "Busy Camp", quantity: 1 });
    const rows = Array.from({ length: BOOKING_LIST_LIMIT + 1 }, (_, i) => i);
    for (const i of rows) {
      await insertBooking(db, many, {
        bookingReference: `BK9${String(i).padStart(5, "0")}`,
        status: "expired",
        checkInDate: "2035-01-01",
        checkOutDate: "2035-01-02",
      });
    }
    const result = await listBookings(db, { search: "Busy Camp" });
    expect(result.bookings).toHaveLength(BOOKING_LIST_LIMIT);
    expect(result.truncated).toBe(true);
  });
});

describe("the booking notification and the details view", () => {
  it("emails a paid booking's confirmation again through the outbox, and logs it", async () => {
    const { db } = database();
    const { booking } = await paidBooking(12000);
    const result = await sendBookingNotification(db, admin, booking.id);
    expect(result.to).toBe(booking.guestEmail);
    const [email] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.bookingId, booking.id));
    expect(email).toMatchObject({ kind: "booking-confirmation", toAddress: booking.guestEmail });
    expect(present(email, "the confirmation").subject).toContain(booking.bookingReference);

    const details = await getBookingDetails(db, booking.id);
    expect(details.emails.map((e) => e.kind)).toEqual(["booking-confirmation"]);
    expect(details.payments).toHaveLength(1);
    expect(details.history).toEqual([
      expect.objectContaining({
        action: "booking.notification_sent",
        actorEmail: "owner@example.com",
      }),
    ]);
    expect(details.cancellation).toMatchObject({
      allowed: true,
      refundable: true,
      refundableCents: 12000,
    });
  });

  it("sends other bookings a notice of their status", async () => {
    const { db } = database();
    const booking = await insertBooking(db, creekside(2), {
      status: "expired",
      checkInDate: "2030-05-01",
      checkOutDate: "2030-05-02",
    });
    await sendBookingNotification(db, admin, booking.id);
    const [email] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.bookingId, booking.id));
    assertPresent(email, "the status notice");
    expect(email.kind).toBe("booking-status");
    expect(email.textBody).toContain("has expired");
    expect((await getBookingDetails(db, booking.id)).cancellation).toEqual({ allowed: false });
  });

  it("sends a cancelled booking's notice with the calendar file that removes the stay", async () => {
    const { db } = database();
    const booking = await insertBooking(db, creekside(2), {
      status: "cancelled",
      checkInDate: "2030-06-01",
      checkOutDate: "2030-06-03",
    });
    await sendBookingNotification(db, admin, booking.id);
    const [email] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.bookingId, booking.id));
    assertPresent(email, "the status notice");
    const ics = JSON.stringify(email.attachments);
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain(`UID:${booking.bookingReference}-${booking.id}`);
  });

  it("answers 404 for an unknown booking", async () => {
    const id = "00000000-0000-4000-8000-000000000001";
    await expect(getBookingDetails(database().db, id)).rejects.toMatchObject({
      refusal: "not_found",
    });
    await expect(sendBookingNotification(database().db, admin, id)).rejects.toMatchObject({
      refusal: "not_found",
    });
  });
});
