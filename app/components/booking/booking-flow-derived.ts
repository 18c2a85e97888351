// What the booking flow's screen derives from its state (see
// booking-flow-state.ts): the request on screen, the booking held for it, and
// what is locked or disabled because of them.
import { type BookingRequestBody, type HeldBooking, requestKey } from "#app/lib/booking-session.ts";
import type { BookingFlowState } from "./booking-flow-state";

/** The booking request on screen, as POST /api/bookings takes it. */
export function bookingRequest(state: BookingFlowState, campsiteId: string): BookingRequestBody {
  const { stay, details } = state;
  return {
    campsiteId,
    checkIn: stay.checkIn ?? "",
    checkOut: stay.checkOut ?? "",
    guests: stay.guests,
    firstName: details.firstName,
    lastName: details.lastName,
    email: details.email,
    phone: details.phone.trim() || undefined,
    discountCode: state.appliedCode?.value,
    prepaidCardNumber: state.appliedCard?.value,
  };
}

/** The held booking while it was made for this request; a changed request needs a new one. */
export function heldForRequest(
  state: BookingFlowState,
  request: BookingRequestBody,
): HeldBooking | undefined {
  const { held } = state;
  return held && requestKey(held.request) === requestKey(request) ? held : undefined;
}

/** A booking waits for payment at its price: its code and card cannot change. */
export const paymentOptionsLocked = (state: BookingFlowState, held: HeldBooking | undefined) =>
  Boolean(held) && !state.expired;

export const payDisabled = (state: BookingFlowState) =>
  state.processing ||
  state.expired ||
  !state.quote ||
  state.quoting ||
  state.applying !== undefined;

/** The reason an error gives, for the toasts and the price's problem line. */
export const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : String(error);
