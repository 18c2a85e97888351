import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mapsSearchUrl, siteConfig } from "#content/site.ts";
import { formatLongDay } from "#domain/format/long-day.ts";
import { defaultSettings } from "#domain/forms/settings.ts";
import { addDays, farmToday, startOfFarmDay } from "#domain/rules/dates.ts";
import { emailOutbox } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, insertBooking, unitOf } from "#server/testing/factories.ts";
import { assertPresent } from "#server/testing/present.ts";
import { enqueueDueReminders, REMINDER_KIND } from "./booking-reminders";
import { saveSettings } from "./settings";

const database = setupTestDatabase();

async function remindersOf(bookingId: string) {
  return database()
    .db.select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.kind, REMINDER_KIND)));
}

const longAgo = () => new Date(Date.now() - 20 * 86_400_000);

describe("booking reminders", () => {
  it("emails a paid camper once, two days before check-in", async () => {
    const { db } = database();
    await saveSettings(db, { ...defaultSettings, bookingReminders: true });
    const site = await createCampsite(db, { name: "Reminder Flats", quantity: 4 });
    const checkIn = addDays(farmToday(), 2);
    const due = await insertBooking(db, site, {
      checkInDate: checkIn,
      status: "paid",
      guestFirstName: "Dana",
      guestEmail: "dana@example.com",
      guestToken: "d".repeat(32),
      createdAt: longAgo(),
    });
    const later = await insertBooking(
      db,
      { ...site, units: [unitOf(site, 1)] },
      {
        checkInDate: addDays(farmToday(), 5),
        status: "paid",
        createdAt: longAgo(),
      },
    );
    const cancelled = await insertBooking(
      db,
      { ...site, units: [unitOf(site, 2)] },
      {
        checkInDate: checkIn,
        status: "cancelled",
        createdAt: longAgo(),
      },
    );
    // Booked today for the day after tomorrow: its confirmation has just gone out.
    const lastMinute = await insertBooking(
      db,
      { ...site, units: [unitOf(site, 3)] },
      {
        checkInDate: checkIn,
        status: "confirmed",
        createdAt: new Date(startOfFarmDay(farmToday()).getTime() + 60_000),
      },
    );

    await enqueueDueReminders(db);
    await enqueueDueReminders(db);

    const sent = await remindersOf(due.id);
    expect(sent).toHaveLength(1);
    const [reminder] = sent;
    expect(reminder).toMatchObject({ toAddress: "dana@example.com", status: "pending" });
    assertPresent(reminder, "the reminder");
    expect(reminder.subject).toContain(due.bookingReference);
    expect(reminder.textBody).toContain("Hi Dana,");
    expect(reminder.textBody).toContain("Campsite: Reminder Flats");
    expect(reminder.textBody).toContain(
      `Check-in: ${formatLongDay(checkIn)}, 12-5pm (all arrivals by 6pm)`,
    );
    // The booking page, the way there and the arrival cut-off, in both parts.
    const page = `${siteConfig().siteUrl}/my-booking/${"d".repeat(32)}`;
    expect(reminder.textBody).toContain(`Manage your booking: ${page}`);
    expect(reminder.htmlBody).toContain(`href="${page}"`);
    expect(reminder.textBody).toContain("Address: 83 Rocky Creek Road");
    expect(reminder.textBody).toContain(`Map: ${mapsSearchUrl(siteConfig())}`);
    expect(reminder.textBody).toContain("All arrivals must be on site by 6:00pm.");
    expect(reminder.htmlBody).toContain("All arrivals must be on site by 6:00pm.");
    for (const other of [later, cancelled, lastMinute]) {
      expect(await remindersOf(other.id)).toHaveLength(0);
    }
  });

  it("sends none while 'Booking reminders' is off", async () => {
    const { db } = database();
    await saveSettings(db, { ...defaultSettings, bookingReminders: false });
    const site = await createCampsite(db);
    const booking = await insertBooking(db, site, {
      checkInDate: addDays(farmToday(), 1),
      status: "paid",
      createdAt: longAgo(),
    });
    expect(await enqueueDueReminders(db)).toBe(0);
    expect(await remindersOf(booking.id)).toHaveLength(0);
    await saveSettings(db, { ...defaultSettings, bookingReminders: true });
    expect(await enqueueDueReminders(db)).toBeGreaterThanOrEqual(1);
    expect(await remindersOf(booking.id)).toHaveLength(1);
  });
});
