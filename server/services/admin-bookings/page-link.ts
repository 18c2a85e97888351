// The Bookings screen's 'Send booking page link': the link to the guest's own
// booking page (decision 0015) emailed to them again, for a camper who lost
// their confirmation or asks how to change their stay.
import { siteConfig } from "#content/site.ts";
import type { Executor } from "#server/db/client.ts";
import { conflict, notFound } from "#server/errors.ts";
import { type AuditActor, recordAudit } from "#server/services/audit-log.ts";
import { enqueueGuestNotice, manageLines } from "#server/services/booking-emails.ts";
import { bookingIdAt } from "#server/services/booking-page.ts";
import { findBookingWithCampsite } from "#server/services/bookings.ts";

export const NO_BOOKING_PAGE =
  "This booking has no booking page to send: a booking has one only once it has been paid or confirmed.";

/**
 * Queues the email with the link, and its audit entry, in one transaction.
 * Refused (409) for a booking without a page: a hold or an expired one, which
 * the page answers as not found.
 */
export async function sendBookingPageLink(
  db: Executor,
  actor: AuditActor,
  bookingId: string,
): Promise<{ to: string }> {
  return db.transaction(async (tx) => {
    const found = await findBookingWithCampsite(tx, bookingId);
    if (!found) throw notFound("Booking not found.");
    const { booking, campsiteName } = found;
    // The page's own test (booking-page.ts), so the link never leads to "not found".
    const page = booking.guestToken ? await bookingIdAt(tx, booking.guestToken) : undefined;
    if (!page) throw conflict(NO_BOOKING_PAGE, "no_booking_page");
    await enqueueGuestNotice(tx, booking, campsiteName, {
      kind: "booking-page-link",
      subject: `Your booking page: ${booking.bookingReference} at ${siteConfig().farmName} Station`,
      lines: [
        `Here is the link to your own page for booking ${booking.bookingReference}.`,
        "",
        `On it you can see your booking and your ${page.invoice.title.toLowerCase()} at any time. While the stay is ahead, you can also change or cancel it there, under our cancellation policy.`,
        "",
        ...manageLines(booking),
      ],
    });
    await recordAudit(
      tx,
      actor,
      "booking.page_link_sent",
      { type: "booking", id: booking.id },
      { bookingReference: booking.bookingReference, to: booking.guestEmail },
    );
    return { to: booking.guestEmail };
  });
}
