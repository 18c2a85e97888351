// The booking flow's state and every transition of it (spec 2.12, 4 and 5), in
// one pure reducer: what the camper does and what the server answers come in
// as actions. Toasts, API calls and session storage stay in the hooks that
// send the actions, so this file is the one place to read (and test) the flow.
import type { Quote } from "#app/lib/booking-api.ts";
import type { HeldBooking } from "#app/lib/booking-session.ts";
import { guestDetailsSchema } from "#domain/forms/booking-request.ts";
import { fieldErrorsOf } from "#domain/forms/form-fields.ts";
import { acceptedGuests, DEFAULT_GUESTS } from "#domain/rules/booking-query.ts";
import { type StayRules, withCheckIn } from "#domain/rules/stay-dates.ts";
import type { GuestField, GuestForm } from "./guest-step";
import type { Stay } from "./stay-step";
import type { Step } from "./step-indicator";

/** A discount code or prepaid card the server accepted, and how it is shown. */
export type Applied = { value: string; label: string };
export type PaymentOption = "code" | "card";

export type BookingFlowState = {
  step: Step;
  stay: Stay;
  /** Set by a Next with a stay that cannot be booked, to mark the date fields. */
  stayInvalid: boolean;
  details: GuestForm;
  invalidFields: ReadonlySet<GuestField>;
  codeInput: string;
  cardInput: string;
  appliedCode?: Applied;
  appliedCard?: Applied;
  /** The Apply waiting for the server's answer. */
  applying?: PaymentOption;
  quote?: Quote;
  /** Why the server gave no price (a refused code or card is taken off instead). */
  quoteProblem?: string;
  quoting: boolean;
  /** The booking made in this tab; it holds for the request it was made from only. */
  held?: HeldBooking;
  /** The hold ran out: Pay is off until the camper starts over. */
  expired: boolean;
  /** Pay was pressed: its requests are under way or the browser is off to the payment page. */
  processing: boolean;
};

/** What Next checks step 1 against: the calendar's rules and the campsite's capacity. */
export type StayCheck = { rules: StayRules; capacity: number };

export type BookingFlowAction =
  // Step 1: dates and guests.
  | { type: "checkInPicked"; checkIn: string; rules: StayRules }
  | { type: "checkOutPicked"; checkOut: string }
  | { type: "guestsChanged"; guests: number }
  // Step 2: guest details.
  | { type: "detailChanged"; field: GuestField; value: string }
  // Between the steps.
  | { type: "next"; check: StayCheck }
  | { type: "previous" }
  // Step 3: the discount code and the prepaid card.
  | { type: "codeTyped"; value: string }
  | { type: "cardTyped"; value: string }
  | { type: "applyStarted"; option: PaymentOption }
  | { type: "codeApplied"; code: Applied }
  | { type: "cardApplied"; card: Applied }
  | { type: "applyFinished" }
  // Step 3: the price, asked again whenever the stay, code or card changes.
  | { type: "quoteRequested" }
  | { type: "quoteAnswered"; quote: Quote }
  | { type: "quoteRefused"; message: string; rejected?: PaymentOption }
  | { type: "quoteSettled" }
  // Step 3: Pay, the hold and its expiry.
  | { type: "payStarted" }
  | { type: "bookingHeld"; held: HeldBooking }
  | { type: "bookingRefused"; unitGone: boolean }
  | { type: "paymentRefused"; bookingGone: boolean }
  | { type: "payFailed" }
  | { type: "holdExpired" }
  | { type: "startedOver" }
  // The booking made in this tab, found again after the payment page.
  | { type: "heldBookingRestored"; held: HeldBooking }
  | { type: "returnedFromPayment" };

export function initialBookingFlowState({
  initial,
  capacity,
}: {
  initial: { checkIn?: string; checkOut?: string; guests?: number };
  capacity: number;
}): BookingFlowState {
  return {
    step: 1,
    stay: {
      checkIn: initial.checkIn,
      checkOut: initial.checkOut,
      guests: acceptedGuests(initial.guests, capacity) ?? Math.min(DEFAULT_GUESTS, capacity),
    },
    stayInvalid: false,
    details: { firstName: "", lastName: "", email: "", phone: "" },
    invalidFields: new Set(),
    codeInput: "",
    cardInput: "",
    quoting: false,
    expired: false,
    processing: false,
  };
}

/** What Next finds on steps 1 and 2 (step 3 has Pay instead). */
export type NextCheck =
  | { kind: "stayBookable" }
  | { kind: "stayInvalid" }
  | { kind: "detailsComplete" }
  | { kind: "detailsInvalid"; fields: ReadonlySet<GuestField> };

export function checkNext(state: BookingFlowState, check: StayCheck): NextCheck | undefined {
  if (state.step === 1) {
    const { stay } = state;
    const bookable =
      check.rules.isStayBookable(stay.checkIn, stay.checkOut) &&
      stay.guests >= 1 &&
      stay.guests <= check.capacity;
    return { kind: bookable ? "stayBookable" : "stayInvalid" };
  }
  if (state.step === 2) {
    // The booking request schema's rules, the same the API applies.
    const parsed = guestDetailsSchema.safeParse(state.details);
    if (parsed.success) return { kind: "detailsComplete" };
    const fields = new Set(Object.keys(fieldErrorsOf(parsed.error)) as GuestField[]);
    return { kind: "detailsInvalid", fields };
  }
  return undefined;
}

export function bookingFlowReducer(
  state: BookingFlowState,
  action: BookingFlowAction,
): BookingFlowState {
  switch (action.type) {
    case "checkInPicked":
      return {
        ...state,
        stay: { ...state.stay, ...withCheckIn(action.rules, state.stay, action.checkIn) },
      };
    case "checkOutPicked":
      return { ...state, stay: { ...state.stay, checkOut: action.checkOut } };
    case "guestsChanged":
      return { ...state, stay: { ...state.stay, guests: action.guests } };
    case "detailChanged":
      return { ...state, details: { ...state.details, [action.field]: action.value } };

    case "next": {
      const found = checkNext(state, action.check);
      switch (found?.kind) {
        case "stayBookable":
          return { ...state, stayInvalid: false, step: 2 };
        case "stayInvalid":
          return { ...state, stayInvalid: true };
        case "detailsComplete":
          return { ...state, invalidFields: new Set(), step: 3 };
        case "detailsInvalid":
          return { ...state, invalidFields: found.fields };
        default:
          return state;
      }
    }
    case "previous":
      return state.step === 1 ? state : { ...state, step: state.step === 3 ? 2 : 1 };

    // Clearing a field takes off what was applied with it.
    case "codeTyped":
      return {
        ...state,
        codeInput: action.value,
        appliedCode: action.value.trim() ? state.appliedCode : undefined,
      };
    case "cardTyped":
      return {
        ...state,
        cardInput: action.value,
        appliedCard: action.value.trim() ? state.appliedCard : undefined,
      };
    case "applyStarted":
      return { ...state, applying: action.option };
    case "codeApplied":
      return { ...state, appliedCode: action.code };
    case "cardApplied":
      return { ...state, appliedCard: action.card };
    case "applyFinished":
      return { ...state, applying: undefined };

    case "quoteRequested":
      return { ...state, quoting: true };
    case "quoteAnswered":
      return { ...state, quote: action.quote, quoteProblem: undefined };
    case "quoteRefused":
      // A code or card that no longer validates is taken off (its toast says why).
      if (action.rejected === "code") return { ...state, quote: undefined, appliedCode: undefined };
      if (action.rejected === "card") return { ...state, quote: undefined, appliedCard: undefined };
      return { ...state, quote: undefined, quoteProblem: action.message };
    case "quoteSettled":
      return { ...state, quoting: false };

    case "payStarted":
      return { ...state, processing: true };
    case "bookingHeld":
      return { ...state, held: action.held };
    case "bookingRefused":
      // The last unit went: back to the calendar, as it is now.
      return { ...state, processing: false, step: action.unitGone ? 1 : state.step };
    case "paymentRefused":
      // A booking that can no longer be paid is dropped: the next Pay makes a new one.
      return { ...state, processing: false, held: action.bookingGone ? undefined : state.held };
    case "payFailed":
      return { ...state, processing: false };
    case "holdExpired":
      return { ...state, expired: true };
    case "startedOver":
      return { ...state, held: undefined, expired: false, step: 1 };

    case "heldBookingRestored": {
      // Carry on with the booking rather than compete with it for the unit.
      const { request, appliedLabels } = action.held;
      const restored: BookingFlowState = {
        ...state,
        details: {
          firstName: request.firstName,
          lastName: request.lastName,
          email: request.email,
          phone: request.phone ?? "",
        },
        held: action.held,
        step: 3,
      };
      if (request.discountCode) {
        restored.codeInput = request.discountCode;
        restored.appliedCode = {
          value: request.discountCode,
          label: appliedLabels.discountCode ?? "",
        };
      }
      if (request.prepaidCardNumber) {
        restored.cardInput = request.prepaidCardNumber;
        restored.appliedCard = {
          value: request.prepaidCardNumber,
          label: appliedLabels.prepaidCard ?? "",
        };
      }
      return restored;
    }
    case "returnedFromPayment":
      // The hold now lasts as long as the payment page's session, which this tab
      // cannot see: Pay again, without a countdown.
      return {
        ...state,
        processing: false,
        held: state.held ? { ...state.held, countdownDeadline: undefined } : state.held,
      };
  }
}
