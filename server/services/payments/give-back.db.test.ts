// What a cancellation gives back: card money, prepaid credit and the code's use, once.
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { CANNOT_CANCEL, NO_CARD_PAYMENT, NOTHING_TO_REFUND } from "#domain/rules/cancellation.ts";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import {
  auditLog,
  bookings,
  discountCodes,
  emailOutbox,
  prepaidCards,
  prepaidCardTransactions,
} from "#server/db/schema.ts";
import { createTestProvider } from "#server/payments/test-checkout.ts";
import { getBookingDetails } from "#server/services/admin-bookings/details.ts";
import { admin, adminBookingsFixture } from "#server/services/admin-bookings/test-fixture.ts";
import { createBooking as bookStay } from "#server/services/bookings.ts";
import { startPayment } from "#server/services/payments/start.ts";
import { completeTestCheckout } from "#server/services/payments/test-checkout-session.ts";
import {
  createCampsite,
  createDiscountCode,
  createPrepaidCard,
  insertBooking,
} from "#server/testing/factories.ts";
import { expectLedgerAgrees } from "#server/testing/ledger-check.ts";
import { assertPresent, present } from "#server/testing/present.ts";
import { cancelBooking } from "./cancel";

const { database, refunds, creekside } = adminBookingsFixture();
// Every history these tests make leaves the ledger adding up (issue 29).
afterAll(() => expectLedgerAgrees(database().db));

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
      const { url } = await startPayment(db, booking.id, booking.holdSecret, checkout);
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
      payments: [],
      refundableCents: 0,
      prepaidCredit: { cents: 9000, cardNumber: card.cardNumber, cardActive: false },
      discountCode: code.code,
      creditedFromCardCents: 0,
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
      creditedFromCardCents: 0,
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
    const booking = await insertBooking(db, creekside(1), {
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

  it("gives back once when two cancellations with a full refund race: one refund, one email", async () => {
    const { db } = database();
    const code = await createDiscountCode(db, { usedCount: 3 });
    const card = await createPrepaidCard(db, { balanceCents: 1000 });
    const booking = await bookedStay({
      discountCode: code.code,
      prepaidCardNumber: card.cardNumber,
    });
    const before = refunds.length;
    const [first, second] = await Promise.allSettled(
      [1, 2].map(() => cancelBooking(db, admin, booking.id, { refund: { kind: "full" } })),
    );
    const refused = [first, second].flatMap((r) => (r?.status === "rejected" ? [r.reason] : []));
    expect(refused).toEqual([expect.objectContaining({ refusal: "conflict" })]);
    expect(refunds.length - before).toBe(1);
    expect((await cancellationEmails(booking.id)).map((e) => e.kind)).toEqual(["refund-notice"]);
    expect((await cardOf(card.id)).balanceCents).toBe(1000);
    expect(await usedCountOf(code.id)).toBe(3);
    expect(await auditDetailsOf(booking.id)).toHaveLength(1);
  });
});
