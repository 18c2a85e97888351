import { describe, expect, it } from "vitest";
import type { Quote } from "#app/lib/booking-api.ts";
import type { HeldBooking } from "#app/lib/booking-session.ts";
import { stayRules } from "#domain/rules/stay-dates.ts";
import {
  bookingRequest,
  heldForRequest,
  payDisabled,
  paymentOptionsLocked,
} from "./booking-flow-derived";
import {
  type BookingFlowAction,
  type BookingFlowState,
  bookingFlowReducer,
  checkNext,
  initialBookingFlowState,
  type StayCheck,
} from "./booking-flow-state";

const SITE = "6f1c2a8e-0000-4000-8000-000000000001";
const rules = stayRules({
  campsiteId: SITE,
  from: "2030-01-10",
  to: "2031-01-10",
  unavailableDates: ["2030-01-20"],
  today: "2030-01-10",
  minimumNightStay: 1,
  maxAdvanceBookingDays: 365,
  lastCheckOutDate: "2031-01-10",
  capacity: 4,
});
const check: StayCheck = { rules, capacity: 4 };

const run = (state: BookingFlowState, ...actions: BookingFlowAction[]) =>
  actions.reduce(bookingFlowReducer, state);

const fresh = (initial: { checkIn?: string; checkOut?: string; guests?: number } = {}) =>
  initialBookingFlowState({ initial, capacity: 4 });

const camper = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "" };
const typed = (details: Partial<typeof camper>): BookingFlowAction[] =>
  Object.entries(details).map(([field, value]) => ({
    type: "detailChanged",
    field: field as keyof typeof camper,
    value,
  }));

/** On step 3 with a bookable stay, complete details and a price. */
function atPayment(): BookingFlowState {
  return run(
    fresh({ checkIn: "2030-02-01", checkOut: "2030-02-03", guests: 2 }),
    { type: "next", check },
    ...typed(camper),
    { type: "next", check },
    { type: "quoteRequested" },
    { type: "quoteAnswered", quote },
    { type: "quoteSettled" },
  );
}

const quote: Quote = {
  nights: 2,
  pricePerNightCents: 5000,
  subtotalCents: 10000,
  discountAmountCents: 0,
  prepaidAmountCents: 0,
  finalAmountCents: 10000,
  currency: "AUD",
};

function heldFor(state: BookingFlowState, countdownDeadline = 1_000_000): HeldBooking {
  return {
    booking: {
      id: "b1",
      bookingReference: "RCS-0001",
      status: "pending",
      holdExpiresAt: "2030-01-10T00:05:00Z",
      campsiteName: "Creekside",
      checkIn: "2030-02-01",
      checkOut: "2030-02-03",
      nights: 2,
      guests: 2,
      totalAmountCents: 10000,
      discountAmountCents: 0,
      prepaidAmountUsedCents: 0,
      finalAmountCents: 10000,
    },
    countdownDeadline,
    keepUntil: countdownDeadline,
    request: bookingRequest(state, SITE),
    appliedLabels: {},
  };
}

describe("the booking flow's start", () => {
  it("opens on step 1 with the link's stay, or two guests when the link's are beyond capacity", () => {
    const state = fresh({ checkIn: "2030-02-01", checkOut: "2030-02-03", guests: 3 });
    expect(state.step).toBe(1);
    expect(state.stay).toEqual({ checkIn: "2030-02-01", checkOut: "2030-02-03", guests: 3 });
    expect(fresh({ guests: 9 }).stay.guests).toBe(2);
    expect(initialBookingFlowState({ initial: {}, capacity: 1 }).stay.guests).toBe(1);
  });
});

describe("step 1: dates and guests", () => {
  it("stays on step 1 and marks the stay invalid when Next finds no bookable stay", () => {
    const state = run(fresh(), { type: "next", check });
    expect(checkNext(fresh(), check)).toEqual({ kind: "stayInvalid" });
    expect(state.step).toBe(1);
    expect(state.stayInvalid).toBe(true);
  });

  it("refuses a stay over an unavailable night or for more guests than the campsite takes", () => {
    const overBlocked = fresh({ checkIn: "2030-01-19", checkOut: "2030-01-21" });
    expect(run(overBlocked, { type: "next", check }).step).toBe(1);
    const tooMany = run(fresh({ checkIn: "2030-02-01", checkOut: "2030-02-03" }), {
      type: "guestsChanged",
      guests: 5,
    });
    expect(run(tooMany, { type: "next", check })).toMatchObject({ step: 1, stayInvalid: true });
  });

  it("goes to step 2 with a bookable stay and no longer marks it invalid", () => {
    const state = run(
      fresh(),
      { type: "next", check },
      { type: "checkInPicked", checkIn: "2030-02-01", rules },
      { type: "next", check },
    );
    expect(state.stay).toEqual({ checkIn: "2030-02-01", checkOut: "2030-02-02", guests: 2 });
    expect(state.step).toBe(2);
    expect(state.stayInvalid).toBe(false);
  });

  it("moves a check-out the new check-in passed to the earliest one, and keeps one still good", () => {
    const start = fresh({ checkIn: "2030-02-01", checkOut: "2030-02-05" });
    const later = run(start, { type: "checkInPicked", checkIn: "2030-02-07", rules });
    expect(later.stay).toMatchObject({ checkIn: "2030-02-07", checkOut: "2030-02-08" });
    const earlier = run(start, { type: "checkInPicked", checkIn: "2030-02-03", rules });
    expect(earlier.stay).toMatchObject({ checkIn: "2030-02-03", checkOut: "2030-02-05" });
  });
});

describe("step 2: guest details", () => {
  const onStep2 = () =>
    run(fresh({ checkIn: "2030-02-01", checkOut: "2030-02-03" }), { type: "next", check });

  it("stays on step 2 and marks the missing fields", () => {
    const state = run(onStep2(), ...typed({ firstName: "Ada" }), { type: "next", check });
    expect(state.step).toBe(2);
    expect([...state.invalidFields].sort()).toEqual(["email", "lastName"]);
  });

  it("goes to step 3 once they are complete, and unmarks them", () => {
    const state = run(onStep2(), { type: "next", check }, ...typed(camper), {
      type: "next",
      check,
    });
    expect(state.step).toBe(3);
    expect(state.invalidFields.size).toBe(0);
  });

  it("has no Next on step 3", () => {
    const state = atPayment();
    expect(checkNext(state, check)).toBeUndefined();
    expect(run(state, { type: "next", check })).toBe(state);
  });
});

describe("going back", () => {
  it("goes back one step at a time, keeping what was entered, and no further than step 1", () => {
    const two = run(atPayment(), { type: "previous" });
    expect(two.step).toBe(2);
    expect(two.details).toEqual(camper);
    const one = run(two, { type: "previous" });
    expect(one.step).toBe(1);
    expect(run(one, { type: "previous" })).toBe(one);
  });
});

describe("step 3: discount code and prepaid card", () => {
  const code = { value: "SUMMER10", label: "10% off" };

  it("applies a code after its check, and Pay waits while it is checked", () => {
    const checking = run(
      atPayment(),
      { type: "codeTyped", value: "summer10" },
      { type: "applyStarted", option: "code" },
    );
    expect(checking.applying).toBe("code");
    expect(payDisabled(checking)).toBe(true);
    const applied = run(checking, { type: "codeApplied", code }, { type: "applyFinished" });
    expect(applied.appliedCode).toEqual(code);
    expect(applied.applying).toBeUndefined();
    expect(payDisabled(applied)).toBe(false);
    expect(bookingRequest(applied, SITE).discountCode).toBe("SUMMER10");
  });

  it("takes the code or card off when its field is cleared, not while it is edited", () => {
    const card = { value: "PC-1", label: "Prepaid card applied (balance $50.00)" };
    const applied = run(
      atPayment(),
      { type: "codeTyped", value: "SUMMER10" },
      { type: "codeApplied", code },
      { type: "cardTyped", value: "PC-1" },
      { type: "cardApplied", card },
    );
    expect(run(applied, { type: "codeTyped", value: "SUMMER1" }).appliedCode).toEqual(code);
    const cleared = run(applied, { type: "codeTyped", value: "  " });
    expect(cleared).toMatchObject({ codeInput: "  ", appliedCode: undefined, appliedCard: card });
    expect(run(applied, { type: "cardTyped", value: "" }).appliedCard).toBeUndefined();
  });

  it("takes off a code the quote refuses, and shows any other refusal as the price's problem", () => {
    const applied = run(atPayment(), { type: "codeApplied", code });
    const refused = run(applied, {
      type: "quoteRefused",
      message: "That code has expired.",
      rejected: "code",
    });
    expect(refused).toMatchObject({ quote: undefined, appliedCode: undefined });
    expect(refused.quoteProblem).toBeUndefined();
    const down = run(applied, { type: "quoteRefused", message: "The server answered 500." });
    expect(down).toMatchObject({ appliedCode: code, quoteProblem: "The server answered 500." });
    expect(payDisabled(down)).toBe(true);
    const answered = run(down, { type: "quoteAnswered", quote });
    expect(answered.quoteProblem).toBeUndefined();
  });

  it("keeps Pay off until the price is known and while it is asked again", () => {
    const start = run(atPayment(), { type: "previous" }, { type: "next", check });
    expect(payDisabled(run(fresh(), { type: "quoteRequested" }))).toBe(true);
    expect(payDisabled(run(start, { type: "quoteRequested" }))).toBe(true);
    expect(payDisabled(run(start, { type: "quoteRequested" }, { type: "quoteSettled" }))).toBe(
      false,
    );
  });
});

describe("Pay and the hold", () => {
  it("holds the booking for the request it was made from, locking the code and card", () => {
    const paying = run(atPayment(), { type: "payStarted" });
    expect(payDisabled(paying)).toBe(true);
    const held = run(paying, { type: "bookingHeld", held: heldFor(paying) });
    const forThis = heldForRequest(held, bookingRequest(held, SITE));
    expect(forThis?.booking.id).toBe("b1");
    expect(paymentOptionsLocked(held, forThis)).toBe(true);
    // A changed request is not what the booking was made for: the next Pay makes a new one.
    const changed = run(held, ...typed({ email: "ada@example.org" }));
    expect(heldForRequest(changed, bookingRequest(changed, SITE))).toBeUndefined();
  });

  it("goes back to step 1 when the booking is refused because the last unit went (409)", () => {
    const paying = run(atPayment(), { type: "payStarted" });
    const gone = run(paying, { type: "bookingRefused", unitGone: true });
    expect(gone).toMatchObject({ step: 1, processing: false });
    const other = run(paying, { type: "bookingRefused", unitGone: false });
    expect(other).toMatchObject({ step: 3, processing: false });
  });

  it("drops a booking the payment page can no longer be made for, and keeps it otherwise", () => {
    const paying = run(atPayment(), { type: "payStarted" });
    const held = run(paying, { type: "bookingHeld", held: heldFor(paying) });
    expect(run(held, { type: "paymentRefused", bookingGone: true })).toMatchObject({
      held: undefined,
      processing: false,
    });
    expect(run(held, { type: "paymentRefused", bookingGone: false }).held?.booking.id).toBe("b1");
    expect(run(held, { type: "payFailed" }).processing).toBe(false);
  });

  it("disables Pay and unlocks the code and card when the hold expires", () => {
    const state = atPayment();
    const held = run(state, { type: "bookingHeld", held: heldFor(state) }, { type: "holdExpired" });
    expect(held.expired).toBe(true);
    expect(payDisabled(held)).toBe(true);
    expect(paymentOptionsLocked(held, held.held)).toBe(false);
  });

  it("starts over on step 1 without the expired booking, keeping the stay", () => {
    const state = atPayment();
    const expired = run(
      state,
      { type: "bookingHeld", held: heldFor(state) },
      { type: "holdExpired" },
    );
    const again = run(expired, { type: "startedOver" });
    expect(again).toMatchObject({ step: 1, held: undefined, expired: false, stay: state.stay });
  });
});

describe("the booking found again after the payment page", () => {
  it("restores its details, code and card, and opens step 3 with it", () => {
    const state = atPayment();
    const held: HeldBooking = {
      ...heldFor(state),
      request: {
        ...bookingRequest(state, SITE),
        phone: "0400 000 000",
        discountCode: "SUMMER10",
        prepaidCardNumber: "PC-1",
      },
      appliedLabels: { discountCode: "10% off", prepaidCard: "Prepaid card applied" },
    };
    const restored = run(fresh(state.stay), { type: "heldBookingRestored", held });
    expect(restored).toMatchObject({
      step: 3,
      details: { ...camper, phone: "0400 000 000" },
      codeInput: "SUMMER10",
      appliedCode: { value: "SUMMER10", label: "10% off" },
      cardInput: "PC-1",
      appliedCard: { value: "PC-1", label: "Prepaid card applied" },
    });
    expect(heldForRequest(restored, bookingRequest(restored, SITE))).toBe(held);
  });

  it("lets Pay be pressed again without a countdown after the browser's Back", () => {
    const state = run(atPayment(), { type: "payStarted" });
    const held = run(state, { type: "bookingHeld", held: heldFor(state) });
    const back = run(held, { type: "returnedFromPayment" });
    expect(back.processing).toBe(false);
    expect(back.held?.booking.id).toBe("b1");
    expect(back.held?.countdownDeadline).toBeUndefined();
    expect(run(fresh(), { type: "returnedFromPayment" }).held).toBeUndefined();
  });
});
