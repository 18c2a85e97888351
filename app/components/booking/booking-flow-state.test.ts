import { describe, expect, it } from "vitest";
import type { HeldBooking } from "#app/lib/booking-session.ts";
import type { Availability, PendingBooking } from "#domain/api/booking.ts";
import type { Rates } from "#domain/rules/rates.ts";
import { stayRules } from "#domain/rules/stay-dates.ts";
import {
  appliedCardText,
  appliedCodeText,
  holdChange,
  holdRequest,
  needsNoCard,
  payDisabled,
  paymentOptionsLocked,
} from "./booking-flow-derived";
import {
  type BookingFlowAction,
  type BookingFlowState,
  bookingFlowReducer,
  checkNext,
  holdNeeded,
  initialBookingFlowState,
  type StayCheck,
} from "./booking-flow-state";
import { bookingFigures, summaryRows } from "./price-summary";

const SITE = "6f1c2a8e-0000-4000-8000-000000000001";
const TODAY = "2030-01-10";
const rates: Rates = {
  nightPriceCents: 5000,
  weekendPriceCents: null,
  baseOccupancy: null,
  extraGuestFeeCents: 0,
  petFeeCents: 1000,
  maxDogs: 2,
  longWeekendMinimumNights: null,
  seasons: [
    {
      name: "Summer holidays",
      startDate: "2030-03-01",
      endDate: "2030-03-31",
      nightPriceCents: 7000,
      weekendPriceCents: null,
      minimumNights: 3,
    },
  ],
  extras: [],
};
const availability: Availability = {
  campsiteId: SITE,
  from: TODAY,
  to: "2031-01-10",
  unavailableDates: ["2030-01-20"],
  today: TODAY,
  minimumNightStay: 1,
  maximumNightStay: 28,
  maxAdvanceBookingDays: 365,
  lastCheckOutDate: "2031-01-10",
  capacity: 4,
  rates,
  longWeekendNights: [],
  questions: [],
  cancellationPolicy: null,
  termsVersion: "",
};
const rules = stayRules(availability);
const check: StayCheck = { rules, questions: [] };

const run = (state: BookingFlowState, ...actions: BookingFlowAction[]) =>
  actions.reduce(bookingFlowReducer, state);

const fresh = (
  initial: { checkIn?: string; checkOut?: string; guests?: number; dogs?: number } = {},
) => initialBookingFlowState({ initial, capacity: 4, today: TODAY });

const camper = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "" };
const typed = (details: Partial<typeof camper>): BookingFlowAction[] =>
  Object.entries(details).map(([field, value]) => ({
    type: "detailChanged",
    field: field as keyof typeof camper,
    value,
  }));

const booking: PendingBooking = {
  id: "b1",
  bookingReference: "BK000001",
  status: "pending",
  holdExpiresAt: "2030-01-10T00:05:00Z",
  campsiteName: "Creekside",
  checkIn: "2030-02-01",
  checkOut: "2030-02-03",
  nights: 2,
  guests: 2,
  dogs: 0,
  lines: [{ kind: "nights", description: "2 nights at $50.00 (Standard)", amountCents: 10000 }],
  totalAmountCents: 10000,
  discountAmountCents: 0,
  prepaidAmountUsedCents: 0,
  finalAmountCents: 10000,
  gstAmountCents: 909,
  paymentPlan: null,
};

function heldFor(state: BookingFlowState, changes: Partial<HeldBooking> = {}): HeldBooking {
  return {
    booking,
    holdSecret: "secret",
    request: holdRequest(state, SITE),
    countdownDeadline: 1_000_000,
    keepUntil: 1_000_000,
    ...changes,
  };
}

/** On step 2 with complete details, Next pressed: waiting for the hold. */
function holdingOnStep2(): BookingFlowState {
  return run(
    fresh({ checkIn: "2030-02-01", checkOut: "2030-02-03", guests: 2 }),
    { type: "next", check },
    ...typed(camper),
    { type: "next", check },
  );
}

/** On step 3 with the booking held. */
function atPayment(): BookingFlowState {
  const holding = holdingOnStep2();
  return run(holding, { type: "bookingHeld", held: heldFor(holding) });
}

describe("the booking flow's start", () => {
  it("opens on step 1 with the link's stay, or two guests when the link's are beyond capacity", () => {
    const state = fresh({ checkIn: "2030-02-01", checkOut: "2030-02-03", guests: 3 });
    expect(state.step).toBe(1);
    expect(state.stay).toEqual({
      checkIn: "2030-02-01",
      checkOut: "2030-02-03",
      guests: 3,
      dogs: 0,
    });
    expect(fresh({ guests: 9 }).stay.guests).toBe(2);
    expect(initialBookingFlowState({ initial: {}, capacity: 1, today: TODAY }).stay.guests).toBe(1);
  });

  it("does not fill the dates of a shared link whose check-in has passed", () => {
    const stale = fresh({ checkIn: "2030-01-09", checkOut: "2030-01-12", guests: 3 });
    expect(stale.stay).toEqual({ checkIn: undefined, checkOut: undefined, guests: 3, dogs: 0 });
    expect(fresh({ checkIn: TODAY, checkOut: "2030-01-12" }).stay.checkIn).toBe(TODAY);
  });
});

describe("step 1: dates and guests", () => {
  it("stays on step 1 with the spec's text when Next finds no dates", () => {
    const state = run(fresh(), { type: "next", check });
    expect(checkNext(fresh(), check)).toEqual({
      kind: "stayInvalid",
      problem: "Please select valid check-in and check-out dates.",
    });
    expect(state).toMatchObject({
      step: 1,
      stayProblem: "Please select valid check-in and check-out dates.",
    });
  });

  it("says why a stay cannot be booked, in the server's own words", () => {
    const longer = { rules: stayRules({ ...availability, minimumNightStay: 3 }), questions: [] };
    const short = fresh({ checkIn: "2030-02-01", checkOut: "2030-02-03" });
    expect(run(short, { type: "next", check: longer }).stayProblem).toBe(
      "Please select valid check-in and check-out dates. The minimum stay is 3 nights.",
    );
    const overBlocked = fresh({ checkIn: "2030-01-19", checkOut: "2030-01-21" });
    expect(run(overBlocked, { type: "next", check })).toMatchObject({
      step: 1,
      stayProblem:
        "Please select valid check-in and check-out dates. Some of those nights are already booked.",
    });
    const tooMany = run(fresh({ checkIn: "2030-02-01", checkOut: "2030-02-03" }), {
      type: "guestsChanged",
      guests: 5,
    });
    expect(run(tooMany, { type: "next", check }).stayProblem).toContain(
      "This campsite takes up to 4 guests.",
    );
  });

  it("goes to step 2 with a bookable stay, and a changed stay clears an earlier complaint", () => {
    const refused = run(fresh(), { type: "next", check });
    const picked = run(refused, { type: "checkInPicked", checkIn: "2030-02-01", rules });
    expect(picked.stayProblem).toBeUndefined();
    const state = run(picked, { type: "next", check });
    expect(state.stay).toEqual({
      checkIn: "2030-02-01",
      checkOut: "2030-02-02",
      guests: 2,
      dogs: 0,
    });
    expect(state.step).toBe(2);
  });

  it("moves a check-out the new check-in passed to the earliest one, and keeps one still good", () => {
    const start = fresh({ checkIn: "2030-02-01", checkOut: "2030-02-05" });
    const later = run(start, { type: "checkInPicked", checkIn: "2030-02-07", rules });
    expect(later.stay).toMatchObject({ checkIn: "2030-02-07", checkOut: "2030-02-08" });
    const earlier = run(start, { type: "checkInPicked", checkIn: "2030-02-03", rules });
    expect(earlier.stay).toMatchObject({ checkIn: "2030-02-03", checkOut: "2030-02-05" });
  });
});

describe("step 1: the rates' minimum stays and dogs (issue 13)", () => {
  it("refuses a stay shorter than a season's minimum, in the server's words", () => {
    const short = fresh({ checkIn: "2030-03-05", checkOut: "2030-03-07" });
    expect(run(short, { type: "next", check }).stayProblem).toBe(
      "Please select valid check-in and check-out dates. The minimum stay is 3 nights.",
    );
    const long = fresh({ checkIn: "2030-03-05", checkOut: "2030-03-08" });
    expect(run(long, { type: "next", check }).step).toBe(2);
  });

  it("moves the check-out to the earliest the season allows", () => {
    const picked = run(fresh(), { type: "checkInPicked", checkIn: "2030-03-05", rules });
    expect(picked.stay).toMatchObject({ checkIn: "2030-03-05", checkOut: "2030-03-08" });
  });

  it("takes dogs, drops a linked number the campsite does not take, and sends them with the hold", () => {
    const linked = fresh({ checkIn: "2030-02-01", checkOut: "2030-02-03", dogs: 3 });
    expect(linked.stay.dogs).toBe(3);
    expect(run(linked, { type: "dogsLimited", maxDogs: 2 }).stay.dogs).toBe(0);
    const one = fresh({ dogs: 1 });
    expect(run(one, { type: "dogsLimited", maxDogs: 2 })).toBe(one);
    const changed = run(linked, { type: "dogsChanged", dogs: 2 }, { type: "next", check });
    expect(holdRequest(changed, SITE)).toMatchObject({ guests: 2, dogs: 2 });
  });
});

describe("step 2: guest details, and the hold that Next makes", () => {
  const onStep2 = () =>
    run(fresh({ checkIn: "2030-02-01", checkOut: "2030-02-03" }), { type: "next", check });

  it("stays on step 2 and marks the missing fields", () => {
    const state = run(onStep2(), ...typed({ firstName: "Ada" }), { type: "next", check });
    expect(state).toMatchObject({ step: 2, holding: false });
    expect([...state.invalidFields].sort()).toEqual(["email", "lastName"]);
  });

  it("waits on step 2 for the hold once the details are complete, without the code or card", () => {
    const state = holdingOnStep2();
    expect(state).toMatchObject({ step: 2, holding: true });
    expect(holdRequest(state, SITE)).toEqual({
      campsiteId: SITE,
      checkIn: "2030-02-01",
      checkOut: "2030-02-03",
      guests: 2,
      dogs: 0,
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      phone: undefined,
      answers: {},
    });
    // A second Next while the first waits changes nothing.
    expect(run(state, { type: "next", check })).toBe(state);
  });

  it("opens step 3 with the booking held", () => {
    const state = atPayment();
    expect(state).toMatchObject({ step: 3, holding: false, expired: false });
    expect(state.held?.booking.id).toBe("b1");
    expect(payDisabled(state)).toBe(false);
    expect(paymentOptionsLocked(state)).toBe(false);
  });

  it("goes back to step 1 with the calendar to refresh when the last unit went (409)", () => {
    const gone = run(holdingOnStep2(), {
      type: "holdRefused",
      refusal: { kind: "unitGone", message: "Sorry, gone." },
    });
    expect(gone).toMatchObject({ step: 1, holding: false, held: undefined });
  });

  it("goes back to step 1 with the server's reason when it refuses the stay", () => {
    const refused = run(holdingOnStep2(), {
      type: "holdRefused",
      refusal: { kind: "stay", message: "The minimum stay is 3 nights." },
    });
    expect(refused).toMatchObject({
      step: 1,
      stayProblem:
        "Please select valid check-in and check-out dates. The minimum stay is 3 nights.",
    });
  });

  it("marks the details the server refused, and stays on step 2 for any other refusal", () => {
    const details = run(holdingOnStep2(), {
      type: "holdRefused",
      refusal: { kind: "details", message: "Bad email.", fields: ["email"] },
    });
    expect(details).toMatchObject({ step: 2, holding: false });
    expect([...details.invalidFields]).toEqual(["email"]);
    const limited = run(holdingOnStep2(), {
      type: "holdRefused",
      refusal: { kind: "other", message: "You already have 3 bookings waiting for payment." },
    });
    expect(limited).toMatchObject({ step: 2, holding: false });
    expect(limited.held).toBeUndefined();
  });
});

describe("step 2: the farm's questions (issue 28)", () => {
  const rego = { id: "vehicle-registration", question: "Vehicle registration", kind: "text" };
  const asking = {
    rules,
    questions: [
      { ...rego, required: true },
      { id: "arrival-time", question: "Expected arrival time", kind: "time", required: false },
    ],
  } as StayCheck;
  const detailsTyped = () =>
    run(
      fresh({ checkIn: "2030-02-01", checkOut: "2030-02-03" }),
      { type: "next", check: asking },
      ...typed(camper),
    );
  const answered = (state: BookingFlowState, questionId: string, value: string) =>
    run(state, { type: "answerChanged", questionId, value });

  it("stays on step 2 while a required question is blank, and marks it", () => {
    const state = run(answered(detailsTyped(), "vehicle-registration", "  "), {
      type: "next",
      check: asking,
    });
    expect(state).toMatchObject({ step: 2, holding: false });
    expect([...state.invalidFields]).toEqual(["answer:vehicle-registration"]);
  });

  it("holds the booking with the answers given, blank optional ones left out", () => {
    const state = run(answered(detailsTyped(), "vehicle-registration", " 123 ABC "), {
      type: "next",
      check: asking,
    });
    expect(state).toMatchObject({ step: 2, holding: true });
    expect(holdRequest(state, SITE).answers).toEqual({ "vehicle-registration": "123 ABC" });
  });

  it("sends a changed answer to the held booking when the camper comes back to step 2", () => {
    const typedIn = answered(detailsTyped(), "vehicle-registration", "123 ABC");
    const waiting = run(typedIn, { type: "next", check: asking });
    const held = run(waiting, { type: "bookingHeld", held: heldFor(waiting) });
    const back = run(held, { type: "previous" });
    expect(holdNeeded(back)).toBe("none");
    expect(holdNeeded(answered(back, "arrival-time", "15:30"))).toBe("changeGuest");
  });
});

describe("going back", () => {
  it("keeps the hold on step 2 and carries on with it when the details did not change", () => {
    const two = run(atPayment(), { type: "previous" });
    expect(two).toMatchObject({ step: 2, details: camper });
    expect(two.held?.booking.id).toBe("b1");
    expect(holdNeeded(two)).toBe("none");
    expect(run(two, { type: "next", check })).toMatchObject({ step: 3, holding: false });
  });

  it("sends changed details to the held booking before step 3 again", () => {
    const two = run(atPayment(), { type: "previous" }, ...typed({ email: "ada@example.org" }));
    expect(holdNeeded(two)).toBe("changeGuest");
    const waiting = run(two, { type: "next", check });
    expect(waiting).toMatchObject({ step: 2, holding: true });
    const changed = heldFor(two, { request: holdRequest(two, SITE) });
    expect(run(waiting, { type: "bookingHeld", held: changed })).toMatchObject({
      step: 3,
      held: { request: { email: "ada@example.org" } },
    });
  });

  it("lets the hold go on the way back to step 1, keeping the stay and details", () => {
    const state = run(atPayment(), { type: "codeTyped", value: "SUMMER10" });
    const one = run(state, { type: "previous" }, { type: "previous" });
    expect(one).toMatchObject({ step: 1, held: undefined, codeInput: "", details: camper });
    expect(one.stay).toEqual(state.stay);
    expect(run(one, { type: "previous" })).toBe(one);
  });

  it("does not go back while the hold is being made or Pay is under way", () => {
    const holding = holdingOnStep2();
    expect(run(holding, { type: "previous" })).toBe(holding);
    const paying = run(atPayment(), { type: "payStarted" });
    expect(run(paying, { type: "previous" })).toBe(paying);
  });

  it("makes a new hold when the old one ran out while the camper was on step 2", () => {
    const two = run(atPayment(), { type: "previous" }, { type: "holdExpired" });
    expect(holdNeeded(two)).toBe("make");
    expect(run(two, { type: "next", check }).holding).toBe(true);
  });
});

describe("step 3: discount code and prepaid card on the held booking", () => {
  const repriced: PendingBooking = {
    ...booking,
    discountAmountCents: 1000,
    prepaidAmountUsedCents: 5000,
    finalAmountCents: 4000,
  };

  it("shows what the server's answer carries, and keeps the countdown's end", () => {
    const state = run(
      atPayment(),
      { type: "codeTyped", value: "summer10" },
      { type: "applyStarted", option: "code" },
    );
    expect(payDisabled(state)).toBe(true);
    const before = state.held as HeldBooking;
    const held = {
      ...before,
      booking: repriced,
      request: { ...before.request, discountCode: "SUMMER10", prepaidCardNumber: "PC1" },
    };
    const applied = run(state, { type: "holdChanged", held }, { type: "applyFinished" });
    expect(applied.held?.countdownDeadline).toBe(before.countdownDeadline);
    expect(payDisabled(applied)).toBe(false);
    expect(appliedCodeText(applied.held)).toBe("SUMMER10 applied: −$10.00");
    expect(appliedCardText(applied.held)).toBe("Prepaid card applied: −$50.00");
    expect(bookingFigures(repriced)).toEqual({
      lines: booking.lines,
      subtotalCents: 10000,
      discountAmountCents: 1000,
      prepaidAmountCents: 5000,
      finalAmountCents: 4000,
      gstAmountCents: 909,
    });
    expect(summaryRows(bookingFigures(repriced))).toEqual([
      ["2 nights at $50.00 (Standard)", "$100.00"],
      ["Discount", "−$10.00"],
      ["Prepaid card", "−$50.00"],
    ]);
  });

  it("keeps what is typed apart from what is applied until the server answers", () => {
    const state = run(atPayment(), { type: "codeTyped", value: "NOSUCHCODE" });
    expect(state.codeInput).toBe("NOSUCHCODE");
    expect(appliedCodeText(state.held)).toBeUndefined();
  });

  it("says when nothing is left to pay", () => {
    const state = atPayment();
    const free = { ...(state.held as HeldBooking), booking: { ...booking, finalAmountCents: 0 } };
    expect(needsNoCard(state.held)).toBe(false);
    expect(needsNoCard(run(state, { type: "holdChanged", held: free }).held)).toBe(true);
  });
});

describe("step 3: extras on the held booking (issue 13)", () => {
  const late = [{ extraId: "late", quantity: 1 }];

  it("shows the extras chosen at once, and PATCHes them with the code and card carried", () => {
    const state = run(atPayment(), { type: "extrasChosen", extras: late });
    expect(state.extrasInput).toEqual(late);
    const held = state.held as HeldBooking;
    expect(holdChange(held, { extras: late })).toEqual({
      extras: late,
      discountCode: undefined,
      prepaidCardNumber: undefined,
    });
    const withCode = { ...held, request: { ...held.request, extras: late, discountCode: "X" } };
    // A code applied later keeps the extras: a PATCH clears what it leaves out.
    expect(holdChange(withCode, { discountCode: "Y" })).toMatchObject({
      extras: late,
      discountCode: "Y",
    });
    const guest = { ...camper, answers: {} };
    expect(holdChange(withCode, { guest })).toMatchObject({ extras: late, guest });
  });

  it("lets the extras go with the hold, and brings them back with a kept booking", () => {
    const chosen = run(atPayment(), { type: "extrasChosen", extras: late });
    const one = run(chosen, { type: "previous" }, { type: "previous" });
    expect(one.extrasInput).toEqual([]);
    const kept = { ...(chosen.held as HeldBooking) };
    kept.request = { ...kept.request, extras: late };
    const restored = run(fresh(chosen.stay), {
      type: "heldBookingRestored",
      held: kept,
      expired: false,
    });
    expect(restored.extrasInput).toEqual(late);
  });

  it("keeps the extras when the same booking takes changed details, not for a new one", () => {
    const chosen = run(atPayment(), { type: "extrasChosen", extras: late });
    const held = chosen.held as HeldBooking;
    expect(run(chosen, { type: "bookingHeld", held }).extrasInput).toEqual(late);
    const other = { ...held, booking: { ...booking, id: "b2" } };
    expect(run(chosen, { type: "bookingHeld", held: other }).extrasInput).toEqual([]);
  });
});

describe("Pay and the end of the hold", () => {
  it("disables Pay while it is under way, and lets it be pressed again when it failed", () => {
    const paying = run(atPayment(), { type: "payStarted" });
    expect(payDisabled(paying)).toBe(true);
    expect(paymentOptionsLocked(paying)).toBe(true);
    expect(payDisabled(run(paying, { type: "payFailed" }))).toBe(false);
  });

  it("disables Pay and the code and card when the hold expires", () => {
    const expired = run(atPayment(), { type: "payStarted" }, { type: "holdExpired" });
    expect(expired).toMatchObject({ expired: true, processing: false });
    expect(payDisabled(expired)).toBe(true);
    expect(paymentOptionsLocked(expired)).toBe(true);
  });

  it("starts over on step 1 without the expired booking, keeping the stay", () => {
    const state = atPayment();
    const again = run(state, { type: "holdExpired" }, { type: "startedOver" });
    expect(again).toMatchObject({ step: 1, held: undefined, expired: false, stay: state.stay });
  });
});

describe("the booking kept in the tab, asked about again", () => {
  const kept = (state: BookingFlowState) =>
    heldFor(state, {
      request: {
        ...holdRequest(state, SITE),
        phone: "0400 000 000",
        discountCode: "SUMMER10",
        prepaidCardNumber: "PC1",
      },
    });

  it("waits for the server's answer, then opens step 3 with its details, code and card", () => {
    const state = atPayment();
    const asking = run(fresh(state.stay), { type: "restoreStarted" });
    expect(asking.restoring).toBe(true);
    expect(payDisabled(asking)).toBe(true);
    const restored = run(asking, {
      type: "heldBookingRestored",
      held: kept(state),
      expired: false,
    });
    expect(restored).toMatchObject({
      step: 3,
      restoring: false,
      expired: false,
      details: { ...camper, phone: "0400 000 000" },
      codeInput: "SUMMER10",
      cardInput: "PC1",
    });
    expect(payDisabled(restored)).toBe(false);
  });

  it("shows a booking the server has expired as expired, never as waiting for payment", () => {
    const state = atPayment();
    const paying = run(state, { type: "payStarted" });
    const back = run(paying, { type: "heldBookingRestored", held: kept(state), expired: true });
    expect(back).toMatchObject({ step: 3, expired: true, processing: false });
    expect(payDisabled(back)).toBe(true);
  });

  it("stays where it was when there is nothing to carry on with", () => {
    const paying = run(atPayment(), { type: "payStarted" }, { type: "restoreStarted" });
    expect(run(paying, { type: "restoreFinished" })).toMatchObject({
      restoring: false,
      processing: false,
    });
  });
});
