// The Bookings screen: finding bookings, the booking notification and the details view.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, payments } from "#server/db/schema.ts";
import {
  createCampsite,
  createDiscountCode,
  createPrepaidCard,
  insertBooking,
} from "#server/testing/factories.ts";
import { assertPresent, present } from "#server/testing/present.ts";
import { getBookingDetails } from "./details";
import { BOOKING_PAGE_SIZE, listBookings } from "./list";
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
      guestEmail: "sarah.mitchell@example.com",
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
      guestEmail: "tnguyen@example.net",
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

  it("searches the guest's email, and whole references in any case", async () => {
    expect(await refs({ search: "tnguyen@example.net" })).toEqual(["BK100002"]);
    expect(await refs({ search: "mitchell@" })).toEqual(["BK100001"]);
    expect(await refs({ search: "Bk100003" })).toEqual(["BK100003"]);
  });

  it("matches a search of one or two characters at the start of a word only", async () => {
    expect(await refs({ search: "Ng" })).toEqual(["BK100002"]);
    expect(await refs({ search: "sh" })).toEqual(["BK100003"]);
    // "ar" is inside Sarah, Sharma and Caravan, but starts no word.
    expect(await refs({ search: "ar" })).toEqual([]);
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
});

describe("paging the list", () => {
  // 2 pages and 5 more of Busy Camp's bookings, newest first: BK9 00124 ... BK9 00020.
  const count = 2 * BOOKING_PAGE_SIZE + 5;
  const refOf = (i: number) => `BK9${String(i + 20).padStart(5, "0")}`;
  const newestFirst = Array.from({ length: count }, (_, i) => refOf(count - 1 - i));

  beforeAll(async () => {
    const { db } = database();
    const busy = await createCampsite(db, { name: "Busy Camp", quantity: 1 });
    for (let i = 0; i < count; i++) {
      await insertBooking(db, busy, {
        bookingReference: refOf(i),
        status: "expired",
        // Pairs made at the same instant: the reference orders them.
        createdAt: new Date(Date.UTC(2031, 0, 1, 0, Math.floor(i / 2))),
        checkInDate: "2035-01-01",
        checkOutDate: "2035-01-02",
      });
    }
  });

  const page = async (cursor: { after?: string; before?: string } = {}) => {
    const found = await listBookings(database().db, { search: "Busy Camp", ...cursor });
    return { ...found, refs: found.bookings.map((b) => b.bookingReference) };
  };

  it("shows a page of the newest matches, and where the next starts", async () => {
    const first = await page();
    expect(first.refs).toEqual(newestFirst.slice(0, BOOKING_PAGE_SIZE));
    expect(first.previous).toBeNull();
    expect(first.next).toBe(newestFirst[BOOKING_PAGE_SIZE - 1]);
  });

  it("pages through every match once, in order, and back again", async () => {
    const first = await page();
    const second = await page({ after: first.next ?? "" });
    expect(second.refs).toEqual(newestFirst.slice(BOOKING_PAGE_SIZE, 2 * BOOKING_PAGE_SIZE));
    expect(second.previous).toBe(second.refs[0]);
    const last = await page({ after: second.next ?? "" });
    expect(last.refs).toEqual(newestFirst.slice(2 * BOOKING_PAGE_SIZE));
    expect(last.next).toBeNull();

    const back = await page({ before: last.previous ?? "" });
    expect(back.refs).toEqual(second.refs);
    expect(back.next).toBe(second.next);
    const top = await page({ before: back.previous ?? "" });
    expect(top.refs).toEqual(first.refs);
    expect(top.previous).toBeNull();
  });

  it("keeps to the status filter while paging", async () => {
    const { db } = database();
    const paid = await listBookings(db, { status: "paid", after: newestFirst[3] });
    expect(paid.bookings.every((b) => b.status === "paid")).toBe(true);
    const expired = await listBookings(db, {
      status: "expired",
      search: "Busy",
      after: newestFirst[3],
    });
    expect(expired.bookings[0]?.bookingReference).toBe(newestFirst[4]);
  });

  it("shows the first page for a cursor that names no booking or is not a reference", async () => {
    const first = await page();
    for (const cursor of ["BK000000", "not-a-ref", "", "BK1' or 1=1"]) {
      expect((await page({ after: cursor })).refs).toEqual(first.refs);
      expect((await page({ before: cursor })).refs).toEqual(first.refs);
    }
  });

  it("shows a full first page when Previous is asked near the top", async () => {
    const near = await page({ before: newestFirst[3] });
    expect(near.refs).toEqual(newestFirst.slice(0, BOOKING_PAGE_SIZE));
    expect(near.previous).toBeNull();
  });
});

describe("the booking notification and the details view", () => {
  it("shows a payment owed back, and since when, until its refund is made", async () => {
    const { db } = database();
    const { booking } = await paidBooking(9000);
    const since = new Date("2026-11-20T01:30:00Z");
    await db
      .update(payments)
      .set({ refundOwedAt: since, refundOwedReason: "duplicate" })
      .where(eq(payments.bookingId, booking.id));
    const owed = await getBookingDetails(db, booking.id);
    expect(owed.payments).toEqual([
      expect.objectContaining({ status: "succeeded", owedBackSince: since.toISOString() }),
    ]);
    await db.update(payments).set({ status: "refunded" }).where(eq(payments.bookingId, booking.id));
    const refunded = await getBookingDetails(db, booking.id);
    expect(refunded.payments).toEqual([expect.objectContaining({ owedBackSince: null })]);
  });

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
    expect(details.payments).toEqual([expect.objectContaining({ owedBackSince: null })]);
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
