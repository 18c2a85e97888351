import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BOOKING_CHANGED,
  CANNOT_CANCEL,
  NO_CARD_PAYMENT,
  NOTHING_TO_REFUND,
} from "#domain/rules/cancellation.ts";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import {
  auditLog,
  bookings,
  discountCodes,
  emailOutbox,
  payments,
  prepaidCards,
  prepaidCardTransactions,
  user,
} from "#server/db/schema.ts";
import { setPaymentProvider } from "#server/payments/index.ts";
import type { PaymentProvider } from "#server/payments/provider.ts";
import { createTestProvider } from "#server/payments/test-checkout.ts";
import { createBooking as bookStay } from "#server/services/bookings.ts";
import { startPayment } from "#server/services/payments/start.ts";
import { completeTestCheckout } from "#server/services/payments/test-checkout-session.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import {
  createBooking,
  createCampsite,
  createDiscountCode,
  createPrepaidCard,
  unitOf,
} from "#server/testing/factories.ts";
import { assertPresent, present } from "#server/testing/present.ts";
import { cancelBooking } from "./cancel";
import { getBookingDetails } from "./details";
import { BOOKING_LIST_LIMIT, listBookings } from "./list";
import { sendBookingNotification } from "./notify";

const database = setupTestDatabase();
const admin = { id: "admin-user-1" };

// A test provider that records what it is asked to do.
const refunds: { paymentIntentId: string | null; amountCents: number }[] = [];
const expiredSessions: string[] = [];
/** Runs while the provider refunds, e.g. to stage a change racing the cancellation. */
let duringRefund: (() => Promise<void>) | undefined;
const provider: PaymentProvider = {
  name: "test",
  createCheckoutSession: async () => {
    throw new Error("not used");
  },
  retrieveCheckoutSession: async () => undefined,
  expireCheckoutSession: async (id) => {
    expiredSessions.push(id);
  },
  refund: async (input) => {
    refunds.push({ paymentIntentId: input.paymentIntentId, amountCents: input.amountCents });
    await duringRefund?.();
  },
};

let campsite: Awaited<ReturnType<typeof createCampsite>>;
let other: Awaited<ReturnType<typeof createCampsite>>;
const unit = (c: typeof campsite, i: number) => ({ ...c, units: [unitOf(c, i)] });

let paidCount = 0;
async function paidBooking(amountCents = 20000) {
  const { db } = database();
  const checkInDate = addDays("2031-01-01", 7 * paidCount++);
  const booking = await createBooking(db, unit(campsite, 3), {
    status: "paid",
    checkInDate,
    checkOutDate: addDays(checkInDate, 4),
    totalAmountCents: amountCents,
    finalAmountCents: amountCents,
  });
  const [payment] = await db
    .insert(payments)
    .values({
      bookingId: booking.id,
      provider: "test",
      stripeSessionId: `test_cs_${booking.id}`,
      stripePaymentIntentId: `test_pi_${booking.id}`,
      guestEmail: booking.guestEmail,
      amountCents,
      currency: "aud",
      status: "succeeded",
    })
    .returning();
  return { booking, payment: present(payment, "the inserted payment") };
}

beforeAll(async () => {
  setPaymentProvider(provider);
  const { db } = database();
  await db.insert(user).values({ id: admin.id, name: "Owner", email: "owner@example.com" });
  campsite = await createCampsite(db, { name: "Creekside Camp", quantity: 4 });
  other = await createCampsite(db, { name: "Powered Caravan Site", quantity: 1 });
});
afterAll(() => setPaymentProvider(undefined));

describe("finding bookings", () => {
  beforeAll(async () => {
    const { db } = database();
    const code = await createDiscountCode(db, { code: "CREEK20", description: "$20 off" });
    const card = await createPrepaidCard(db, { cardNumber: "PC12345678ABCD", balanceCents: 0 });
    await createBooking(db, unit(campsite, 0), {
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
    await createBooking(db, unit(other, 0), {
      bookingReference: "BK100002",
      guestFirstName: "Tom",
      guestLastName: "Nguyen",
      status: "pending",
      createdAt: new Date("2030-01-02T00:00:00Z"),
      checkInDate: "2030-02-01",
      checkOutDate: "2030-02-03",
    });
    await createBooking(db, unit(campsite, 1), {
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
      await createBooking(db, many, {
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

describe("cancelling a booking", () => {
  const statusOf = async (id: string) =>
    present(
      (await database().db.select().from(bookings).where(eq(bookings.id, id)))[0],
      `booking ${id}`,
    ).status;
  const auditOf = (id: string) =>
    database()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "booking"), eq(auditLog.entityId, id)));
  const emailsOf = (id: string) =>
    database().db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, id));

  it("cancels a pending booking, records who did it and tells the guest", async () => {
    const { db } = database();
    const booking = await createBooking(db, unit(campsite, 2), {
      status: "pending",
      holdExpiresAt: new Date(Date.now() + 60_000),
      checkInDate: "2030-03-01",
      checkOutDate: "2030-03-03",
    });
    await db.insert(payments).values({
      bookingId: booking.id,
      provider: "test",
      stripeSessionId: "test_cs_open_session",
      guestEmail: booking.guestEmail,
      amountCents: booking.finalAmountCents,
      currency: "aud",
      status: "pending",
    });
    const result = await cancelBooking(db, admin, booking.id);
    expect(result).toEqual({
      status: "cancelled",
      refundedCents: 0,
      prepaidCreditReturnedCents: 0,
      discountCodeUseReturned: false,
    });
    expect(await statusOf(booking.id)).toBe("cancelled");
    const [entry] = await auditOf(booking.id);
    expect(entry).toMatchObject({ action: "booking.cancelled", actorUserId: admin.id });
    expect(present(entry, "the audit entry").details).toMatchObject({
      previousStatus: "pending",
      refund: "none",
    });
    const emails = await emailsOf(booking.id);
    expect(emails.map((e) => e.kind)).toEqual(["booking-cancelled"]);
    // Its open checkout page is closed, so it can no longer be paid.
    expect(expiredSessions).toContain("test_cs_open_session");
  });

  it("cancels a confirmed booking without emailing when asked not to", async () => {
    const { db } = database();
    const booking = await createBooking(db, unit(campsite, 2), {
      status: "confirmed",
      checkInDate: "2030-03-05",
      checkOutDate: "2030-03-07",
    });
    await cancelBooking(db, admin, booking.id, { notifyGuest: false });
    expect(await statusOf(booking.id)).toBe("cancelled");
    expect(await emailsOf(booking.id)).toEqual([]);
  });

  it("refuses to cancel an expired or already cancelled booking, and changes nothing", async () => {
    const { db } = database();
    for (const status of ["expired", "cancelled", "refunded"] as const) {
      const booking = await createBooking(db, unit(campsite, 2), {
        status,
        checkInDate: "2030-04-01",
        checkOutDate: "2030-04-03",
      });
      await expect(cancelBooking(db, admin, booking.id)).rejects.toMatchObject({
        refusal: "conflict",
        message: CANNOT_CANCEL,
      });
      expect(await statusOf(booking.id)).toBe(status);
      expect(await auditOf(booking.id)).toEqual([]);
    }
  });

  it("answers 404 for a booking that does not exist", async () => {
    await expect(
      cancelBooking(database().db, admin, "00000000-0000-4000-8000-000000000000"),
    ).rejects.toMatchObject({ refusal: "not_found" });
  });

  it("cancels a paid booking with a full refund through the provider", async () => {
    const { db } = database();
    const { booking, payment } = await paidBooking(20000);
    const before = refunds.length;
    const result = await cancelBooking(db, admin, booking.id, { refund: { kind: "full" } });
    expect(result.refundedCents).toBe(20000);
    expect(refunds.slice(before)).toEqual([
      { paymentIntentId: payment.stripePaymentIntentId, amountCents: 20000 },
    ]);
    expect(await statusOf(booking.id)).toBe("cancelled");
    const [after] = await db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ refundedAmountCents: 20000, status: "refunded" });
    expect((await emailsOf(booking.id)).map((e) => e.kind)).toEqual(["refund-notice"]);
  });

  it("cancels a paid booking with a partial refund", async () => {
    const { db } = database();
    const { booking, payment } = await paidBooking(20000);
    await cancelBooking(db, admin, booking.id, { refund: { kind: "partial", amountCents: 5050 } });
    const [after] = await db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ refundedAmountCents: 5050, status: "succeeded" });
    const [entry] = await auditOf(booking.id);
    expect(present(entry, "the audit entry").details).toMatchObject({
      refund: "partial",
      refundedCents: 5050,
    });
  });

  it("refuses a refund larger than the payment, and changes nothing", async () => {
    const { db } = database();
    const { booking, payment } = await paidBooking(20000);
    const before = refunds.length;
    await expect(
      cancelBooking(db, admin, booking.id, { refund: { kind: "partial", amountCents: 20001 } }),
    ).rejects.toMatchObject({ refusal: "invalid" });
    await expect(
      cancelBooking(db, admin, booking.id, { refund: { kind: "partial", amountCents: 0 } }),
    ).rejects.toMatchObject({ refusal: "invalid" });
    expect(refunds.length).toBe(before);
    expect(await statusOf(booking.id)).toBe("paid");
    const [after] = await db.select().from(payments).where(eq(payments.id, payment.id));
    expect(present(after, "the payment").refundedAmountCents).toBe(0);
  });

  it("cancels a paid booking with no refund, keeping the payment", async () => {
    const { db } = database();
    const { booking, payment } = await paidBooking(20000);
    await cancelBooking(db, admin, booking.id, { refund: { kind: "none" } });
    expect(await statusOf(booking.id)).toBe("cancelled");
    const [after] = await db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ refundedAmountCents: 0, status: "succeeded" });
    expect((await emailsOf(booking.id)).map((e) => e.kind)).toEqual(["booking-cancelled"]);
  });
});

describe("what a cancellation gives back", () => {
  const publicUrl = "http://127.0.0.1:9";
  const checkout = { provider: createTestProvider(publicUrl), publicUrl };
  let stayOffset = 0;

  /**
   * A booking made and paid the way a camper does it (a 2-night stay of
   * $100.00), so its code's use is counted and its card debited by the
   * payment service itself. `pay: false` leaves it pending.
   */
  async function bookedStay(
    credit: { discountCode?: string; prepaidCardNumber?: string },
    pay = true,
  ) {
    const { db } = database();
    const site = await createCampsite(db, { pricePerNightCents: 5000, quantity: 1 });
    stayOffset += 3;
    const checkIn = addDays(farmToday(), 5 + stayOffset);
    const booking = await bookStay(db, {
      campsiteId: site.id,
      checkIn,
      checkOut: addDays(checkIn, 2),
      guests: 2,
      firstName: "Sam",
      lastName: "Drover",
      email: "sam.drover@example.com",
      ...credit,
    });
    if (pay) {
      const { url } = await startPayment(db, booking.id, checkout);
      const testSession = url.split("/test-checkout/")[1];
      if (testSession) expect(await completeTestCheckout(db, testSession, checkout)).toBe("paid");
    }
    return booking;
  }

  const cardOf = async (id: string) =>
    present(
      (await database().db.select().from(prepaidCards).where(eq(prepaidCards.id, id)))[0],
      `prepaid card ${id}`,
    );
  const usedCountOf = async (id: string) =>
    present(
      (await database().db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0],
      `discount code ${id}`,
    ).usedCount;
  const cardTransactions = (cardId: string) =>
    database()
      .db.select()
      .from(prepaidCardTransactions)
      .where(eq(prepaidCardTransactions.prepaidCardId, cardId))
      .orderBy(prepaidCardTransactions.createdAt);
  const statusOf = async (id: string) =>
    present(
      (await database().db.select().from(bookings).where(eq(bookings.id, id)))[0],
      `booking ${id}`,
    ).status;
  const auditDetailsOf = async (id: string) =>
    (
      await database()
        .db.select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, "booking"), eq(auditLog.entityId, id)))
    ).map((entry) => entry.details);
  /** The guest's cancellation or refund emails (the confirmation and the farm's notice aside). */
  const cancellationEmails = async (id: string) =>
    (await database().db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, id))).filter(
      (e) => e.kind === "booking-cancelled" || e.kind === "refund-notice",
    );

  it("a full refund returns the card payment, the prepaid credit with a credit transaction, and the code's use", async () => {
    const { db } = database();
    const code = await createDiscountCode(db, {
      discountType: "fixed_amount",
      discountValue: 1000,
      usageLimit: 1,
    });
    const card = await createPrepaidCard(db, { balanceCents: 2500 });
    const booking = await bookedStay({
      discountCode: code.code,
      prepaidCardNumber: card.cardNumber,
    });
    expect(booking.finalAmountCents).toBe(6500);
    expect(await statusOf(booking.id)).toBe("paid");
    expect((await cardOf(card.id)).balanceCents).toBe(0);
    expect(await usedCountOf(code.id)).toBe(1);
    expect((await getBookingDetails(db, booking.id)).cancellation).toMatchObject({
      allowed: true,
      refundable: true,
      refundableCents: 6500,
      prepaidCredit: { cents: 2500, cardNumber: card.cardNumber, cardActive: true },
      discountCode: code.code,
    });

    const before = refunds.length;
    const result = await cancelBooking(db, admin, booking.id, { refund: { kind: "full" } });
    expect(result).toEqual({
      status: "cancelled",
      refundedCents: 6500,
      prepaidCreditReturnedCents: 2500,
      discountCodeUseReturned: true,
    });
    expect(refunds.slice(before).map((r) => r.amountCents)).toEqual([6500]);
    expect((await cardOf(card.id)).balanceCents).toBe(2500);
    const transactions = await cardTransactions(card.id);
    expect(transactions).toMatchObject([
      { transactionType: "debit", amountCents: 2500, bookingId: booking.id },
      { transactionType: "credit", amountCents: 2500, bookingId: booking.id },
    ]);
    expect(present(transactions[1], "the credit transaction").description).toContain(
      booking.bookingReference,
    );
    // The code's only use is free again.
    expect(await usedCountOf(code.id)).toBe(0);
    expect(await auditDetailsOf(booking.id)).toMatchObject([
      {
        refund: "full",
        refundedCents: 6500,
        prepaidCreditReturnedCents: 2500,
        discountCodeUseReturned: true,
      },
    ]);
    const emails = await cancellationEmails(booking.id);
    expect(emails.map((e) => e.kind)).toEqual(["refund-notice"]);
    const notice = present(emails[0], "the refund notice");
    expect(notice.textBody).toContain("We have refunded $65.00 to your card.");
    expect(notice.textBody).toContain(
      `returned $25.00 of prepaid credit to your prepaid card ending ${card.cardNumber.slice(-4)}`,
    );
    // The number alone spends the credit, so the email never carries it whole.
    expect(notice.textBody).not.toContain(card.cardNumber);
  });

  it("no refund keeps the card payment and the prepaid credit, and still gives the code's use back", async () => {
    const { db } = database();
    const code = await createDiscountCode(db, { usedCount: 4 });
    const card = await createPrepaidCard(db, { balanceCents: 3000 });
    const booking = await bookedStay({
      discountCode: code.code,
      prepaidCardNumber: card.cardNumber,
    });
    expect(await usedCountOf(code.id)).toBe(5);
    const before = refunds.length;
    const result = await cancelBooking(db, admin, booking.id, { refund: { kind: "none" } });
    expect(result).toEqual({
      status: "cancelled",
      refundedCents: 0,
      prepaidCreditReturnedCents: 0,
      discountCodeUseReturned: true,
    });
    expect(refunds.length).toBe(before);
    expect((await cardOf(card.id)).balanceCents).toBe(0);
    expect((await cardTransactions(card.id)).map((t) => t.transactionType)).toEqual(["debit"]);
    expect(await usedCountOf(code.id)).toBe(4);
    const emails = await cancellationEmails(booking.id);
    expect(emails.map((e) => e.kind)).toEqual(["booking-cancelled"]);
    expect(present(emails[0], "the cancellation email").textBody).not.toContain("prepaid credit");
  });

  it("a partial refund comes off the card payment only: the prepaid credit stays spent", async () => {
    const { db } = database();
    const code = await createDiscountCode(db, { usedCount: 2 });
    const card = await createPrepaidCard(db, { balanceCents: 3000 });
    const booking = await bookedStay({
      discountCode: code.code,
      prepaidCardNumber: card.cardNumber,
    });
    const result = await cancelBooking(db, admin, booking.id, {
      refund: { kind: "partial", amountCents: 1500 },
    });
    expect(result).toEqual({
      status: "cancelled",
      refundedCents: 1500,
      prepaidCreditReturnedCents: 0,
      discountCodeUseReturned: true,
    });
    expect((await cardOf(card.id)).balanceCents).toBe(0);
    expect((await cardTransactions(card.id)).map((t) => t.transactionType)).toEqual(["debit"]);
    expect(await usedCountOf(code.id)).toBe(2);
    const [email] = await cancellationEmails(booking.id);
    assertPresent(email, "the refund notice");
    expect(email.textBody).toContain("We have refunded $15.00 to your card.");
    expect(email.textBody).not.toContain("prepaid credit");
  });

  it("returns the credit of a booking confirmed without a card payment, to a card deactivated since, which stays deactivated", async () => {
    const { db } = database();
    const code = await createDiscountCode(db, { discountValue: 10, usedCount: 1 });
    const card = await createPrepaidCard(db, { balanceCents: 20000 });
    const booking = await bookedStay({
      discountCode: code.code,
      prepaidCardNumber: card.cardNumber,
    });
    expect(booking).toMatchObject({ prepaidAmountUsedCents: 9000, finalAmountCents: 0 });
    expect(await statusOf(booking.id)).toBe("confirmed");
    await db.update(prepaidCards).set({ isActive: false }).where(eq(prepaidCards.id, card.id));
    expect((await getBookingDetails(db, booking.id)).cancellation).toEqual({
      allowed: true,
      refundable: true,
      paymentId: null,
      refundableCents: 0,
      prepaidCredit: { cents: 9000, cardNumber: card.cardNumber, cardActive: false },
      discountCode: code.code,
    });
    await expect(
      cancelBooking(db, admin, booking.id, { refund: { kind: "partial", amountCents: 100 } }),
    ).rejects.toMatchObject({ refusal: "invalid", message: NO_CARD_PAYMENT });
    expect(await statusOf(booking.id)).toBe("confirmed");

    const before = refunds.length;
    const result = await cancelBooking(db, admin, booking.id, { refund: { kind: "full" } });
    expect(result).toEqual({
      status: "cancelled",
      refundedCents: 0,
      prepaidCreditReturnedCents: 9000,
      discountCodeUseReturned: true,
    });
    expect(refunds.length).toBe(before);
    expect(await cardOf(card.id)).toMatchObject({ balanceCents: 20000, isActive: false });
    expect(await usedCountOf(code.id)).toBe(1);
    const emails = await cancellationEmails(booking.id);
    expect(emails.map((e) => e.kind)).toEqual(["booking-cancelled"]);
    expect(present(emails[0], "the cancellation email").textBody).toContain(
      "returned $90.00 of prepaid credit",
    );
  });

  it("gives nothing back twice, even to two cancellations at once", async () => {
    const { db } = database();
    const code = await createDiscountCode(db, { discountValue: 10, usedCount: 5 });
    const card = await createPrepaidCard(db, { balanceCents: 20000 });
    const booking = await bookedStay({
      discountCode: code.code,
      prepaidCardNumber: card.cardNumber,
    });
    expect(await usedCountOf(code.id)).toBe(6);

    const full = { refund: { kind: "full" as const } };
    const outcomes = await Promise.allSettled([
      cancelBooking(db, admin, booking.id, full),
      cancelBooking(db, admin, booking.id, full),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const [refused] = outcomes.filter((o) => o.status === "rejected");
    expect(present(refused, "the refused cancellation").reason).toMatchObject({
      refusal: "conflict",
    });
    await expect(cancelBooking(db, admin, booking.id, full)).rejects.toMatchObject({
      refusal: "conflict",
      message: CANNOT_CANCEL,
    });

    expect((await cardOf(card.id)).balanceCents).toBe(20000);
    expect((await cardTransactions(card.id)).map((t) => t.transactionType)).toEqual([
      "debit",
      "credit",
    ]);
    expect(await usedCountOf(code.id)).toBe(5);
    expect(await auditDetailsOf(booking.id)).toHaveLength(1);
    expect(await cancellationEmails(booking.id)).toHaveLength(1);
    expect((await getBookingDetails(db, booking.id)).cancellation).toEqual({ allowed: false });
  });

  it("a pending booking's cancellation changes neither its code nor its card: it never redeemed them", async () => {
    const { db } = database();
    const code = await createDiscountCode(db, { usedCount: 2, usageLimit: 3 });
    const card = await createPrepaidCard(db, { balanceCents: 2500 });
    const booking = await bookedStay(
      { discountCode: code.code, prepaidCardNumber: card.cardNumber },
      false,
    );
    expect(booking.prepaidAmountUsedCents).toBe(2500);
    expect((await getBookingDetails(db, booking.id)).cancellation).toEqual({
      allowed: true,
      refundable: false,
      prepaidCredit: null,
      discountCode: null,
    });
    await expect(
      cancelBooking(db, admin, booking.id, { refund: { kind: "full" } }),
    ).rejects.toMatchObject({ refusal: "invalid", message: NOTHING_TO_REFUND });

    const result = await cancelBooking(db, admin, booking.id);
    expect(result).toEqual({
      status: "cancelled",
      refundedCents: 0,
      prepaidCreditReturnedCents: 0,
      discountCodeUseReturned: false,
    });
    expect(await usedCountOf(code.id)).toBe(2);
    expect((await cardOf(card.id)).balanceCents).toBe(2500);
    expect(await cardTransactions(card.id)).toEqual([]);
  });

  it("never counts a code below zero", async () => {
    const { db } = database();
    // A paid booking whose use was never counted (entered before codes were counted at payment).
    const code = await createDiscountCode(db, { usedCount: 0 });
    const booking = await createBooking(db, unit(campsite, 1), {
      status: "paid",
      checkInDate: "2032-06-01",
      checkOutDate: "2032-06-03",
      discountCodeId: code.id,
    });
    const result = await cancelBooking(db, admin, booking.id);
    expect(result.discountCodeUseReturned).toBe(false);
    expect(await usedCountOf(code.id)).toBe(0);
    expect(await statusOf(booking.id)).toBe("cancelled");
  });

  it("still tells the guest of a card refund when the cancellation loses a race, and returns nothing", async () => {
    const { db } = database();
    const code = await createDiscountCode(db, { usedCount: 3 });
    const card = await createPrepaidCard(db, { balanceCents: 1000 });
    const booking = await bookedStay({
      discountCode: code.code,
      prepaidCardNumber: card.cardNumber,
    });
    // Another administrator's cancellation lands while the provider refunds.
    duringRefund = async () => {
      await db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, booking.id));
    };
    try {
      await expect(
        cancelBooking(db, admin, booking.id, { refund: { kind: "full" } }),
      ).rejects.toMatchObject({ refusal: "conflict", message: BOOKING_CHANGED });
    } finally {
      duringRefund = undefined;
    }
    const emails = await cancellationEmails(booking.id);
    expect(emails.map((e) => e.kind)).toEqual(["refund-notice"]);
    expect(present(emails[0], "the refund notice").textBody).not.toContain("prepaid credit");
    expect((await cardOf(card.id)).balanceCents).toBe(0);
    expect(await usedCountOf(code.id)).toBe(4);
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
    const booking = await createBooking(db, unit(campsite, 2), {
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
