// The booking made in this tab (spec 2.12 and 4): picked up again when the
// camper comes back from the payment page, and its hold counted down.
import { type Dispatch, useCallback, useEffect } from "react";
import { toast } from "sonner";
import { findHeldBooking, forgetHeldBooking } from "#app/lib/booking-session.ts";
import type { BookingFlowAction } from "./booking-flow-state";
import { useHoldSeconds } from "./hold-countdown";
import type { Stay } from "./stay-step";

const BOOKING_EXPIRED = "Your reservation has expired. Please start a new booking.";

export function useHeldBooking(
  campsiteId: string,
  stay: Stay,
  dispatch: Dispatch<BookingFlowAction>,
) {
  // A booking made in this tab for this stay (the camper came back from the
  // payment page): carry on with it rather than compete with it for the unit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, for the stay the page opened with.
  useEffect(() => {
    const found = findHeldBooking({ campsiteId, ...stay }, Date.now());
    if (found) dispatch({ type: "heldBookingRestored", held: found });
  }, []);

  // Coming back through the browser's Back button restores this page as it was
  // left, mid-redirect: let the camper press Pay again. The hold now lasts as
  // long as the payment page's session, which this tab cannot see: no countdown.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) dispatch({ type: "returnedFromPayment" });
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [dispatch]);
}

/** The seconds left of the hold while its end is known; at 0 the booking expires. */
export function useHoldCountdown(
  deadline: number | undefined,
  dispatch: Dispatch<BookingFlowAction>,
): number | undefined {
  const onExpire = useCallback(() => {
    dispatch({ type: "holdExpired" });
    forgetHeldBooking();
    toast.error("Booking Expired", { description: BOOKING_EXPIRED });
  }, [dispatch]);
  return useHoldSeconds(deadline, onExpire);
}
