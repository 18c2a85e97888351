// Step 3's extras, discount code and prepaid card (spec 2.12, 5 and 8, decision
// 0012, issue 13): ticking an extra, Apply, and clearing a field set what the
// held booking carries with PATCH; the server prices it again and its answer
// is the price shown. The hold's end does not move. One change at a time: the
// fields wait while one is under way, so answers cannot arrive out of order.
import type { Dispatch } from "react";
import { toast } from "sonner";
import { ApiError, bookingApi, type HoldChange } from "#app/lib/booking-api.ts";
import { forgetHeldBooking, saveHeldBooking } from "#app/lib/booking-session.ts";
import type { ExtraChoice } from "#domain/rules/rates.ts";
import { errorMessage, holdChange, paymentOptionsLocked } from "./booking-flow-derived";
import type { BookingFlowAction, BookingFlowState, PaymentOption } from "./booking-flow-state";
import { holdEnded, refusedOption } from "./hold-answers";
import { announceExpired } from "./use-held-booking";

const REFUSED_TITLES = {
  code: "Invalid Discount Code",
  card: "Invalid Prepaid Card",
  extras: "Extras Not Available",
} as const satisfies Record<PaymentOption, string>;

const FAILED_TITLES = {
  code: "Failed to validate discount code",
  card: "Failed to validate prepaid card",
  extras: "Failed to update extras",
} as const satisfies Record<PaymentOption, string>;

/** The code or the card the booking carries from now on (undefined clears it). */
const optionChange = (option: "code" | "card", value: string | undefined): Partial<HoldChange> =>
  option === "code" ? { discountCode: value } : { prepaidCardNumber: value };

function reportRefusal(
  error: unknown,
  option: PaymentOption,
  dispatch: Dispatch<BookingFlowAction>,
) {
  const refused = refusedOption(error);
  if (refused) {
    // The spec's toast with the server's reason; the booking is unchanged.
    toast.error(REFUSED_TITLES[refused], { description: errorMessage(error) });
  } else if (holdEnded(error)) {
    forgetHeldBooking();
    dispatch({ type: "holdExpired" });
    announceExpired();
  } else {
    toast.error(FAILED_TITLES[option], {
      // A 429 carries the server's own words; a dropped connection has none worth showing.
      description: error instanceof ApiError ? error.message : undefined,
    });
  }
}

export function usePaymentOptions(state: BookingFlowState, dispatch: Dispatch<BookingFlowAction>) {
  /** Sends what the booking carries from now on: as now, with `changes` (one option's) on top. */
  const change = async (option: PaymentOption, changes: Partial<HoldChange>) => {
    const { held } = state;
    if (!held || paymentOptionsLocked(state) || state.applying) return;
    dispatch({ type: "applyStarted", option });
    const wanted = holdChange(held, changes);
    try {
      const answer = await bookingApi.changeHeldBooking(held.booking.id, held.holdSecret, wanted);
      // The server's new price; the hold's end has not moved, so the countdown keeps its own.
      const next = { ...held, booking: answer.booking, request: { ...held.request, ...wanted } };
      saveHeldBooking(next);
      dispatch({ type: "holdChanged", held: next });
    } catch (error) {
      reportRefusal(error, option, dispatch);
      // Ticked but refused: the extras show what the booking still carries.
      if (option === "extras")
        dispatch({ type: "extrasChosen", extras: held.request.extras ?? [] });
    } finally {
      dispatch({ type: "applyFinished" });
    }
  };

  const typed = (option: "code" | "card", value: string) => {
    dispatch({ type: option === "code" ? "codeTyped" : "cardTyped", value });
    // Clearing a field removes what was applied with it (spec 5).
    const carried =
      option === "code" ? state.held?.request.discountCode : state.held?.request.prepaidCardNumber;
    if (!value.trim() && carried) void change(option, optionChange(option, undefined));
  };

  const chooseExtras = (extras: ExtraChoice[]) => {
    if (!state.held || paymentOptionsLocked(state) || state.applying) return;
    dispatch({ type: "extrasChosen", extras });
    void change("extras", { extras });
  };

  const normalised = (value: string) => value.trim().toUpperCase() || undefined;

  return {
    applyCode: () => change("code", optionChange("code", normalised(state.codeInput))),
    applyCard: () => change("card", optionChange("card", normalised(state.cardInput))),
    typeCode: (value: string) => typed("code", value),
    typeCard: (value: string) => typed("card", value),
    chooseExtras,
  };
}
