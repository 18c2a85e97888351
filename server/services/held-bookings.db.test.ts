import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { BookingQuestion } from "#domain/rules/booking-questions.ts";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { bookings } from "#server/db/schema.ts";
import type { AppError } from "#server/errors.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import {
  createCampsite,
  createDiscountCode,
  createPrepaidCard,
} from "#server/testing/factories.ts";
import { present } from "#server/testing/present.ts";
import { createBooking } from "./bookings";
import { validateDiscountCode } from "./discount-codes";
import { changeHeldBooking, heldBookingState, releaseHeldBooking } from "./held-bookings";
import { validatePrepaidCard } from "./prepaid-cards";
import { getSettings, saveSettings } from "./settings";

const database = setupTestDatabase();
const db = () => database().db;

const today = farmToday();
const guest = { firstName: "Alex", lastName: "Camper", email: "alex@example.com", guests: 2 };
let offset = 0;

/** A $100 hold (2 nights at $50, unless told) on a campsite of its own. */
async function hold(
  extra: {
    discountCode?: string;
    prepaidCardNumber?: string;
    clientAddress?: string;
    nights?: number;
    answers?: Record<string, string>;
  } = {},
) {
  const site = await createCampsite(db(), { pricePerNightCents: 5000, quantity: 1 });
  const { clientAddress, nights = 2, ...credit } = extra;
  offset += nights + 1;
  const checkIn = addDays(today, 10 + offset);
  return createBooking(
    db(),
    { ...guest, ...credit, campsiteId: site.id, checkIn, checkOut: addDays(checkIn, nights) },
    new Date(),
    { clientAddress },
  );
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: AppError) => e,
  );

async function row(id: string) {
  const [found] = await db().select().from(bookings).where(eq(bookings.id, id));
  return present(found, "the booking");
}

describe("changing a held booking", () => {
  it("applies a code and a card, re-priced on the server, without moving the hold's end", async () => {
    const code = await createDiscountCode(db(), { discountType: "percentage", discountValue: 10 });
    const card = await createPrepaidCard(db(), { balanceCents: 2000 });
    const held = await hold();
    const changed = await changeHeldBooking(db(), held.id, held.holdSecret, {
      discountCode: code.code,
      prepaidCardNumber: card.cardNumber,
    });
    expect(changed).toMatchObject({
      totalAmountCents: 10000,
      discountAmountCents: 1000,
      prepaidAmountUsedCents: 2000,
      finalAmountCents: 7000,
      holdExpiresAt: held.holdExpiresAt,
    });
    const cleared = await changeHeldBooking(db(), held.id, held.holdSecret, {});
    expect(cleared).toMatchObject({ discountAmountCents: 0, finalAmountCents: 10000 });
    expect(await row(held.id)).toMatchObject({ discountCodeId: null, prepaidCardId: null });
  });

  it("corrects the guest's details", async () => {
    const held = await hold();
    await changeHeldBooking(db(), held.id, held.holdSecret, {
      guest: {
        firstName: "Sam",
        lastName: "Drover",
        email: "sam@example.com",
        phone: undefined,
        answers: {},
      },
    });
    expect(await row(held.id)).toMatchObject({
      guestFirstName: "Sam",
      guestEmail: "sam@example.com",
      guestPhone: null,
    });
  });

  it("refuses a code that does not apply with the spec's text, and changes nothing", async () => {
    const held = await hold();
    const error = await refusal(
      changeHeldBooking(db(), held.id, held.holdSecret, { discountCode: "NOPE" }),
    );
    expect(error).toMatchObject({
      refusal: "invalid",
      code: "invalid_discount_code",
      message: "Invalid or inactive discount code",
    });
    expect((await row(held.id)).finalAmountCents).toBe(10000);
  });

  it("only with the hold's own secret, and only while the hold lasts", async () => {
    const held = await hold();
    expect(await refusal(changeHeldBooking(db(), held.id, "guess", {}))).toMatchObject({
      refusal: "forbidden",
    });
    expect(
      await refusal(
        changeHeldBooking(db(), "7b0c5a8e-3f43-4a56-9a8f-0c1d2e3f4a5b", held.holdSecret, {}),
      ),
    ).toMatchObject({ refusal: "not_found" });
    await db()
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, held.id));
    expect(await refusal(changeHeldBooking(db(), held.id, held.holdSecret, {}))).toMatchObject({
      refusal: "conflict",
      code: "hold_expired",
      message: "Your reservation has expired. Please start a new booking.",
    });
    expect((await heldBookingState(db(), held.id, held.holdSecret)).status).toBe("expired");
  });
});

describe("credit reserved by a hold", () => {
  it("shows another camper only what is left of a card, and all of it once the hold ends", async () => {
    const card = await createPrepaidCard(db(), { balanceCents: 3000 });
    const first = await hold({ prepaidCardNumber: card.cardNumber });
    expect(first.prepaidAmountUsedCents).toBe(3000);
    expect(await validatePrepaidCard(db(), card.cardNumber)).toEqual({
      valid: false,
      error: "This prepaid card has no remaining balance",
    });
    await changeHeldBooking(db(), first.id, first.holdSecret, {});
    expect(await validatePrepaidCard(db(), card.cardNumber)).toMatchObject({
      valid: true,
      prepaidCard: { balance: 3000 },
    });
    const second = await hold({ prepaidCardNumber: card.cardNumber });
    await releaseHeldBooking(db(), second.id, second.holdSecret);
    expect(await validatePrepaidCard(db(), card.cardNumber)).toMatchObject({ valid: true });
  });

  it("counts a code's live reservations against its usage limit", async () => {
    const code = await createDiscountCode(db(), {
      usageLimit: 1,
      discountType: "percentage",
      discountValue: 10,
    });
    const first = await hold({ discountCode: code.code });
    expect(await validateDiscountCode(db(), code.code, 10000)).toEqual({
      valid: false,
      error: "This discount code has reached its usage limit",
    });
    // The hold's own reservation does not count against it when it is priced again.
    await changeHeldBooking(db(), first.id, first.holdSecret, { discountCode: code.code });
    await db()
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, first.id));
    expect(await validateDiscountCode(db(), code.code, 10000)).toMatchObject({ valid: true });
  });
});

describe("releasing a hold", () => {
  it("frees the unit at once, and only for the browser that made it", async () => {
    const held = await hold();
    expect(await refusal(releaseHeldBooking(db(), held.id, "guess"))).toMatchObject({
      refusal: "forbidden",
    });
    await releaseHeldBooking(db(), held.id, held.holdSecret);
    expect((await row(held.id)).status).toBe("expired");
    // Twice is the same as once.
    await releaseHeldBooking(db(), held.id, held.holdSecret);
  });
});

describe("the hoarding limits", () => {
  it("refuse one client's fourth live hold with the time the first one ends, not another's", async () => {
    const clientAddress = "203.0.113.77";
    for (let i = 0; i < 3; i++) await hold({ clientAddress });
    const error = await refusal(hold({ clientAddress }));
    expect(error).toMatchObject({ refusal: "rate_limited", code: "too_many_holds" });
    expect(error.retryAfterSeconds).toBeGreaterThan(200);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(300);
    await hold({ clientAddress: "203.0.113.78" });
  });

  it("count the nights of sites one client holds at once, all its holds together", async () => {
    await saveSettings(db(), { maxHeldNightsPerClient: 5 });
    const clientAddress = "203.0.113.80";
    await hold({ clientAddress, nights: 2 });
    await hold({ clientAddress, nights: 3 });
    const error = await refusal(hold({ clientAddress, nights: 2 }));
    expect(error).toMatchObject({ refusal: "rate_limited", code: "too_many_holds" });
    expect(error.message).toContain("more than 5 nights of sites");
    expect(error.retryAfterSeconds).toBeGreaterThan(200);
    await hold({ clientAddress: "203.0.113.81", nights: 5 });
    await saveSettings(db(), { maxHeldNightsPerClient: 56 });
  });

  it("refuse a stay longer than the maximum night stay, and take the longest", async () => {
    const longest = await hold({ nights: 28 });
    expect(longest.status).toBe("pending");
    const error = await refusal(hold({ nights: 29 }));
    expect(error).toMatchObject({ refusal: "invalid" });
    expect(error.fieldErrors).toEqual({
      checkOut: "Stays of more than 28 nights are booked by phone.",
    });
  });

  it("count holds started in the hour, released or not, against the saved limit", async () => {
    await saveSettings(db(), { holdsPerClientPerHour: 2 });
    const clientAddress = "203.0.113.79";
    for (let i = 0; i < 2; i++) {
      const held = await hold({ clientAddress });
      await releaseHeldBooking(db(), held.id, held.holdSecret);
    }
    const error = await refusal(hold({ clientAddress }));
    expect(error).toMatchObject({ refusal: "rate_limited", code: "too_many_holds" });
    expect(error.retryAfterSeconds).toBeGreaterThan(3000);
    await saveSettings(db(), { holdsPerClientPerHour: 10 });
  });
});

describe("the farm's questions at booking (issue 28)", () => {
  const rego = { id: "vehicle-registration", question: "Vehicle registration", kind: "text" };
  const arrival = { id: "arrival-time", question: "Expected arrival time", kind: "time" };
  const asked = [
    { ...rego, required: true },
    { ...arrival, required: false },
  ] as BookingQuestion[];

  it("refuses a hold with a required question blank, naming it; keeps the answers given", async () => {
    const before = await getSettings(db());
    await saveSettings(db(), { bookingQuestions: asked });
    try {
      const error = await refusal(hold({ answers: { "arrival-time": "15:00" } }));
      expect(error).toMatchObject({
        refusal: "invalid",
        message: "Please answer: Vehicle registration",
        fieldErrors: { "answer:vehicle-registration": "Please answer: Vehicle registration" },
      });
      const held = await hold({ answers: { "vehicle-registration": "123 ABC", other: "x" } });
      expect((await row(held.id)).guestAnswers).toEqual([
        { question: "Vehicle registration", answer: "123 ABC" },
      ]);
      // Back on step 2 the camper adds an arrival time: the held booking takes it.
      await changeHeldBooking(db(), held.id, held.holdSecret, {
        guest: {
          ...guest,
          phone: undefined,
          answers: { "vehicle-registration": "123 ABC", "arrival-time": "16:30" },
        },
      });
      expect((await row(held.id)).guestAnswers).toEqual([
        { question: "Vehicle registration", answer: "123 ABC" },
        { question: "Expected arrival time", answer: "16:30" },
      ]);
    } finally {
      await saveSettings(db(), { bookingQuestions: before.bookingQuestions });
    }
  });
});
