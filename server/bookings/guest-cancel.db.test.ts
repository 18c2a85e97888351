// The camper's own booking page and cancellation (decision 0015): the view at
// the token, the policy's refund through the provider, the credit and the
// code's use given back, the unit freed, once, and refusals that change nothing.
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { siteConfig } from "#content/site.ts";
import { NOT_CANCELLABLE_BY_GUEST, STAY_STARTED } from "#domain/rules/cancellation-policy.ts";
import { addDays } from "#domain/rules/dates.ts";
import {
  auditLog,
  bookings,
  discountCodes,
  emailOutbox,
  payments,
  prepaidCards,
} from "#server/db/schema.ts";
import { createTestProvider } from "#server/payments/test-checkout.ts";
import { admin, adminBookingsFixture } from "#server/services/admin-bookings/test-fixture.ts";
import { createBooking as bookStay } from "#server/services/bookings.ts";
import { saveSettings } from "#server/services/settings.ts";
import { createCampsite, deskBooking } from "#server/testing/factories.ts";
import { expectLedgerAgrees } from "#server/testing/ledger-check.ts";
import { paidStay as paidStayIn } from "#server/testing/paid-stay.ts";
import { present } from "#server/testing/present.ts";
import {
  BOOKING_NOT_FOUND,
  cancelOwnBooking,
  GUEST_CANCEL_RATE_LIMIT,
  guestBookingByToken,
  guestCalendarByToken,
  REFUND_REFUSED,
} from "./guest-cancel";
import { takeBooking } from "./take";

const { database, refunds, hooks } = adminBookingsFixture();
// Every history these tests make leaves the ledger adding up (issue 29).
afterAll(() => expectLedgerAgrees(database().db));

const checkout = {
  provider: createTestProvider("http://127.0.0.1:9"),
  publicUrl: "http://127.0.0.1:9",
};
let client = 0;
/** A client address of its own per attempt, so only the rate limit test meets the limit. */
const nextClient = () => `203.0.113.${++client}`;

/** A paid stay (server/testing/paid-stay.ts) in this file's database. */
const paidStay = (daysAhead: number, options: Parameters<typeof paidStayIn>[3] = {}) =>
  paidStayIn(database().db, checkout, daysAhead, options);

const bookingOf = async (id: string) =>
  present((await database().db.select().from(bookings).where(eq(bookings.id, id)))[0], id);
const paymentOf = async (bookingId: string) =>
  present(
    (await database().db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0],
    "the payment",
  );
const cardBalance = async (id: string) =>
  present((await database().db.select().from(prepaidCards).where(eq(prepaidCards.id, id)))[0], id)
    .balanceCents;
const codeUses = async (id: string) =>
  present((await database().db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0], id)
    .usedCount;
/** The farm's notices of the camper's cancellation of booking `id`. */
const farmCancelNotices = (id: string) =>
  database()
    .db.select()
    .from(emailOutbox)
    .where(
      and(eq(emailOutbox.bookingId, id), eq(emailOutbox.kind, "booking-cancellation-notification")),
    );
const auditOf = (id: string) =>
  database()
    .db.select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "booking"), eq(auditLog.entityId, id)));

describe("the camper's booking page", () => {
  it("shows a paid stay with what was paid, the policy in words and what cancelling gives back", async () => {
    const { booking, token } = await paidStay(20, { credit: true });
    const view = present(await guestBookingByToken(database().db, token), "the view");
    const deadline = addDays(booking.checkInDate, -7);
    expect(view).toMatchObject({
      reference: booking.bookingReference,
      status: "paid",
      checkIn: booking.checkInDate,
      nights: 2,
      guests: 2,
      dogs: 0,
      endingNote: null,
      invoicePath: `/my-booking/${token}/invoice`,
      invoiceLabel: "View your tax invoice",
      calendarPath: `/my-booking/${token}/calendar.ics`,
      cancel: {
        statement:
          "If you cancel now, you get a full refund: $65.00 back to your card and $25.00 back on your prepaid card.",
      },
    });
    expect(view.policy).toMatch(
      /^Full refund if you cancel by \w+day \d+ \w+ \d{4}; no refund after that\.$/,
    );
    expect(view.policy).toContain(String(Number(deadline.slice(8))));
    expect(view.lines.map((l) => l.amountCents)).toEqual([10000]);
    expect(view.totals.map((t) => t.label)).toContain("GST included in total");
    const ics = present(await guestCalendarByToken(database().db, token), "the calendar");
    expect(ics.filename).toBe(`${booking.bookingReference}.ics`);
    expect(ics.content).toContain("BEGIN:VEVENT");
  });

  it("is not found for a wrong, malformed or unpaid booking's token", async () => {
    const { token } = await paidStay(30, { pay: false });
    for (const t of [token, "x".repeat(32), "nope", "../../etc"]) {
      expect(await guestBookingByToken(database().db, t)).toBeUndefined();
      expect(await guestCalendarByToken(database().db, t)).toBeUndefined();
      await expect(cancelOwnBooking(database().db, t, nextClient())).rejects.toMatchObject({
        refusal: "not_found",
        message: BOOKING_NOT_FOUND,
      });
    }
  });
});

describe("the camper cancelling their own booking", () => {
  it("refunds everything more than 7 days ahead, gives back credit and the code's use, frees the unit, once", async () => {
    const { db } = database();
    const { booking, token, code, card, stay } = await paidStay(20, { credit: true });
    expect(await cardBalance(card.id)).toBe(0);
    expect(await codeUses(code.id)).toBe(1);
    const before = refunds.length;

    const result = await cancelOwnBooking(db, token, nextClient());
    expect(result).toEqual({
      status: "cancelled",
      refundedCents: 6500,
      prepaidCreditReturnedCents: 2500,
      discountCodeUseReturned: true,
    });
    expect(refunds.slice(before).map((r) => r.amountCents)).toEqual([6500]);
    expect(await paymentOf(booking.id)).toMatchObject({
      refundedAmountCents: 6500,
      status: "refunded",
    });
    expect((await bookingOf(booking.id)).status).toBe("cancelled");
    expect(await cardBalance(card.id)).toBe(2500);
    expect(await codeUses(code.id)).toBe(0);
    const [entry, ...more] = await auditOf(booking.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: "booking.cancelled", actorUserId: null });
    expect(present(entry, "the audit entry").details).toMatchObject({
      by: "guest",
      previousStatus: "paid",
      refund: "full",
      refundedCents: 6500,
      prepaidCreditReturnedCents: 2500,
    });
    const emails = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, booking.id));
    expect(emails.filter((e) => e.kind === "refund-notice")).toHaveLength(1);

    // The page now says how it ended, offers no cancel and no calendar.
    const view = present(await guestBookingByToken(db, token), "the view");
    expect(view).toMatchObject({ status: "cancelled", cancel: null, calendarPath: null });
    expect(view.endingNote).toMatch(
      /\$65\.00 refunded to the card and \$25\.00 returned to the prepaid card/,
    );

    // A second click changes nothing.
    await expect(cancelOwnBooking(db, token, nextClient())).rejects.toMatchObject({
      refusal: "conflict",
      message: NOT_CANCELLABLE_BY_GUEST,
    });
    expect(refunds.length).toBe(before + 1);
    expect(await cardBalance(card.id)).toBe(2500);
    expect(await auditOf(booking.id)).toHaveLength(1);

    // The unit is free again: another camper books the same nights.
    await expect(
      bookStay(db, { ...stay, firstName: "Ada", lastName: "Next", email: "ada@example.com" }),
    ).resolves.toMatchObject({ status: "pending" });
  });

  it("two cancellations at once cancel once", async () => {
    const { db } = database();
    const { booking, token } = await paidStay(40);
    const before = refunds.length;
    const results = await Promise.allSettled([
      cancelOwnBooking(db, token, nextClient()),
      cancelOwnBooking(db, token, nextClient()),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(refunds.length).toBe(before + 1);
    expect(await auditOf(booking.id)).toHaveLength(1);
  });

  it("tells the farm once, in the cancellation's transaction: who, which booking, what went back", async () => {
    const { db } = database();
    const { booking, token, card } = await paidStay(25, { credit: true });
    await cancelOwnBooking(db, token, nextClient());
    const [notice, ...more] = await farmCancelNotices(booking.id);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      toAddress: siteConfig().notificationEmail,
      replyTo: booking.guestEmail,
      subject: expect.stringMatching(
        new RegExp(`^Booking cancelled ${booking.bookingReference}: .+, ${booking.checkInDate}$`),
      ),
    });
    const text = present(notice, "the notice").textBody;
    expect(text).toContain(
      `Sam Drover cancelled booking ${booking.bookingReference} from their booking page.`,
    );
    expect(text).toContain(
      `Under the cancellation policy, $65.00 to their card and $25.00 of prepaid credit to their prepaid card ending ${card.cardNumber.slice(-4)} went back to them.`,
    );
    expect(text).toContain("The discount code's use was given back.");

    // A second click is refused and tells the farm nothing more.
    await expect(cancelOwnBooking(db, token, nextClient())).rejects.toMatchObject({
      refusal: "conflict",
    });
    expect(await farmCancelNotices(booking.id)).toHaveLength(1);
  });

  it("tells the farm nothing with 'Booking notification emails' off; the guest still hears", async () => {
    const { db } = database();
    await saveSettings(db, { notificationEmails: false });
    try {
      const { booking, token } = await paidStay(26);
      await cancelOwnBooking(db, token, nextClient());
      expect(await farmCancelNotices(booking.id)).toEqual([]);
      const emails = await db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.bookingId, booking.id));
      expect(emails.filter((e) => e.kind === "refund-notice")).toHaveLength(1);
    } finally {
      await saveSettings(db, { notificationEmails: true });
    }
  });

  it("applies the late share of the policy to the card and the credit alike", async () => {
    const { db } = database();
    await saveSettings(db, { lateCancellationRefundPercent: 50 });
    try {
      const { booking, token, card } = await paidStay(3, { credit: true });
      const result = await cancelOwnBooking(db, token, nextClient());
      expect(result).toMatchObject({ refundedCents: 3250, prepaidCreditReturnedCents: 1250 });
      expect(await paymentOf(booking.id)).toMatchObject({
        refundedAmountCents: 3250,
        status: "succeeded",
      });
      expect(await cardBalance(card.id)).toBe(1250);
    } finally {
      await saveSettings(db, { lateCancellationRefundPercent: 0 });
    }
  });

  it("refunds nothing under 'no refunds', and still cancels", async () => {
    const { db } = database();
    await saveSettings(db, { cancellationRefunds: "none" });
    try {
      const { booking, token } = await paidStay(60);
      const view = present(await guestBookingByToken(db, token), "the view");
      expect(view.policy).toBe(
        "This booking is non-refundable: if you cancel, nothing is paid back.",
      );
      const before = refunds.length;
      expect(await cancelOwnBooking(db, token, nextClient())).toMatchObject({ refundedCents: 0 });
      expect(refunds.length).toBe(before);
      expect((await bookingOf(booking.id)).status).toBe("cancelled");
    } finally {
      await saveSettings(db, { cancellationRefunds: "by-notice" });
    }
  });

  it("refuses a stay that has started, and changes nothing", async () => {
    const { db } = database();
    const { booking, token } = await paidStay(10);
    const onArrival = new Date(Date.now() + 10 * 86_400_000);
    await expect(
      cancelOwnBooking(db, token, nextClient(), { now: onArrival }),
    ).rejects.toMatchObject({
      refusal: "conflict",
      message: STAY_STARTED,
    });
    expect((await bookingOf(booking.id)).status).toBe("paid");
    expect(await auditOf(booking.id)).toEqual([]);
  });

  it("changes nothing when the provider refuses the refund", async () => {
    const { db } = database();
    const { booking, token, card } = await paidStay(50, { credit: true });
    hooks.duringRefund = async () => {
      throw new Error("card_declined");
    };
    try {
      await expect(cancelOwnBooking(db, token, nextClient())).rejects.toMatchObject({
        refusal: "upstream",
        message: REFUND_REFUSED,
      });
    } finally {
      hooks.duringRefund = undefined;
    }
    expect((await bookingOf(booking.id)).status).toBe("paid");
    expect(await paymentOf(booking.id)).toMatchObject({
      refundedAmountCents: 0,
      status: "succeeded",
    });
    expect(await cardBalance(card.id)).toBe(0);
    expect(await auditOf(booking.id)).toEqual([]);
    expect(await farmCancelNotices(booking.id)).toEqual([]);
  });

  it("is rate limited per client, wrong tokens counting too", async () => {
    const { db } = database();
    const address = "198.51.100.7";
    for (let i = 0; i < GUEST_CANCEL_RATE_LIMIT.max; i++)
      await expect(
        cancelOwnBooking(db, `guess${"x".repeat(40)}${i}`, address),
      ).rejects.toMatchObject({
        refusal: "not_found",
      });
    const { token } = await paidStay(70);
    await expect(cancelOwnBooking(db, token, address)).rejects.toMatchObject({
      refusal: "rate_limited",
    });
  });
});

describe("a stay paid at the farm, cancelled by the camper", () => {
  it("gives the money back by the farm's hand, and says so to the camper and the farm", async () => {
    const { db } = database();
    const now = new Date("2031-06-01T00:00:00Z");
    const campsite = await createCampsite(db, { name: "Desk Paid" });
    const owner = { id: admin.id, role: "owner" as const };
    const booking = await takeBooking(db, owner, deskBooking(campsite, "2031-07-10"), now);
    const token = present(booking.guestToken, "the booking's page");

    const result = await cancelOwnBooking(db, token, nextClient(), { now });
    expect(result).toMatchObject({ refundedCents: 10000 });
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, booking.id));
    const guest = present(
      mails.find((m) => m.kind === "refund-notice"),
      "the camper's refund notice",
    );
    expect(guest.textBody).toContain(
      "We will give back the $100.00 you paid at the farm ourselves, and will be in touch to arrange it.",
    );
    expect(guest.textBody).not.toContain("to your card");
    const [farm] = await farmCancelNotices(booking.id);
    expect(farm?.textBody).toContain(
      "$100.00 they paid at the desk, for the farm to give back to them",
    );
  });
});
