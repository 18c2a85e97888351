import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { defaultSettings } from "#domain/forms/settings.ts";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { auditLog, user } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite } from "#server/testing/factories.ts";
import { priceRequest } from "./bookings";
import { getSettings } from "./settings";
import { saveAllSettings } from "./settings-admin";

const database = setupTestDatabase();

describe("'Save All Settings'", () => {
  it("saves every setting, records the changes, and the booking engine reads them", async () => {
    const { db } = database();
    await db.insert(user).values({ id: "owner", name: "Owner", email: "owner@example.com" });
    const saved = await saveAllSettings(
      db,
      { id: "owner" },
      {
        ...defaultSettings,
        minimumNightStay: 3,
        maxAdvanceBooking: 180,
        bookingReminders: false,
      },
    );
    expect(saved).toMatchObject({
      minimumNightStay: 3,
      maxAdvanceBooking: 180,
      bookingReminders: false,
    });
    expect(await getSettings(db)).toEqual(saved);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "settings.saved"));
    expect(entry).toMatchObject({
      actorUserId: "owner",
      details: {
        changes: {
          minimumNightStay: { from: 2, to: 3 },
          maxAdvanceBooking: { from: 365, to: 180 },
          bookingReminders: { from: true, to: false },
        },
      },
    });
  });

  it("makes the booking engine refuse a 2-night stay once the minimum is 3 nights", async () => {
    const { db } = database();
    const site = await createCampsite(db);
    const checkIn = addDays(farmToday(), 10);
    const stay = { campsiteId: site.id, checkIn, checkOut: addDays(checkIn, 2), guests: 2 };
    await saveAllSettings(db, null, { ...defaultSettings, minimumNightStay: 2 });
    await expect(priceRequest(db, stay)).resolves.toMatchObject({ quote: { nights: 2 } });
    await saveAllSettings(db, null, { ...defaultSettings, minimumNightStay: 3 });
    await expect(priceRequest(db, stay)).rejects.toMatchObject({
      refusal: "invalid",
      message: "The minimum stay is 3 nights.",
    });
  });
});
