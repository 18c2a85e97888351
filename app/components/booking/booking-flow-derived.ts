// What the booking flow's screen derives from its state (see
// booking-flow-state.ts): the request a hold is made from, what the held
// booking carries, the change a PATCH sends, and what is disabled because of it.
import type { HoldChange, HoldRequest, PolicyAcceptance } from "#app/lib/booking-api.ts";
import type { HeldBooking } from "#app/lib/booking-session.ts";
import type { Availability } from "#domain/api/booking.ts";
import { formatMoney } from "#domain/format/money.ts";
import type { GuestDetails } from "#domain/forms/booking-request.ts";
import { policyWords } from "#domain/rules/cancellation-policy.ts";
import { farmToday } from "#domain/rules/dates.ts";
import type { BookingFlowState } from "./booking-flow-state";
import type { GuestForm } from "./guest-step";

/** The guest details on screen, as the API takes them (blank phone left out). */
export function guestOf(details: GuestForm): GuestDetails {
  return {
    firstName: details.firstName.trim(),
    lastName: details.lastName.trim(),
    email: details.email.trim(),
    phone: details.phone.trim() || undefined,
    // Blank answers left out: the server asks only for what was said.
    answers: Object.fromEntries(
      Object.entries(details.answers)
        .map(([id, answer]) => [id, answer.trim()])
        .filter(([, answer]) => answer !== ""),
    ),
  };
}

/** The stay and guest a new hold is made from: POST /api/bookings, without extras, code or card. */
export function holdRequest(state: BookingFlowState, campsiteId: string): HoldRequest {
  const { stay } = state;
  return {
    campsiteId,
    checkIn: stay.checkIn ?? "",
    checkOut: stay.checkOut ?? "",
    guests: stay.guests,
    dogs: stay.dogs,
    ...guestOf(state.details),
  };
}

/**
 * What a PATCH sets: what the held booking carries now, with `changes` on top.
 * It always names the extras, code and card, since one left out is cleared.
 */
export function holdChange(held: HeldBooking, changes: Partial<HoldChange> = {}): HoldChange {
  const { extras = [], discountCode, prepaidCardNumber } = held.request;
  return { extras, discountCode, prepaidCardNumber, ...changes };
}

/** What the held booking's code took off, as the code field says it. */
export function appliedCodeText(held: HeldBooking | undefined): string | undefined {
  const code = held?.request.discountCode;
  if (!held || !code) return undefined;
  return `${code} applied: −${formatMoney(held.booking.discountAmountCents)}`;
}

/** What the held booking's prepaid card pays, as the card field says it. */
export function appliedCardText(held: HeldBooking | undefined): string | undefined {
  if (!held?.request.prepaidCardNumber) return undefined;
  return `Prepaid card applied: −${formatMoney(held.booking.prepaidAmountUsedCents)}`;
}

/** Nothing is left to pay: the booking is confirmed without a card. */
export const needsNoCard = (held: HeldBooking | undefined) =>
  held !== undefined && held.booking.finalAmountCents === 0;

/** The extras, code and card can change only on a live hold, one change at a time. */
export const paymentOptionsLocked = (state: BookingFlowState) =>
  !state.held || state.expired || state.processing;

export const payDisabled = (state: BookingFlowState) =>
  !state.held ||
  state.processing ||
  state.expired ||
  state.holding ||
  state.restoring ||
  state.applying !== undefined;

/** The reason an error gives, for the toasts. */
export const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

/**
 * The cancellation policy step 3 states for the held stay, from the farm's
 * today, with the Terms' version: what Pay accepts. Undefined until both the
 * hold and the server's policy are known.
 */
export function policyToAccept(
  limits: Pick<Availability, "cancellationPolicy" | "termsVersion">,
  held: HeldBooking | undefined,
): PolicyAcceptance | undefined {
  if (!held || !limits.cancellationPolicy) return undefined;
  const policy = policyWords(held.booking.checkIn, limits.cancellationPolicy, farmToday());
  return { policy, termsVersion: limits.termsVersion };
}
