// What the camper's presses do beyond the state: Next's toasts, and the API
// calls of Apply (discount code, prepaid card), Pay and starting over, each
// reporting its answer to the reducer as an action.
import type { Dispatch } from "react";
import { toast } from "sonner";
import { ApiError, bookingApi, type PendingBooking } from "#app/lib/booking-api.ts";
import {
  type BookingRequestBody,
  findHeldBooking,
  forgetHeldBooking,
  type HeldBooking,
  saveHeldBooking,
} from "#app/lib/booking-session.ts";
import { formatMoney } from "#domain/format/money.ts";
import { GUEST_DETAILS_MESSAGE, INVALID_DATES_MESSAGE } from "#domain/forms/booking-request.ts";
import { CHECKOUT_SESSION_MINUTES } from "#domain/rules/hold.ts";
import { holdDeadline } from "#domain/rules/hold-countdown.ts";
import { errorMessage } from "./booking-flow-derived";
import {
  type BookingFlowAction,
  type BookingFlowState,
  checkNext,
  type StayCheck,
} from "./booking-flow-state";

export function useBookingActions({
  state,
  dispatch,
  campsiteId,
  check,
  request,
  held,
  loadAvailability,
}: {
  state: BookingFlowState;
  dispatch: Dispatch<BookingFlowAction>;
  campsiteId: string;
  check: StayCheck;
  /** The booking request on screen. */
  request: BookingRequestBody;
  /** The booking held for that request, if any. */
  held: HeldBooking | undefined;
  loadAvailability: () => Promise<void>;
}) {
  const next = () => {
    const found = checkNext(state, check);
    dispatch({ type: "next", check });
    switch (found?.kind) {
      case "stayInvalid":
        toast.error("Invalid Dates", { description: INVALID_DATES_MESSAGE });
        break;
      case "detailsInvalid":
        toast.error("Missing Information", { description: GUEST_DETAILS_MESSAGE });
        break;
      case "stayBookable":
      case "detailsComplete":
        toast.dismiss(); // the step's earlier complaints no longer apply
        break;
    }
  };

  const applyCode = async () => {
    const code = state.codeInput.trim().toUpperCase();
    if (!code || !state.quote) return;
    dispatch({ type: "applyStarted", option: "code" });
    try {
      const answer = await bookingApi.validateDiscountCode(code, state.quote.subtotalCents);
      if (answer.valid) {
        const label = answer.discountCode.description || code;
        dispatch({ type: "codeApplied", code: { value: code, label } });
      } else {
        toast.error("Invalid Discount Code", { description: answer.error });
      }
    } catch (error) {
      toast.error("Failed to validate discount code", {
        description: error instanceof ApiError ? error.message : undefined,
      });
    } finally {
      dispatch({ type: "applyFinished" });
    }
  };

  const applyCard = async () => {
    const cardNumber = state.cardInput.trim().toUpperCase();
    if (!cardNumber) return;
    dispatch({ type: "applyStarted", option: "card" });
    try {
      const answer = await bookingApi.validatePrepaidCard(cardNumber);
      if (answer.valid) {
        const label = `Prepaid card applied (balance ${formatMoney(answer.prepaidCard.balance)})`;
        dispatch({ type: "cardApplied", card: { value: cardNumber, label } });
      } else {
        toast.error("Invalid Prepaid Card", { description: answer.error });
      }
    } catch (error) {
      toast.error("Failed to validate prepaid card", {
        description: error instanceof ApiError ? error.message : undefined,
      });
    } finally {
      dispatch({ type: "applyFinished" });
    }
  };

  const startOver = () => {
    dispatch({ type: "startedOver" });
    void loadAvailability();
  };

  // Pay makes the booking (which starts the hold) unless one is held for this
  // request, then sends the camper to the payment page for it.
  const pay = async () => {
    if (state.processing || state.expired) return;
    dispatch({ type: "payStarted" });
    try {
      let booking: PendingBooking | undefined = held?.booking;
      if (!booking) {
        try {
          const made = await bookingApi.createBooking(request);
          booking = made.booking;
          const deadline = holdDeadline(booking.holdExpiresAt, made.serverDate, Date.now());
          const fresh: HeldBooking = {
            booking,
            countdownDeadline: deadline,
            keepUntil: deadline,
            request,
            appliedLabels: {
              discountCode: state.appliedCode?.label,
              prepaidCard: state.appliedCard?.label,
            },
          };
          dispatch({ type: "bookingHeld", held: fresh });
          saveHeldBooking(fresh);
        } catch (error) {
          toast.error("Booking Error", {
            description: `Failed to create booking: ${errorMessage(error)}`,
          });
          const unitGone = error instanceof ApiError && error.status === 409;
          dispatch({ type: "bookingRefused", unitGone });
          // The last unit went: show the calendar as it is now.
          if (unitGone) void loadAvailability();
          return;
        }
      }
      let url: string;
      try {
        url = await bookingApi.paymentUrl(booking.id);
      } catch (error) {
        toast.error("Payment Error", {
          description: `Failed to create payment session: ${errorMessage(error)}`,
        });
        const bookingGone =
          error instanceof ApiError && (error.status === 409 || error.status === 404);
        if (bookingGone) forgetHeldBooking();
        dispatch({ type: "paymentRefused", bookingGone });
        return;
      }
      // Going to the payment page extends the hold to its checkout session's
      // end: keep the booking for the camper's return until then at most.
      const current = findHeldBooking({ campsiteId, ...state.stay }, Date.now());
      if (current?.booking.id === booking.id)
        saveHeldBooking({
          ...current,
          countdownDeadline: undefined,
          keepUntil: Date.now() + CHECKOUT_SESSION_MINUTES * 60_000,
        });
      window.location.assign(url);
    } catch (error) {
      toast.error("Error", {
        description: `An unexpected error occurred: ${errorMessage(error)}`,
      });
      dispatch({ type: "payFailed" });
    }
  };

  return { next, applyCode, applyCard, pay, startOver };
}
