import { describe, expect, it } from "vitest";
import { siteConfig } from "#content/site.ts";
import { cancelBooking } from "#server/services/payments/cancel.ts";
import { insertBooking } from "#server/testing/factories.ts";
import { present } from "#server/testing/present.ts";
import { auditEntries, queuedEmails } from "#server/testing/queued.ts";
import { refusal } from "#server/testing/refusal.ts";
import { NO_BOOKING_PAGE, sendBookingPageLink } from "./page-link";
import { admin, adminBookingsFixture } from "./test-fixture";

const { database, creekside } = adminBookingsFixture();

const linksOf = (id: string) => queuedEmails(database().db, id, "booking-page-link");
const auditOf = (id: string) => auditEntries(database().db, id, "booking.page_link_sent");

describe("sending the guest their booking page's link", () => {
  it("queues one email to the guest with the link to their page, audited under the admin", async () => {
    const booking = await insertBooking(database().db, creekside(0), { status: "confirmed" });
    const token = present(booking.guestToken, "the token");

    expect(await sendBookingPageLink(database().db, admin, booking.id)).toEqual({
      to: booking.guestEmail,
    });
    const [email, ...more] = await linksOf(booking.id);
    expect(more).toEqual([]);
    expect(email).toMatchObject({
      toAddress: booking.guestEmail,
      status: "pending",
      subject: `Your booking page: ${booking.bookingReference} at ${siteConfig().farmName} Station`,
    });
    expect(present(email, "the email").textBody).toContain(
      `${siteConfig().siteUrl}/my-booking/${token}`,
    );
    const [entry] = await auditOf(booking.id);
    expect(entry).toMatchObject({ actorUserId: admin.id });
    expect(entry?.details).toMatchObject({
      bookingReference: booking.bookingReference,
      to: booking.guestEmail,
    });
  });

  it("sends it for a booking cancelled after it was confirmed: its page tells how it ended", async () => {
    const booking = await insertBooking(database().db, creekside(1), {
      status: "confirmed",
      checkInDate: "2032-02-01",
      checkOutDate: "2032-02-03",
    });
    await cancelBooking(database().db, admin, booking.id, { notifyGuest: false });
    await sendBookingPageLink(database().db, admin, booking.id);
    expect(await linksOf(booking.id)).toHaveLength(1);
  });

  it("refuses a booking with no page (a hold, an expired hold), sending and recording nothing", async () => {
    for (const status of ["pending", "expired"] as const) {
      const booking = await insertBooking(database().db, creekside(2), {
        status,
        checkInDate: "2032-03-01",
        checkOutDate: "2032-03-03",
        ...(status === "pending" ? { holdExpiresAt: new Date(Date.now() + 60_000) } : {}),
      });
      const error = await refusal(sendBookingPageLink(database().db, admin, booking.id));
      expect(error, status).toMatchObject({
        refusal: "conflict",
        code: "no_booking_page",
        message: NO_BOOKING_PAGE,
      });
      expect(await linksOf(booking.id)).toEqual([]);
      expect(await auditOf(booking.id)).toEqual([]);
    }
  });

  it("is not found for an unknown booking", async () => {
    const error = await refusal(
      sendBookingPageLink(database().db, admin, "00000000-0000-4000-8000-000000000000"),
    );
    expect(error.refusal).toBe("not_found");
  });
});
