// The booking flow's state and every transition of it (spec 2.12, 4 and 5,
// decision 0012), in one pure reducer: what the camper does and what the
// server answers come in as actions. Toasts, API calls and session storage
// stay in the hooks that send the actions, so this file is the one place to
// read (and test) the flow.
//
// The hold starts on step 3: Next on step 2 makes the pending booking (the
// stay, its dogs and the guest), and from then on the booking the server holds
// is the one source of the price and of the extras, code and card applied.
import type { HeldBooking } from "#app/lib/booking-session.ts";
import { guestDetailsSchema, INVALID_DATES_MESSAGE } from "#domain/forms/booking-request.ts";
import { fieldErrorsOf } from "#domain/forms/form-fields.ts";
import { acceptedDogs, acceptedGuests, DEFAULT_GUESTS } from "#domain/rules/booking-query.ts";
import { answersTo, type BookingQuestion } from "#domain/rules/booking-questions.ts";
import type { ExtraChoice } from "#domain/rules/rates.ts";
import { type StayRules, withCheckIn } from "#domain/rules/stay-dates.ts";
import type { GuestField, GuestForm } from "./guest-step";
import type { HoldRefusal } from "./hold-answers";
import type { Stay } from "./stay-step";
import type { Step } from "./step-indicator";

/** What step 3 changes on the held booking, one at a time. */
export type PaymentOption = "code" | "card" | "extras";

export type BookingFlowState = {
  step: Step;
  stay: Stay;
  /** Why the stay cannot be booked, after a Next (or the server) refused it; shown by the dates. */
  stayProblem?: string;
  details: GuestForm;
  /** Guest fields and `answer:<id>` fields Next found wanting. */
  invalidFields: ReadonlySet<string>;
  codeInput: string;
  cardInput: string;
  /** The extras ticked on step 3: what the held booking carries, or the change on its way. */
  extrasInput: ExtraChoice[];
  /** The extras, code or card change waiting for the server's answer. */
  applying?: PaymentOption;
  /** Next on step 2 waits for the server to hold the booking (or take the changed details). */
  holding: boolean;
  /** The booking held in this tab, as the server last answered it. */
  held?: HeldBooking;
  /** The booking kept in this tab is being asked about (back from the payment page, a reload). */
  restoring: boolean;
  /** The hold ran out: Pay is off until the camper starts over. */
  expired: boolean;
  /** Pay was pressed: its request is under way or the browser is off to the payment page. */
  processing: boolean;
  /** The camper ticked 'I accept' for the cancellation policy and the Terms on step 3. */
  policyAccepted: boolean;
  /** Pay was pressed without it: the box is marked. */
  policyMissing: boolean;
};

/** What Next checks against: the calendar's rules with the server's stay limits, and the farm's questions. */
export type StayCheck = { rules: StayRules; questions: readonly BookingQuestion[] };

export type BookingFlowAction =
  // Step 1: dates and guests.
  | { type: "checkInPicked"; checkIn: string; rules: StayRules }
  | { type: "checkOutPicked"; checkOut: string }
  | { type: "guestsChanged"; guests: number }
  | { type: "dogsChanged"; dogs: number }
  /** The campsite's rates arrived: a linked number of dogs it does not take is dropped. */
  | { type: "dogsLimited"; maxDogs: number }
  // Step 2: guest details.
  | { type: "detailChanged"; field: GuestField; value: string }
  | { type: "answerChanged"; questionId: string; value: string }
  // Between the steps.
  | { type: "next"; check: StayCheck }
  | { type: "previous" }
  // The hold, made (or given the changed guest details) by Next on step 2.
  | { type: "bookingHeld"; held: HeldBooking }
  | { type: "holdRefused"; refusal: HoldRefusal }
  // Step 3: the extras, the discount code and the prepaid card, applied to the held booking.
  | { type: "extrasChosen"; extras: ExtraChoice[] }
  | { type: "codeTyped"; value: string }
  | { type: "cardTyped"; value: string }
  | { type: "applyStarted"; option: PaymentOption }
  | { type: "holdChanged"; held: HeldBooking }
  | { type: "applyFinished" }
  // Step 3: Pay and the end of the hold.
  | { type: "policyAccepted"; accepted: boolean }
  /** Pay without the policy accepted, or the server found it changed: ask again. */
  | { type: "policyRefused" }
  | { type: "payStarted" }
  | { type: "payFailed" }
  | { type: "holdExpired" }
  | { type: "startedOver" }
  // The booking kept in this tab, asked about again.
  | { type: "restoreStarted" }
  | { type: "heldBookingRestored"; held: HeldBooking; expired: boolean }
  | { type: "restoreFinished" };

export function initialBookingFlowState({
  initial,
  capacity,
  today,
}: {
  initial: { checkIn?: string; checkOut?: string; guests?: number; dogs?: number };
  capacity: number;
  /** The farm's today: a shared link's dates in the past are not a stay anyone can book. */
  today: string;
}): BookingFlowState {
  const past = initial.checkIn !== undefined && initial.checkIn < today;
  return {
    step: 1,
    stay: {
      checkIn: past ? undefined : initial.checkIn,
      checkOut: past ? undefined : initial.checkOut,
      guests: acceptedGuests(initial.guests, capacity) ?? Math.min(DEFAULT_GUESTS, capacity),
      // Checked against the campsite's maximum when its rates arrive (dogsLimited).
      dogs: initial.dogs ?? 0,
    },
    details: { firstName: "", lastName: "", email: "", phone: "", answers: {} },
    invalidFields: new Set(),
    codeInput: "",
    cardInput: "",
    extrasInput: [],
    holding: false,
    restoring: false,
    expired: false,
    processing: false,
    policyAccepted: false,
    policyMissing: false,
  };
}

/** Sentence the spec's 'Invalid Dates' text is followed by when the nights are taken. */
export const NIGHTS_TAKEN = "Some of those nights are already booked.";

/** The spec's 'Invalid Dates' text, followed by the reason when there is a more precise one. */
export const invalidDatesText = (reason?: string) =>
  reason && reason !== INVALID_DATES_MESSAGE
    ? `${INVALID_DATES_MESSAGE} ${reason}`
    : INVALID_DATES_MESSAGE;

/** Why step 1's stay cannot be booked, by the server's own rules; undefined when it can. */
export function stayProblemText(stay: Stay, check: StayCheck): string | undefined {
  const { checkIn, checkOut, guests } = stay;
  if (!checkIn || !checkOut) return invalidDatesText();
  const problem = check.rules.stayProblem({ checkIn, checkOut, guests });
  if (problem) return invalidDatesText(problem);
  if (!check.rules.isStayBookable(checkIn, checkOut)) return invalidDatesText(NIGHTS_TAKEN);
  return guests >= 1 ? undefined : invalidDatesText();
}

/** What Next finds on steps 1 and 2 (step 3 has Pay instead). */
export type NextCheck =
  | { kind: "stayBookable" }
  | { kind: "stayInvalid"; problem: string }
  | { kind: "detailsComplete" }
  | { kind: "detailsInvalid"; fields: ReadonlySet<string> };

export function checkNext(state: BookingFlowState, check: StayCheck): NextCheck | undefined {
  if (state.step === 1) {
    const problem = stayProblemText(state.stay, check);
    return problem ? { kind: "stayInvalid", problem } : { kind: "stayBookable" };
  }
  if (state.step === 2) {
    // The booking request schema's rules and the questions', the same the API applies.
    const parsed = guestDetailsSchema.safeParse(state.details);
    const { problems } = answersTo(check.questions, state.details.answers);
    const fields = new Set([
      ...(parsed.success ? [] : Object.keys(fieldErrorsOf(parsed.error))),
      ...Object.keys(problems),
    ]);
    return fields.size === 0 ? { kind: "detailsComplete" } : { kind: "detailsInvalid", fields };
  }
  return undefined;
}

const trimmed = (value: string | undefined) => value?.trim() || undefined;

/** Whether the held booking was made (or last changed) with the guest details on screen. */
export function sameGuest(request: HeldBooking["request"], details: GuestForm): boolean {
  return (
    trimmed(request.firstName) === trimmed(details.firstName) &&
    trimmed(request.lastName) === trimmed(details.lastName) &&
    trimmed(request.email) === trimmed(details.email) &&
    trimmed(request.phone) === trimmed(details.phone) &&
    sameAnswers(request.answers ?? {}, details.answers)
  );
}

function sameAnswers(held: Record<string, string>, shown: Record<string, string>): boolean {
  const ids = new Set([...Object.keys(held), ...Object.keys(shown)]);
  return [...ids].every((id) => trimmed(held[id]) === trimmed(shown[id]));
}

/** What Next on step 2 asks of the server: a new hold, the held one's details changed, or nothing. */
export function holdNeeded(state: BookingFlowState): "make" | "changeGuest" | "none" {
  const { held } = state;
  if (!held || state.expired) return "make";
  return sameGuest(held.request, state.details) ? "none" : "changeGuest";
}

/** The stay changed: an earlier refusal of it no longer applies. */
const withStay = (state: BookingFlowState, stay: Stay): BookingFlowState => ({
  ...state,
  stay,
  stayProblem: undefined,
});

/** No booking held: the extras, code and card go with the hold they were applied to. */
const withoutHold = (state: BookingFlowState): BookingFlowState => ({
  ...state,
  held: undefined,
  expired: false,
  codeInput: "",
  cardInput: "",
  extrasInput: [],
  policyAccepted: false,
});

function nextStep(state: BookingFlowState, check: StayCheck): BookingFlowState {
  const found = checkNext(state, check);
  switch (found?.kind) {
    case "stayBookable":
      return { ...state, stayProblem: undefined, step: 2 };
    case "stayInvalid":
      return { ...state, stayProblem: found.problem };
    case "detailsComplete":
      // A live hold made with these details carries on; otherwise the server is asked first.
      return holdNeeded(state) === "none"
        ? { ...state, invalidFields: new Set(), step: 3 }
        : { ...state, invalidFields: new Set(), holding: true };
    case "detailsInvalid":
      return { ...state, invalidFields: found.fields };
    default:
      return state;
  }
}

function previousStep(state: BookingFlowState): BookingFlowState {
  if (state.holding || state.processing || state.restoring) return state;
  if (state.step === 3) return { ...state, step: 2 };
  // Back to the dates lets the hold go (the hooks release it on the server).
  if (state.step === 2) return { ...withoutHold(state), step: 1 };
  return state;
}

function holdRefused(state: BookingFlowState, refusal: HoldRefusal): BookingFlowState {
  const settled = { ...state, holding: false };
  switch (refusal.kind) {
    case "unitGone":
      return { ...withoutHold(settled), step: 1 };
    case "stay":
      return { ...withoutHold(settled), step: 1, stayProblem: invalidDatesText(refusal.message) };
    case "details":
      return { ...settled, invalidFields: new Set(refusal.fields) };
    case "other":
      return settled;
  }
}

function bookingHeld(state: BookingFlowState, held: HeldBooking): BookingFlowState {
  // The same booking with changed details keeps what is chosen; a new one carries no
  // extras, code or card.
  const same = state.held?.booking.id === held.booking.id;
  return {
    ...state,
    held,
    holding: false,
    expired: false,
    step: 3,
    codeInput: same ? state.codeInput : "",
    cardInput: same ? state.cardInput : "",
    extrasInput: same ? state.extrasInput : [],
    policyAccepted: same && state.policyAccepted,
  };
}

/** Only the dates step's own count changes: a held booking keeps the dogs it was made with. */
function dogsLimited(state: BookingFlowState, maxDogs: number): BookingFlowState {
  const dogs = acceptedDogs(state.stay.dogs, maxDogs);
  if (state.step !== 1 || dogs === state.stay.dogs) return state;
  return withStay(state, { ...state.stay, dogs });
}

function restored(state: BookingFlowState, held: HeldBooking, expired: boolean): BookingFlowState {
  const { request } = held;
  return {
    ...state,
    details: {
      firstName: request.firstName,
      lastName: request.lastName,
      email: request.email,
      phone: request.phone ?? "",
      answers: request.answers ?? {},
    },
    codeInput: request.discountCode ?? "",
    cardInput: request.prepaidCardNumber ?? "",
    extrasInput: request.extras ?? [],
    held,
    expired,
    step: 3,
    restoring: false,
    processing: false,
    holding: false,
  };
}

export function bookingFlowReducer(
  state: BookingFlowState,
  action: BookingFlowAction,
): BookingFlowState {
  switch (action.type) {
    case "checkInPicked":
      return withStay(state, {
        ...state.stay,
        ...withCheckIn(action.rules, state.stay, action.checkIn),
      });
    case "checkOutPicked":
      return withStay(state, { ...state.stay, checkOut: action.checkOut });
    case "guestsChanged":
      return withStay(state, { ...state.stay, guests: action.guests });
    case "dogsChanged":
      return withStay(state, { ...state.stay, dogs: action.dogs });
    case "dogsLimited":
      return dogsLimited(state, action.maxDogs);
    case "detailChanged":
      return { ...state, details: { ...state.details, [action.field]: action.value } };
    case "answerChanged": {
      const answers = { ...state.details.answers, [action.questionId]: action.value };
      return { ...state, details: { ...state.details, answers } };
    }

    case "next":
      return state.holding ? state : nextStep(state, action.check);
    case "previous":
      return previousStep(state);

    case "bookingHeld":
      return bookingHeld(state, action.held);
    case "holdRefused":
      return holdRefused(state, action.refusal);

    case "extrasChosen":
      return { ...state, extrasInput: action.extras };
    case "codeTyped":
      return { ...state, codeInput: action.value };
    case "cardTyped":
      return { ...state, cardInput: action.value };
    case "applyStarted":
      return { ...state, applying: action.option };
    case "holdChanged":
      // The server's new price; the hold's end does not move, so neither does the countdown.
      return { ...state, held: action.held };
    case "applyFinished":
      return { ...state, applying: undefined };

    case "policyAccepted":
      return { ...state, policyAccepted: action.accepted, policyMissing: false };
    case "policyRefused":
      return { ...state, policyAccepted: false, policyMissing: true, processing: false };
    case "payStarted":
      return { ...state, processing: true };
    case "payFailed":
      return { ...state, processing: false };
    case "holdExpired":
      return { ...state, expired: true, processing: false };
    case "startedOver":
      return { ...withoutHold(state), step: 1, processing: false };

    case "restoreStarted":
      return { ...state, restoring: true };
    case "heldBookingRestored":
      return restored(state, action.held, action.expired);
    case "restoreFinished":
      return { ...state, restoring: false, processing: false };
  }
}
