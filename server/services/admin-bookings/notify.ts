// The Bookings screen's Email action: the booking notification to the guest.
import { eq } from "drizzle-orm";
import { siteConfig } from "#content/site.ts";
import type { BookingStatus } from "#domain/rules/statuses.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings, campsites } from "#server/db/schema.ts";
import { notFound } from "#server/errors.ts";
import { type AuditActor, recordAudit } from "#server/services/audit-log.ts";
import { enqueueBookingConfirmation, enqueueGuestNotice } from "#server/services/booking-emails.ts";

const statusSentence: Record<BookingStatus, string> = {
  pending: "Your booking is waiting for payment.",
  paid: "Your booking is paid and confirmed.",
  confirmed: "Your booking is confirmed.",
  expired: "Your booking was not completed in time and has expired.",
  refunded: "Your booking was refunded.",
  cancelled: "Your booking has been cancelled.",
};

/**
 * The Email action: the booking notification to the guest. A paid or
 * confirmed booking gets its confirmation again (with the calendar file);
 * any other booking a notice of its status, a cancelled or refunded one with
 * the calendar file that takes the stay out of the guest's calendar.
 */
export async function sendBookingNotification(
  db: Executor,
  actor: AuditActor,
  bookingId: string,
): Promise<{ to: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ booking: bookings, campsiteName: campsites.name })
      .from(bookings)
      .leftJoin(campsites, eq(campsites.id, bookings.campsiteId))
      .where(eq(bookings.id, bookingId));
    if (!row) throw notFound("Booking not found.");
    const { booking } = row;
    const campsiteName = row.campsiteName ?? "Unknown Campsite";
    if (booking.status === "paid" || booking.status === "confirmed") {
      await enqueueBookingConfirmation(tx, booking, campsiteName);
    } else {
      const site = siteConfig();
      await enqueueGuestNotice(tx, booking, campsiteName, {
        kind: "booking-status",
        subject: `Your booking ${booking.bookingReference} at ${site.farmName} Station`,
        lines: [statusSentence[booking.status]],
        // A stay that no longer stands leaves the guest's calendar (the same event, CANCELled).
        cancelsStay: booking.status === "cancelled" || booking.status === "refunded",
      });
    }
    await recordAudit(
      tx,
      actor,
      "booking.notification_sent",
      { type: "booking", id: booking.id },
      {
        bookingReference: booking.bookingReference,
        to: booking.guestEmail,
        status: booking.status,
      },
    );
    return { to: booking.guestEmail };
  });
}
