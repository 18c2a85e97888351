// The camper changes their stay (decision 0019): priced first, changed at once
// when it costs the same or less (with the policy's refund), paid first when
// it costs more; the booking moves in one step, and nothing changes on a
// refusal or when the new nights go before the payment arrives.
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { formatLongDay } from "#domain/format/long-day.ts";
import { addDays } from "#domain/rules/dates.ts";
import { STAY_CHANGE_ERRORS } from "#domain/rules/stay-change.ts";
import { auditLog, bookings, emailOutbox, payments } from "#server/db/schema.ts";
import { createTestProvider } from "#server/payments/test-checkout.ts";
import { adminBookingsFixture } from "#server/services/admin-bookings/test-fixture.ts";
import { completeTestCheckout } from "#server/services/payments/test-checkout-session.ts";
import { saveSettings } from "#server/services/settings.ts";
import { documentsOf } from "#server/services/tax-documents.ts";
import { insertBooking } from "#server/testing/factories.ts";
import { expectLedgerAgrees } from "#server/testing/ledger-check.ts";
import { paidStay as paidStayIn } from "#server/testing/paid-stay.ts";
import { present } from "#server/testing/present.ts";
import { refusal } from "#server/testing/refusal.ts";
import { cancelOwnBooking, guestBookingByToken } from "./guest-cancel";
import { changeOwnStay, changePaymentOutcome, previewStayChange } from "./guest-change";

const { database, refunds } = adminBookingsFixture();
// Every history these tests make leaves the ledger adding up (issue 29).
afterAll(() => expectLedgerAgrees(database().db));
const checkout = {
  provider: createTestProvider("http://127.0.0.1:9"),
  publicUrl: "http://127.0.0.1:9",
};
let client = 0;
const nextClient = () => `198.51.100.${++client}`;

const paidStay = (daysAhead: number, options: Parameters<typeof paidStayIn>[3] = {}) =>
  paidStayIn(database().db, checkout, daysAhead, options);
const bookingOf = async (id: string) =>
  present((await database().db.select().from(bookings).where(eq(bookings.id, id)))[0], id);
const paymentsOf = (bookingId: string) =>
  database().db.select().from(payments).where(eq(payments.bookingId, bookingId));
/** Changes the stay; `deps` pays through the test checkout, `{}` refunds through the fixture's recorder. */
const change = (
  token: string,
  stay: Parameters<typeof changeOwnStay>[2],
  deps: Parameters<typeof changeOwnStay>[4] = checkout,
) => changeOwnStay(database().db, token, stay, nextClient(), deps);
/** The farm's notices of the camper's changes to booking `id`. */
const farmChangeNotices = (id: string) =>
  database()
    .db.select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.bookingId, id), eq(emailOutbox.kind, "booking-change-notification")));
/** The one farm notice of the booking's change: its plain text. */
async function theFarmNotice(id: string) {
  const [notice, ...more] = await farmChangeNotices(id);
  expect(more).toEqual([]);
  return present(notice, "the farm's notice").textBody;
}
const stayOf = (b: typeof bookings.$inferSelect, shift = 0, nights?: number) => ({
  checkIn: addDays(b.checkInDate, shift),
  checkOut: nights ? addDays(b.checkInDate, shift + nights) : addDays(b.checkOutDate, shift),
  guests: b.numberOfGuests,
  dogs: b.numberOfDogs,
});

describe("changing a stay", () => {
  it("moves a stay to other dates at the same price at once, with a new confirmation", async () => {
    const { booking, token } = await paidStay(20);
    const to = stayOf(booking, 7);
    const preview = await previewStayChange(database().db, token, to);
    expect(preview).toMatchObject({ nights: 2, totalCents: 10000, pays: false });
    expect(preview.statement).toMatch(/^The price stays the same/);
    expect(await change(token, to)).toEqual({ kind: "changed", version: 1 });

    const moved = await bookingOf(booking.id);
    expect(moved).toMatchObject({
      checkInDate: to.checkIn,
      checkOutDate: to.checkOut,
      finalAmountCents: 10000,
      calendarSequence: 1,
      status: "paid",
    });
    const [entry] = await database()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, "booking.changed")));
    expect(entry?.details).toMatchObject({ by: "guest", to: { checkIn: to.checkIn } });
    const mails = await database()
      .db.select()
      .from(emailOutbox)
      .where(eq(emailOutbox.bookingId, booking.id));
    const changed = present(
      mails.find((m) => m.subject.startsWith("Booking changed")),
      "the changed confirmation",
    );
    expect(JSON.stringify(changed.attachments)).toContain("SEQUENCE:1");

    // The farm hears of it once: who, which booking, the old and the new stay, the money.
    const notice = await theFarmNotice(booking.id);
    expect(notice).toContain(
      `Sam Drover changed booking ${booking.bookingReference} from their booking page.`,
    );
    expect(notice).toContain(
      `Before: ${formatLongDay(booking.checkInDate)} to ${formatLongDay(booking.checkOutDate)}, 2 guests.`,
    );
    expect(notice).toContain(
      `Now: ${formatLongDay(to.checkIn)} to ${formatLongDay(to.checkOut)}, 2 guests.`,
    );
    expect(notice).toContain("The price is unchanged: nothing was paid and nothing refunded.");
  });

  it("tells the farm nothing of a change with 'Booking notification emails' off", async () => {
    await saveSettings(database().db, { notificationEmails: false });
    try {
      const { booking, token } = await paidStay(21);
      await change(token, stayOf(booking, 7));
      expect((await bookingOf(booking.id)).calendarSequence).toBe(1);
      expect(await farmChangeNotices(booking.id)).toEqual([]);
    } finally {
      await saveSettings(database().db, { notificationEmails: true });
    }
  });

  it("refunds a shorter stay in full more than 7 days ahead, through the provider", async () => {
    const { booking, token } = await paidStay(20, { nights: 3 });
    const before = refunds.length;
    const to = stayOf(booking, 0, 2);
    expect((await previewStayChange(database().db, token, to)).statement).toBe(
      "The changed stay costs less: you get $50.00 back to your card.",
    );
    await change(token, to, {});
    expect(refunds.slice(before).map((r) => r.amountCents)).toEqual([5000]);
    expect(await bookingOf(booking.id)).toMatchObject({
      checkOutDate: to.checkOut,
      totalAmountCents: 10000,
      finalAmountCents: 10000,
    });
    const [payment] = await paymentsOf(booking.id);
    expect(payment).toMatchObject({ status: "succeeded", refundedAmountCents: 5000 });
    expect(await theFarmNotice(booking.id)).toContain(
      "The changed stay costs less: $50.00 to their card went back to them.",
    );
  });

  it("under 'no refunds' keeps the difference as a line of the invoice", async () => {
    await saveSettings(database().db, { cancellationRefunds: "none" });
    try {
      const { booking, token } = await paidStay(20, { nights: 3 });
      const before = refunds.length;
      await change(token, stayOf(booking, 0, 2));
      expect(refunds.length).toBe(before);
      const after = await bookingOf(booking.id);
      expect(after.totalAmountCents).toBe(15000);
      expect(after.priceLines.map((l) => [l.kind, l.amountCents])).toEqual([
        ["nights", 10000],
        ["kept", 5000],
      ]);
    } finally {
      await saveSettings(database().db, { cancellationRefunds: "by-notice" });
    }
  });

  it("a longer stay is paid first; then the stay moves and the earlier payment goes back in full", async () => {
    const { booking, token } = await paidStay(20, { credit: true });
    const to = stayOf(booking, 0, 3);
    const preview = await previewStayChange(database().db, token, to);
    expect(preview).toMatchObject({ pays: true, totalCents: 14000 });
    expect(preview.statement).toBe(
      "You pay $115.00 by card for the changed stay. Your earlier card payment of $65.00 is then refunded in full.",
    );
    const answer = await change(token, to);
    if (answer.kind !== "pay") throw new Error("expected to pay");
    // Nothing moves, and the farm hears nothing, before the payment arrives.
    expect((await bookingOf(booking.id)).checkOutDate).toBe(booking.checkOutDate);
    expect(await farmChangeNotices(booking.id)).toEqual([]);

    const session = present(answer.url.split("/test-checkout/")[1], "the session");
    expect(await completeTestCheckout(database().db, session, checkout)).toBe("paid");
    // Nothing told before the payment came; then once, even when the payment is reported again.
    expect(await changePaymentOutcome(database().db, token, session, checkout)).toBe("changed");
    expect(await completeTestCheckout(database().db, session, checkout)).not.toBe("paid");
    const notice = await theFarmNotice(booking.id);
    expect(notice).toContain(`Now: ${formatLongDay(to.checkIn)} to ${formatLongDay(to.checkOut)}`);
    expect(notice).toContain(
      "They paid $115.00 by card for the changed stay. Their earlier card payment of $65.00 goes back to them in full.",
    );
    expect(await bookingOf(booking.id)).toMatchObject({
      checkOutDate: to.checkOut,
      totalAmountCents: 15000,
      discountAmountCents: 1000,
      prepaidAmountUsedCents: 2500,
      finalAmountCents: 11500,
    });
    const rows = await paymentsOf(booking.id);
    expect(rows.map((p) => [p.amountCents, p.status]).sort()).toEqual([
      [11500, "succeeded"],
      [6500, "refunded"],
    ]);
    // Cancelling now refunds the payment that stands, not the one given back.
    const view = present(await guestBookingByToken(database().db, token), "the view");
    expect(view.cancel?.statement).toBe(
      "If you cancel now, you get a full refund: $115.00 back to your card and $25.00 back on your prepaid card.",
    );
  });

  it("refunds the card's difference on a later cancellation of a stay the prepaid card paid for", async () => {
    const { booking, token } = await paidStay(20, { credit: true, prepaidCents: 20000 });
    expect(booking.status).toBe("confirmed");
    const answer = await change(token, stayOf(booking, 0, 3));
    if (answer.kind !== "pay") throw new Error("expected to pay");
    const session = present(answer.url.split("/test-checkout/")[1], "the session");
    expect(await completeTestCheckout(database().db, session, checkout)).toBe("paid");
    expect(await changePaymentOutcome(database().db, token, session, checkout)).toBe("changed");
    const rows = await paymentsOf(booking.id);
    expect(rows.map((p) => p.amountCents).sort()).toEqual([0, 5000]);
    // The card paid $50.00 of the dearer stay: a full refund gives it back, not the zero payment's $0.
    const view = present(await guestBookingByToken(database().db, token), "the view");
    expect(view.cancel?.statement).toBe(
      "If you cancel now, you get a full refund: $50.00 back to your card and $90.00 back on your prepaid card.",
    );
  });

  it("keeps the invoice as issued, with an adjustment note for each change of amount and the cancellation", async () => {
    await saveSettings(database().db, { lateCancellationRefundPercent: 50 });
    try {
      // Five days ahead: inside the week's notice, so the policy gives back half.
      const { booking, token } = await paidStay(5, { nights: 2 });
      const invoice = await documentsOf(database().db, booking.id);
      expect(invoice.map((d) => [d.number, d.totalCents])).toEqual([
        [`INV-${booking.bookingReference}`, 10000],
      ]);

      // Dearer: a third night, paid first.
      const answer = await change(token, stayOf(booking, 0, 3));
      if (answer.kind !== "pay") throw new Error("expected to pay");
      const session = present(answer.url.split("/test-checkout/")[1], "the session");
      await completeTestCheckout(database().db, session, checkout);
      expect(await changePaymentOutcome(database().db, token, session, checkout)).toBe("changed");
      // Cheaper again: half the night's $50.00 back under the policy, half kept.
      await change(token, stayOf(booking, 0, 2), {});
      // Cancelled: half of the $125.00 paid back.
      await cancelOwnBooking(database().db, token, nextClient(), {});

      const documents = await documentsOf(database().db, booking.id);
      const ref = booking.bookingReference;
      expect(
        documents.map((d) => [d.number, d.totalCents, d.document.lines[0]?.description]),
      ).toEqual([
        [`INV-${ref}`, 10000, "2 nights at $50.00 (Standard)"],
        [`ADJ-${ref}-1`, 5000, expect.stringMatching(/^Stay changed: .* \(3 nights\)$/)],
        [`ADJ-${ref}-2`, -2500, expect.stringMatching(/^Stay changed: .* \(2 nights\)$/)],
        [`ADJ-${ref}-3`, -6250, "Booking cancelled"],
      ]);
      // The invoice is as issued; the notes add up to what the farm kept.
      expect(documents[0]?.document).toEqual(invoice[0]?.document);
      const kept = documents.reduce((sum, d) => sum + d.totalCents, 0);
      expect(kept).toBe(6250);
      expect(documents.map((d) => d.gstCents)).toEqual([909, 455, -228, -568]);
      // Each note went out with the email that told of it.
      const mails = await database()
        .db.select()
        .from(emailOutbox)
        .where(eq(emailOutbox.bookingId, booking.id));
      const attached = mails.flatMap((m) => m.attachments.map((a) => a.filename));
      for (const d of documents) expect(attached).toContain(`${d.number}.pdf`);
    } finally {
      await saveSettings(database().db, { lateCancellationRefundPercent: 0 });
    }
  });

  it("gives the change's payment back when the new night is taken before it arrives", async () => {
    const { booking, token, site } = await paidStay(20);
    const to = stayOf(booking, 0, 3);
    const answer = await change(token, to);
    if (answer.kind !== "pay") throw new Error("expected to pay");
    await insertBooking(database().db, site, {
      status: "paid",
      checkInDate: booking.checkOutDate,
      checkOutDate: addDays(booking.checkOutDate, 1),
    });
    const session = present(answer.url.split("/test-checkout/")[1], "the session");
    expect(await completeTestCheckout(database().db, session, checkout)).toBe("refunding");
    expect(await changePaymentOutcome(database().db, token, session, checkout)).toBe("refused");
    expect(await bookingOf(booking.id)).toMatchObject({
      checkOutDate: booking.checkOutDate,
      finalAmountCents: 10000,
      calendarSequence: 0,
    });
    const rows = await paymentsOf(booking.id);
    expect(rows.map((p) => [p.amountCents, p.status]).sort()).toEqual([
      [10000, "succeeded"],
      [15000, "refunded"],
    ]);
    expect(await farmChangeNotices(booking.id)).toEqual([]);
  });

  it("moves to another unit when its own is taken for the new nights", async () => {
    const { booking, token, site } = await paidStay(20, { units: 2 });
    const other = site.units.find((u) => u.id !== booking.campsiteUnitId);
    const own = { ...site, units: site.units.filter((u) => u.id === booking.campsiteUnitId) };
    const to = stayOf(booking, 7);
    await insertBooking(database().db, own, {
      status: "paid",
      checkInDate: to.checkIn,
      checkOutDate: to.checkOut,
    });
    await change(token, to);
    expect((await bookingOf(booking.id)).campsiteUnitId).toBe(other?.id);
  });

  it("refuses what cannot be, and changes nothing", async () => {
    const { booking, token, site } = await paidStay(20);
    await insertBooking(database().db, site, {
      status: "paid",
      checkInDate: addDays(booking.checkInDate, 30),
      checkOutDate: addDays(booking.checkInDate, 32),
    });
    const cases: [Parameters<typeof changeOwnStay>[2], string][] = [
      [stayOf(booking), "not_changeable"],
      [stayOf(booking, 30), "unavailable"],
      [{ ...stayOf(booking), guests: 99 }, "invalid_input"],
      [stayOf(booking, -30), "invalid_input"],
    ];
    for (const [stay, code] of cases) {
      const error = await refusal(change(token, stay));
      expect(error.code, JSON.stringify(stay)).toBe(code);
    }
    expect((await refusal(change("x".repeat(43), stayOf(booking, 7)))).refusal).toBe("not_found");
    expect(await bookingOf(booking.id)).toMatchObject({
      checkInDate: booking.checkInDate,
      calendarSequence: 0,
    });
    expect(await farmChangeNotices(booking.id)).toEqual([]);
  });

  it("inside the policy's notice period, will not move the arrival (a later cancel would be refunded in full)", async () => {
    const { booking, token } = await paidStay(3);
    const error = await refusal(change(token, stayOf(booking, 30)));
    expect(error.message).toBe(STAY_CHANGE_ERRORS.lateMove);
    const longer = await change(token, stayOf(booking, 0, 3));
    expect(longer.kind).toBe("pay");
  });

  it("refuses a stay that has started", async () => {
    const { booking, token } = await paidStay(0);
    const error = await refusal(change(token, stayOf(booking, 0, 3)));
    expect(error.message).toBe(STAY_CHANGE_ERRORS.started);
  });
});
