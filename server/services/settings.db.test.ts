import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { defaultSettings } from "#domain/forms/settings.ts";
import { settings } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createDiscountCode, createPrepaidCard } from "#server/testing/factories.ts";
import { validateDiscountCode } from "./discount-codes";
import { validatePrepaidCard } from "./prepaid-cards";
import { getSettings, saveSettings } from "./settings";

const database = setupTestDatabase();
const db = () => database().db;

describe("saved settings", () => {
  it("start from the spec's defaults", async () => {
    expect(await getSettings(db())).toEqual({
      defaultNightlyRateCents: 5000,
      minimumNightStay: 2,
      maximumNightStay: 28,
      maxAdvanceBooking: 365,
      autoBlockAfterBooking: 0,
      notificationEmails: true,
      bookingReminders: true,
      maxLiveHoldsPerClient: 3,
      holdsPerClientPerHour: 10,
      maxHeldNightsPerClient: 56,
      wrongCodesPerHour: 60,
      cancellationRefunds: "by-notice",
      fullRefundDaysBeforeArrival: 7,
      lateCancellationRefundPercent: 0,
      depositKind: "full",
      depositPercent: 30,
      depositPerNightCents: 2000,
      depositDaysAhead: 30,
      balanceDueDaysBefore: 14,
      bookingQuestions: [
        {
          id: "arrival-time",
          question: "Expected arrival time",
          kind: "time",
          required: false,
        },
        {
          id: "anything-else",
          question: "Anything else we should know?",
          kind: "long",
          required: false,
        },
      ],
    });
  });

  it("persist what is saved and keep the rest", async () => {
    const saved = await saveSettings(db(), { minimumNightStay: 3, autoBlockAfterBooking: 1 });
    expect(saved).toEqual({ ...defaultSettings, minimumNightStay: 3, autoBlockAfterBooking: 1 });
    expect(await getSettings(db())).toEqual(saved);
    await saveSettings(db(), { minimumNightStay: 2, autoBlockAfterBooking: 0 });
  });

  it("refuse bad values and unknown keys, saving nothing", async () => {
    await expect(saveSettings(db(), { minimumNightStay: 0 })).rejects.toBeInstanceOf(ZodError);
    await expect(saveSettings(db(), { maxAdvanceBooking: 2.5 })).rejects.toBeInstanceOf(ZodError);
    await expect(
      saveSettings(db(), { minimumNightStay: 4, colour: "red" } as never),
    ).rejects.toBeInstanceOf(ZodError);
    expect((await getSettings(db())).minimumNightStay).toBe(2);
  });

  it("fall back to the default when a stored value no longer validates", async () => {
    await db().insert(settings).values({ key: "maxAdvanceBooking", value: "lots" });
    expect((await getSettings(db())).maxAdvanceBooking).toBe(365);
  });

  it("read an 'Auto-block after booking' switch saved before decision 0020 as 1 night or none", async () => {
    await db()
      .insert(settings)
      .values({ key: "autoBlockAfterBooking", value: true })
      .onConflictDoUpdate({ target: settings.key, set: { value: true } });
    expect((await getSettings(db())).autoBlockAfterBooking).toBe(1);
    await saveSettings(db(), { autoBlockAfterBooking: false as never });
    expect((await getSettings(db())).autoBlockAfterBooking).toBe(0);
    await expect(saveSettings(db(), { autoBlockAfterBooking: 8 })).rejects.toBeInstanceOf(ZodError);
  });
});

describe("validating codes and cards (spec 7.2 shapes)", () => {
  it("answers a code with its id, description and discount in cents, whatever its case", async () => {
    const code = await createDiscountCode(db(), {
      code: "SPRING15",
      description: "Spring",
      discountValue: 15,
    });
    expect(await validateDiscountCode(db(), "spring15", 10000)).toMatchObject({
      valid: true,
      discountCode: { id: code.id, description: "Spring", discountAmount: 1500 },
    });
    expect(await validateDiscountCode(db(), "NOPE", 10000)).toEqual({
      valid: false,
      error: "Invalid or inactive discount code",
    });
  });

  it("answers a card with its id and balance", async () => {
    const card = await createPrepaidCard(db(), { balanceCents: 4200 });
    expect(await validatePrepaidCard(db(), card.cardNumber.toLowerCase())).toMatchObject({
      valid: true,
      prepaidCard: { id: card.id, balance: 4200 },
    });
    const empty = await createPrepaidCard(db(), { balanceCents: 0 });
    expect(await validatePrepaidCard(db(), empty.cardNumber)).toEqual({
      valid: false,
      error: "This prepaid card has no remaining balance",
    });
  });
});
