import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { bookings, emailOutbox, waitlistEntries } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, insertBooking } from "#server/testing/factories.ts";
import {
  joinWaitlist,
  leaveWaitlist,
  MAX_WAITING_PER_EMAIL,
  STAY_IS_FREE,
  tellWaitlist,
  WAITLIST_EMAIL_KIND,
} from "./waitlist";

const database = setupTestDatabase();
const told = () =>
  database()
    .db.select({ to: emailOutbox.toAddress, text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, WAITLIST_EMAIL_KIND))
    .orderBy(asc(emailOutbox.queueOrder));

/** A one-unit campsite, full on the stay 30 days out. */
async function fullStay(name: string) {
  const { db } = database();
  const site = await createCampsite(db, { name, quantity: 1 });
  const checkIn = addDays(farmToday(), 30);
  const checkOut = addDays(checkIn, 2);
  const booking = await insertBooking(db, site, { checkInDate: checkIn, checkOutDate: checkOut });
  return { site, booking, stay: { campsiteId: site.id, checkIn, checkOut } };
}

let client = 0;
const join = (raw: object) => joinWaitlist(database().db, raw, `10.9.0.${++client}`);

describe("the waitlist of full dates", () => {
  it("emails those waiting in the order they joined when the stay frees, once, and again after it fills", async () => {
    const { db } = database();
    const { site, booking, stay } = await fullStay("Waitlist Flat");
    await join({ ...stay, email: "First@Example.com" });
    await join({ ...stay, email: "second@example.com" });
    await join({ ...stay, email: "first@example.com" }); // twice is once
    expect(await tellWaitlist(db)).toBe(0);

    await db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, booking.id));
    expect(await tellWaitlist(db)).toBe(2);
    expect(await tellWaitlist(db)).toBe(0);
    const emails = await told();
    expect(emails.map((e) => e.to)).toEqual(["first@example.com", "second@example.com"]);
    expect(emails[0]?.text).toContain(
      `/bookings?campsite=${site.id}&checkIn=${stay.checkIn}&checkOut=${stay.checkOut}`,
    );
    expect(emails[0]?.text).toMatch(/To stop these emails: \S+\/waitlist\/\S+/);

    // Held and let go within the hour: not told twice.
    const held = await insertBooking(db, site, {
      checkInDate: stay.checkIn,
      checkOutDate: stay.checkOut,
    });
    expect(await tellWaitlist(db)).toBe(0);
    await db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, held.id));
    expect(await tellWaitlist(db)).toBe(0);

    // Booked again a day later, then freed again: told again.
    const dayLater = new Date(Date.now() + 25 * 3_600_000);
    const again = await insertBooking(db, site, {
      checkInDate: stay.checkIn,
      checkOutDate: stay.checkOut,
    });
    expect(await tellWaitlist(db, dayLater)).toBe(0);
    await db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, again.id));
    expect(await tellWaitlist(db, dayLater)).toBe(2);
  });

  it("stops the emails of an entry whose link is followed, and ends entries whose dates come", async () => {
    const { db } = database();
    const { booking, stay } = await fullStay("Leaving Flat");
    await join({ ...stay, email: "stays@example.com" });
    await join({ ...stay, email: "leaves@example.com" });
    const [leaving] = await db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.email, "leaves@example.com")));
    expect(await leaveWaitlist(db, leaving?.token ?? "")).toBe(true);
    expect(await leaveWaitlist(db, "not-a-token")).toBe(false);
    await db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, booking.id));
    // On its check-in day the entry has ended.
    const onTheDay = new Date(Date.now() + 30 * 86_400_000 + 3_600_000);
    expect(await tellWaitlist(db, onTheDay)).toBe(0);
    expect(await tellWaitlist(db)).toBe(1);
    expect((await told()).map((e) => e.to)).toContain("stays@example.com");
    expect((await told()).map((e) => e.to)).not.toContain("leaves@example.com");
  });

  it("refuses free dates, past ones, bad input and a camper waiting for too many stays, and stores nothing", async () => {
    const { db } = database();
    const { stay } = await fullStay("Refusing Flat");
    const free = {
      ...stay,
      checkIn: addDays(stay.checkOut, 3),
      checkOut: addDays(stay.checkOut, 5),
    };
    await expect(join({ ...free, email: "a@example.com" })).rejects.toThrow(STAY_IS_FREE);
    await expect(join({ ...stay, checkIn: farmToday(), email: "a@example.com" })).rejects.toThrow(
      "Choose a check-in after today.",
    );
    await expect(join({ ...stay, email: "not an email" })).rejects.toThrow(/valid email/);
    await expect(join({ ...stay, checkOut: stay.checkIn, email: "a@example.com" })).rejects.toThrow(
      "Check-out must be after check-in",
    );
    // Longer than a stay booked online (28 nights): it could never be booked from the email.
    await expect(
      join({ ...stay, checkOut: addDays(stay.checkIn, 29), email: "a@example.com" }),
    ).rejects.toThrow("A stay booked online is at most 28 nights.");
    expect(
      await db.select().from(waitlistEntries).where(eq(waitlistEntries.email, "a@example.com")),
    ).toEqual([]);

    for (let i = 0; i < MAX_WAITING_PER_EMAIL; i++) {
      const { stay: other } = await fullStay(`Busy Flat ${i}`);
      await join({ ...other, email: "busy@example.com" });
    }
    await expect(join({ ...stay, email: "busy@example.com" })).rejects.toThrow(/at most 10 stays/);
  });
});
