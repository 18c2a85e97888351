// What the camper's presses do beyond the state (spec 4, 5 and 8, decision
// 0012): Next's toasts and the hold it makes on the way to step 3, Previous
// letting the hold go on the way back to the dates, Pay, and starting over.
// Each reports the server's answer to the reducer as an action.
import type { Dispatch } from "react";
import { toast } from "sonner";
import { ApiError, bookingApi, type PolicyAcceptance } from "#app/lib/booking-api.ts";
import { forgetHeldBooking, type HeldBooking, saveHeldBooking } from "#app/lib/booking-session.ts";
import { GUEST_DETAILS_MESSAGE, POLICY_NOT_ACCEPTED } from "#domain/forms/booking-request.ts";
import { CHECKOUT_SESSION_MINUTES } from "#domain/rules/hold.ts";
import {
  errorMessage,
  guestOf,
  holdChange,
  holdRequest,
  payDisabled,
} from "./booking-flow-derived";
import {
  type BookingFlowAction,
  type BookingFlowState,
  checkNext,
  holdNeeded,
  invalidDatesText,
  type NextCheck,
  type StayCheck,
} from "./booking-flow-state";
import { heldFromAnswer, holdEnded, holdRefusal } from "./hold-answers";
import { announceExpired, releaseHold } from "./use-held-booking";

/** Next's toasts (spec 8): the step's complaint, or none once it is fine. */
function announceNext(found: NextCheck | undefined) {
  if (found?.kind === "stayInvalid") toast.error("Invalid Dates", { description: found.problem });
  else if (found?.kind === "detailsInvalid")
    toast.error("Missing Information", { description: GUEST_DETAILS_MESSAGE });
  else if (found) toast.dismiss(); // the step's earlier complaints no longer apply
}

export function useBookingActions({
  state,
  dispatch,
  campsiteId,
  check,
  policy,
  loadAvailability,
}: {
  state: BookingFlowState;
  dispatch: Dispatch<BookingFlowAction>;
  campsiteId: string;
  check: StayCheck;
  /** The cancellation policy step 3 states, once known. */
  policy: PolicyAcceptance | undefined;
  loadAvailability: () => Promise<void>;
}) {
  /** A hold refused: the spec's toast with the server's reason, and the calendar as it is now. */
  const refuseHold = (error: unknown, verb: "create" | "update") => {
    const refusal = holdRefusal(error);
    if (refusal.kind === "stay")
      toast.error("Invalid Dates", { description: invalidDatesText(refusal.message) });
    else if (refusal.kind === "details")
      toast.error("Missing Information", { description: refusal.message });
    else
      toast.error("Booking Error", {
        description: `Failed to ${verb} booking: ${refusal.message}`,
      });
    dispatch({ type: "holdRefused", refusal });
    if (refusal.kind === "unitGone" || refusal.kind === "stay") void loadAvailability();
  };

  // Step 2 to 3: the pending booking of the stay and guest, which starts the hold.
  const makeHold = async () => {
    const request = holdRequest(state, campsiteId);
    try {
      const made = await bookingApi.createBooking(request);
      const held = heldFromAnswer(made, made.holdSecret, request, Date.now());
      saveHeldBooking(held);
      dispatch({ type: "bookingHeld", held });
    } catch (error) {
      refuseHold(error, "create");
    }
  };

  // Back on step 2, the camper corrected their details: the held booking takes them.
  const changeGuest = async (held: HeldBooking) => {
    const guest = guestOf(state.details);
    // The extras, code and card go again: a PATCH clears what it leaves out.
    const change = holdChange(held, { guest });
    try {
      const answer = await bookingApi.changeHeldBooking(held.booking.id, held.holdSecret, change);
      const changed = { ...held, booking: answer.booking, request: { ...held.request, ...guest } };
      saveHeldBooking(changed);
      dispatch({ type: "bookingHeld", held: changed });
    } catch (error) {
      if (!holdEnded(error)) return refuseHold(error, "update");
      // The hold ran out while the camper was on step 2: hold the stay again.
      forgetHeldBooking();
      await makeHold();
    }
  };

  const next = () => {
    if (state.holding || state.restoring) return;
    const found = checkNext(state, check);
    const need = found?.kind === "detailsComplete" ? holdNeeded(state) : "none";
    dispatch({ type: "next", check });
    announceNext(found);
    if (need === "make") void makeHold();
    else if (need === "changeGuest" && state.held) void changeGuest(state.held);
  };

  const previous = () => {
    if (state.holding || state.processing || state.restoring) return;
    dispatch({ type: "previous" });
    if (state.step !== 2 || !state.held) return;
    // Back to the dates lets the hold go, and the calendar shows its nights free again.
    if (state.expired) forgetHeldBooking();
    else void releaseHold(state.held).then(loadAvailability);
  };

  /** Pay refused: an ended hold shows as expired; otherwise the camper may press Pay again. */
  const refusePayment = (error: unknown) => {
    if (error instanceof ApiError && error.code === "policy_changed") {
      // The farm changed its policy or Terms meanwhile: the new ones, to accept again.
      toast.error("Payment Error", { description: error.message });
      dispatch({ type: "policyRefused" });
      return void loadAvailability();
    }
    const expired = error instanceof ApiError && error.code === "hold_expired";
    if (expired) announceExpired();
    else
      toast.error("Payment Error", {
        description: `Failed to create payment session: ${errorMessage(error)}`,
      });
    if (!holdEnded(error)) return dispatch({ type: "payFailed" });
    forgetHeldBooking();
    dispatch({ type: "holdExpired" });
  };

  // Pay: the payment page of the held booking (the result page when nothing is left to pay).
  const pay = async () => {
    const { held } = state;
    if (!held || payDisabled(state)) return;
    if (!state.policyAccepted || !policy) {
      toast.error("Missing Information", { description: POLICY_NOT_ACCEPTED });
      return dispatch({ type: "policyRefused" });
    }
    dispatch({ type: "payStarted" });
    let url: string;
    try {
      url = await bookingApi.paymentUrl(held.booking.id, held.holdSecret, policy);
    } catch (error) {
      return refusePayment(error);
    }
    // The payment page's session extends the hold to its own end, which this tab
    // learns only by asking again on the way back: no countdown until then.
    const keepUntil = Date.now() + CHECKOUT_SESSION_MINUTES * 60_000;
    saveHeldBooking({ ...held, countdownDeadline: undefined, keepUntil });
    window.location.assign(url);
  };

  const startOver = () => {
    forgetHeldBooking();
    dispatch({ type: "startedOver" });
    void loadAvailability();
  };

  return { next, previous, pay, startOver };
}
