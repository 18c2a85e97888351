// The booking held in this tab (spec 2.12 and 4, decision 0012): asked about
// again when the camper comes back from the payment page or reloads, its hold
// counted down, and let go when the camper leaves the flow.
import { type Dispatch, useCallback, useEffect, useRef } from "react";
import { toast } from "sonner";
import { type BookingAnswer, bookingApi } from "#app/lib/booking-api.ts";
import {
  findHeldBooking,
  forgetHeldBooking,
  type HeldBooking,
  saveHeldBooking,
} from "#app/lib/booking-session.ts";
import { BOOKING_EXPIRED } from "#domain/rules/hold.ts";
import type { BookingFlowAction, BookingFlowState } from "./booking-flow-state";
import { heldFromAnswer, holdEnded } from "./hold-answers";
import { useHoldSeconds } from "./hold-countdown";
import type { Stay } from "./stay-step";

/** The spec's 'Booking Expired' toast, once however many paths find the hold ended. */
export const announceExpired = () =>
  toast.error("Booking Expired", { id: "booking-expired", description: BOOKING_EXPIRED });

/** Lets the hold go on the server (the unit and credit are free at once) and forgets it here. */
export async function releaseHold(held: HeldBooking): Promise<void> {
  forgetHeldBooking();
  // A release that does not arrive costs nothing: the hold ends by itself within minutes.
  await bookingApi.releaseBooking(held.booking.id, held.holdSecret).catch(() => undefined);
}

/** Asks the server how the kept booking stands now and carries on from there. */
async function askAgain(found: HeldBooking, dispatch: Dispatch<BookingFlowAction>) {
  dispatch({ type: "restoreStarted" });
  let answer: BookingAnswer;
  try {
    answer = await bookingApi.heldBooking(found.booking.id, found.holdSecret);
  } catch (error) {
    if (holdEnded(error)) {
      forgetHeldBooking();
      dispatch({ type: "restoreFinished" });
    } else {
      // The server cannot be reached: carry on with what this tab knows; Pay asks it again.
      dispatch({ type: "heldBookingRestored", held: found, expired: false });
    }
    return;
  }
  const held = heldFromAnswer(answer, found.holdSecret, found.request, Date.now());
  if (answer.booking.status === "pending") {
    saveHeldBooking(held);
    dispatch({ type: "heldBookingRestored", held, expired: false });
    return;
  }
  forgetHeldBooking();
  if (answer.booking.status === "expired") {
    dispatch({ type: "heldBookingRestored", held, expired: true });
    announceExpired();
  } else {
    // Paid, confirmed or cancelled meanwhile: nothing here to carry on with.
    dispatch({ type: "restoreFinished" });
  }
}

export function useHeldBooking(
  campsiteId: string,
  stay: Stay,
  dispatch: Dispatch<BookingFlowAction>,
) {
  // The booking made in this tab for this stay (back from the payment page, a
  // reload): carry on with it, as the server says it is now, rather than
  // compete with it for the unit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, for the stay the page opened with.
  useEffect(() => {
    const found = findHeldBooking({ campsiteId, ...stay }, Date.now());
    if (found) void askAgain(found, dispatch);
  }, []);

  // The browser's Back button may bring this page back as it was left, mid-way
  // to the payment page, whose session has extended the hold: ask again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      const found = findHeldBooking({ campsiteId, ...stay }, Date.now());
      if (found) void askAgain(found, dispatch);
      else dispatch({ type: "restoreFinished" });
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [campsiteId, stay, dispatch]);
}

/** The seconds left of the hold while its end is known; at 0 the booking expires. */
export function useHoldCountdown(
  state: BookingFlowState,
  dispatch: Dispatch<BookingFlowAction>,
): number | undefined {
  const deadline = state.expired ? undefined : state.held?.countdownDeadline;
  const onExpire = useCallback(() => {
    dispatch({ type: "holdExpired" });
    forgetHeldBooking();
    announceExpired();
  }, [dispatch]);
  return useHoldSeconds(deadline, onExpire);
}

/**
 * Leaving the flow ('← Back to campsites', another page of the site) lets a
 * live hold go, so the nights are free for others at once. Going to the
 * payment page is a full page load, which unmounts nothing, so it keeps it.
 */
export function useReleaseOnLeave(state: BookingFlowState) {
  const live = useRef<HeldBooking | undefined>(undefined);
  live.current = state.held && !state.expired && !state.processing ? state.held : undefined;
  useEffect(
    () => () => {
      if (live.current) void releaseHold(live.current);
    },
    [],
  );
}
