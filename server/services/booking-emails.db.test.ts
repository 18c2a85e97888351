import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { siteConfig } from "#content/site.ts";
import { formatLongDay } from "#domain/format/long-day.ts";
import { defaultSettings } from "#domain/forms/settings.ts";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { emailOutbox } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, insertBooking } from "#server/testing/factories.ts";
import { present } from "#server/testing/present.ts";
import {
  calendarEventId,
  enqueueBookingConfirmation,
  enqueueFarmNotification,
  tellGuestOfCancellation,
} from "./booking-emails";
import { saveSettings } from "./settings";

const database = setupTestDatabase();

const emailsOf = (bookingId: string) =>
  database().db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));

let made = 0;
/** A fresh token for each booking: 32 characters, unique in the file's database. */
const nextToken = () => `token${String(++made).padStart(27, "0")}`;

async function paidBooking() {
  const { db } = database();
  const site = await createCampsite(db, { name: "Creek Bend" });
  return insertBooking(db, site, {
    checkInDate: addDays(farmToday(), 30),
    status: "paid",
    guestFirstName: "Robin",
    guestLastName: "Drover",
    guestEmail: "robin.drover@example.com",
    guestToken: nextToken(),
  });
}

describe("the guest's confirmation", () => {
  it("has an HTML and a text part, the booking page, the policy and a published .ics", async () => {
    const { db } = database();
    await saveSettings(db, {
      ...defaultSettings,
      cancellationRefunds: "by-notice",
      fullRefundDaysBeforeArrival: 7,
      lateCancellationRefundPercent: 50,
    });
    const booking = await paidBooking();
    await enqueueBookingConfirmation(db, booking, "Creek Bend");

    const [mail] = await emailsOf(booking.id);
    const email = present(mail, "the confirmation");
    expect(email.kind).toBe("booking-confirmation");
    const page = `${siteConfig().siteUrl}/my-booking/${booking.guestToken}`;
    expect(email.textBody).toContain(`Manage your booking: ${page}`);
    expect(email.htmlBody).toContain(`href="${page}"`);
    const deadline = formatLongDay(addDays(booking.checkInDate, -7));
    const lastDay = formatLongDay(addDays(booking.checkInDate, -1));
    const policy = `Full refund if you cancel by ${deadline}; 50% refund if you cancel by ${lastDay}; no refund after that.`;
    expect(email.textBody).toContain(`Cancellation policy: ${policy}`);
    expect(email.htmlBody).toContain(policy);
    expect(email.textBody).toContain(`Check-in: ${formatLongDay(booking.checkInDate)}`);
    const ics = present(email.attachments[0], "the .ics");
    expect(ics.contentType).toContain("method=PUBLISH");
    expect(ics.content).toContain("METHOD:PUBLISH");
    expect(ics.content).toContain(`UID:${calendarEventId(booking)}`);
  });
});

describe("a cancellation", () => {
  it("after a confirmation carries a METHOD:CANCEL .ics of the same event", async () => {
    const { db } = database();
    const booking = await paidBooking();
    await enqueueBookingConfirmation(db, booking, "Creek Bend");
    await tellGuestOfCancellation(
      db,
      { ...booking, status: "cancelled" },
      "Creek Bend",
      { cents: 0, atDeskCents: 0 },
      undefined,
    );

    const mails = await emailsOf(booking.id);
    const confirmation = present(
      mails.find((m) => m.kind === "booking-confirmation"),
      "sent",
    );
    const notice = present(
      mails.find((m) => m.kind === "booking-cancelled"),
      "the notice",
    );
    expect(notice.textBody).toContain("Your booking at Rocky Creek Station has been cancelled.");
    expect(notice.htmlBody).toContain("has been cancelled.");
    const published = present(confirmation.attachments[0], "the published .ics").content;
    const cancel = present(notice.attachments[0], "the cancelling .ics");
    expect(cancel.contentType).toContain("method=CANCEL");
    expect(cancel.content).toContain("METHOD:CANCEL");
    expect(cancel.content).toContain("STATUS:CANCELLED");
    expect(cancel.content).toContain("SEQUENCE:1");
    const uid = (ics: string) => ics.match(/^UID:(.+)$/m)?.[1];
    expect(uid(cancel.content)).toBe(uid(published));
    expect(uid(cancel.content)).toBe(calendarEventId(booking));
  });

  it("with a refund carries it too; without a confirmation before, no .ics", async () => {
    const { db } = database();
    const refunded = await paidBooking();
    await enqueueBookingConfirmation(db, refunded, "Creek Bend");
    await tellGuestOfCancellation(
      db,
      refunded,
      "Creek Bend",
      { cents: 8000, atDeskCents: 3000 },
      undefined,
    );
    const notice = present(
      (await emailsOf(refunded.id)).find((m) => m.kind === "refund-notice"),
      "the refund notice",
    );
    expect(notice.textBody).toContain("We have refunded $50.00 to your card.");
    // What was paid at the farm the farm gives back itself, and says so.
    expect(notice.textBody).toContain(
      "We will give back the $30.00 you paid at the farm ourselves, and will be in touch to arrange it.",
    );
    expect(present(notice.attachments[0], "the .ics").content).toContain("METHOD:CANCEL");

    const site = await createCampsite(db);
    const pending = await insertBooking(db, site, { status: "pending" });
    await tellGuestOfCancellation(db, pending, site.name, { cents: 0, atDeskCents: 0 }, undefined);
    const [only] = await emailsOf(pending.id);
    expect(present(only, "the cancellation notice").attachments).toEqual([]);
  });
});

describe("the farm's notice of a new booking", () => {
  it("has the guest as Reply-To, and an HTML part", async () => {
    const { db } = database();
    const booking = await paidBooking();
    await enqueueFarmNotification(db, booking, "Creek Bend");
    const [mail] = await emailsOf(booking.id);
    const notice = present(mail, "the farm notice");
    expect(notice.toAddress).toBe(siteConfig().notificationEmail);
    expect(notice.replyTo).toBe("robin.drover@example.com");
    expect(notice.textBody).toContain("Guest: Robin Drover <robin.drover@example.com>");
    expect(notice.textBody).toContain(`Booking reference: ${booking.bookingReference}`);
    expect(notice.textBody).toContain("Status: paid");
    expect(notice.htmlBody).toContain("robin.drover@example.com");
  });
});
