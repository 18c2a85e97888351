// Cancelling a booking from the back office, with and without a card refund,
// several at once (run on PostgreSQL too, where they really are concurrent),
// and while the provider fails.
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { CANNOT_CANCEL, REFUND_UNAVAILABLE } from "#domain/rules/cancellation.ts";
import { auditLog, bookings, emailOutbox, payments } from "#server/db/schema.ts";
import { admin, adminBookingsFixture } from "#server/services/admin-bookings/test-fixture.ts";
import { insertBooking } from "#server/testing/factories.ts";
import { expectLedgerAgrees } from "#server/testing/ledger-check.ts";
import { present } from "#server/testing/present.ts";
import { cancelBooking } from "./cancel";

const { database, refunds, expiredSessions, hooks, creekside, paidBooking } =
  adminBookingsFixture();
// Every history these tests make leaves the ledger adding up (issue 29).
afterAll(() => expectLedgerAgrees(database().db));

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
    const booking = await insertBooking(db, creekside(2), {
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
    const booking = await insertBooking(db, creekside(2), {
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
      const booking = await insertBooking(db, creekside(2), {
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

  it("10 full-refund cancellations at once: one refund at the provider, one email, 9 refused", async () => {
    const { db } = database();
    const { booking, payment } = await paidBooking(20000);
    const before = refunds.length;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        cancelBooking(db, admin, booking.id, { refund: { kind: "full" } }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected")
        expect(r.reason).toMatchObject({ refusal: "conflict", message: CANNOT_CANCEL });
    expect(refunds.slice(before)).toEqual([
      { paymentIntentId: payment.stripePaymentIntentId, amountCents: 20000 },
    ]);
    expect((await emailsOf(booking.id)).map((e) => e.kind)).toEqual(["refund-notice"]);
    expect(await auditOf(booking.id)).toHaveLength(1);
    const [after] = await db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ refundedAmountCents: 20000, status: "refunded" });
  });

  it("changes nothing when the provider fails the refund, so the owner can try again", async () => {
    const { db } = database();
    const { booking, payment } = await paidBooking(20000);
    hooks.duringRefund = async () => {
      throw new Error("connect ECONNREFUSED");
    };
    try {
      await expect(
        cancelBooking(db, admin, booking.id, { refund: { kind: "full" } }),
      ).rejects.toMatchObject({ refusal: "upstream", message: REFUND_UNAVAILABLE });
    } finally {
      hooks.duringRefund = undefined;
    }
    expect(await statusOf(booking.id)).toBe("paid");
    const [after] = await db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ refundedAmountCents: 0, status: "succeeded" });
    expect(await auditOf(booking.id)).toEqual([]);
    expect(await emailsOf(booking.id)).toEqual([]);
    await cancelBooking(db, admin, booking.id, { refund: { kind: "full" } });
    expect(await statusOf(booking.id)).toBe("cancelled");
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
