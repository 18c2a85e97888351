// The price of step 3 (spec 2.12 and 5): the server quotes the stay with the
// applied code and card, again whenever one of them changes.
import { type Dispatch, useEffect } from "react";
import { toast } from "sonner";
import { ApiError, bookingApi, type StayRequest } from "#app/lib/booking-api.ts";
import { errorMessage } from "./booking-flow-derived";
import type { BookingFlowAction, BookingFlowState, PaymentOption } from "./booking-flow-state";

/** The payment option a refused quote takes off, from the server's error code. */
function rejectedOption(error: unknown): PaymentOption | undefined {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === "invalid_discount_code") return "code";
  if (code === "invalid_prepaid_card") return "card";
  return undefined;
}

const REFUSED_TITLES = {
  code: "Invalid Discount Code",
  card: "Invalid Prepaid Card",
} as const satisfies Record<PaymentOption, string>;

export function useQuote(
  state: BookingFlowState,
  campsiteId: string,
  dispatch: Dispatch<BookingFlowAction>,
) {
  const { step, stay, appliedCode, appliedCard } = state;
  const stayRequest: StayRequest = {
    campsiteId,
    checkIn: stay.checkIn ?? "",
    checkOut: stay.checkOut ?? "",
    guests: stay.guests,
  };
  // One string for what the price depends on, so the effect runs only when it changes.
  const quoteKey = JSON.stringify([stayRequest, appliedCode?.value, appliedCard?.value]);

  useEffect(() => {
    if (step !== 3) return;
    const controller = new AbortController();
    const [stayPart, discountCode, prepaidCardNumber] = JSON.parse(quoteKey) as [
      StayRequest,
      string | null,
      string | null,
    ];
    dispatch({ type: "quoteRequested" });
    bookingApi
      .quote(
        {
          ...stayPart,
          ...(discountCode && { discountCode }),
          ...(prepaidCardNumber && { prepaidCardNumber }),
        },
        controller.signal,
      )
      .then((quote) => dispatch({ type: "quoteAnswered", quote }))
      .catch((error) => {
        if (controller.signal.aborted) return;
        const rejected = rejectedOption(error);
        const message = errorMessage(error);
        dispatch({ type: "quoteRefused", message, rejected });
        toast.error(rejected ? REFUSED_TITLES[rejected] : "Error", { description: message });
      })
      .finally(() => {
        if (!controller.signal.aborted) dispatch({ type: "quoteSettled" });
      });
    return () => controller.abort();
  }, [step, quoteKey, dispatch]);
}
