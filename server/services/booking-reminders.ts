// Booking reminders (the Settings screen's 'Booking reminders'): while the
// setting is on, each paid or confirmed camper gets one email two days before
// check-in with the stay's details, the arrival cut-off, the way there (address
// and map), the booking page and what to bring, in HTML and text from one
// template. Written to the outbox like every email; a booking made inside the
// window already has its confirmation and gets no reminder.
import { and, eq, gte, inArray, lte, notExists, sql } from "drizzle-orm";
import { mapsSearchUrl, siteConfig } from "#content/site.ts";
import { addDays, farmToday, startOfFarmDay } from "#domain/rules/dates.ts";
import { guestBookingPath } from "#domain/rules/my-booking.ts";
import type { Database } from "#server/db/client.ts";
import { bookings, campsites, emailOutbox } from "#server/db/schema.ts";
import { renderBookingReminder } from "#server/mail/templates/booking-reminder.tsx";
import type { Worker } from "#server/workers.ts";
import { enqueueEmail } from "./email-outbox";
import { getSettings } from "./settings";

export const REMINDER_DAYS_BEFORE = 2;
export const REMINDER_KIND = "booking-reminder";

/** Queues the reminders now due; returns how many. Safe to run from several processes at once. */
export async function enqueueDueReminders(db: Database, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await getSettings(tx)).bookingReminders) return 0;
    // One process at a time decides who still needs a reminder.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('booking-reminders'))`);
    const today = farmToday(now);
    const due = await tx
      .select({ booking: bookings, campsiteName: campsites.name })
      .from(bookings)
      .innerJoin(campsites, eq(campsites.id, bookings.campsiteId))
      .where(
        and(
          inArray(bookings.status, ["paid", "confirmed"]),
          gte(bookings.checkInDate, addDays(today, 1)),
          lte(bookings.checkInDate, addDays(today, REMINDER_DAYS_BEFORE)),
          notExists(
            tx
              .select({ id: emailOutbox.id })
              .from(emailOutbox)
              .where(
                and(eq(emailOutbox.bookingId, bookings.id), eq(emailOutbox.kind, REMINDER_KIND)),
              ),
          ),
        ),
      );
    let queued = 0;
    for (const { booking, campsiteName } of due) {
      const windowOpened = startOfFarmDay(addDays(booking.checkInDate, -REMINDER_DAYS_BEFORE));
      if (booking.createdAt >= windowOpened) continue;
      await enqueueEmail(tx, await reminderEmail(booking, campsiteName));
      queued++;
    }
    return queued;
  });
}

async function reminderEmail(booking: typeof bookings.$inferSelect, campsiteName: string) {
  const site = siteConfig();
  const { html, text } = await renderBookingReminder({
    site,
    booking,
    campsiteName,
    manageUrl: booking.guestToken
      ? `${site.siteUrl}${guestBookingPath(booking.guestToken)}`
      : undefined,
    mapUrl: mapsSearchUrl(site),
  });
  return {
    kind: REMINDER_KIND,
    to: booking.guestEmail,
    replyTo: site.email,
    bookingId: booking.id,
    subject: `See you soon at ${site.farmName} Station: booking ${booking.bookingReference}`,
    text,
    html,
  };
}

export const bookingReminderWorker: Worker = {
  name: "booking-reminders",
  intervalMs: 15 * 60_000,
  run: async ({ db }) => {
    await enqueueDueReminders(db);
  },
};
