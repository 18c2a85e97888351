// The 3-step booking flow of a campsite (spec 2.12, 4, 5 and the booking
// toasts of 8): dates and guests, guest details, payment options and Pay.
// The server decides availability, prices and holds; this screen asks it and
// shows the answers. The booking record (and so the hold countdown) is made
// when the camper presses Pay, because the discount code and prepaid card are
// part of the booking and the API prices them when it makes it; a booking
// made in this tab is picked up again when the camper comes back from the
// payment page, so the two never compete for the same unit.
// The flow's state and transitions are `bookingFlowReducer`'s
// (booking-flow-state.ts); the hooks beside it (use-*.ts) run the effects and
// the API calls.
import { ArrowLeft, LoaderCircle } from "lucide-react";
import { useEffect, useReducer, useState } from "react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { CampsiteSummary } from "#app/lib/booking-api.ts";
import { formatMoney } from "#domain/format/money.ts";
import { canShare, shareLink, stayQuery } from "#domain/rules/booking-query.ts";
import { bookingRequest, heldForRequest, payDisabled } from "./booking-flow-derived";
import { bookingFlowReducer, initialBookingFlowState } from "./booking-flow-state";
import { GuestStep } from "./guest-step";
import { PaymentStep } from "./payment-step";
import { ShareLinkButton } from "./share-link-button";
import { StayStep } from "./stay-step";
import { STEP_TITLES, StepIndicator } from "./step-indicator";
import { useAvailability } from "./use-availability";
import { useBookingActions } from "./use-booking-actions";
import { useHeldBooking, useHoldCountdown } from "./use-held-booking";
import { useQuote } from "./use-quote";
import { useStayInAddress } from "./use-stay-in-address";
import { useStepFocus } from "./use-step-focus";

export function BookingFlow({
  campsite,
  initial,
}: {
  campsite: CampsiteSummary;
  initial: { checkIn?: string; checkOut?: string; guests?: number };
}) {
  const [state, dispatch] = useReducer(
    bookingFlowReducer,
    { initial, capacity: campsite.capacity },
    initialBookingFlowState,
  );
  const { step, stay } = state;
  // The server-rendered page shows the flow before its script runs; its controls
  // stay disabled until then, so an early press is not lost (or sent as a plain form).
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);

  // The effects, in the order they have always run: availability, the held
  // booking, the address, focus, the quote, then the hold countdown.
  const { limits, rules, loading, loadAvailability } = useAvailability(campsite);
  useHeldBooking(campsite.id, stay, dispatch);
  useStayInAddress(campsite.id, stay);
  const headingRef = useStepFocus(step);
  useQuote(state, campsite.id, dispatch);

  const request = bookingRequest(state, campsite.id);
  const held = heldForRequest(state, request);
  const holdSeconds = useHoldCountdown(held?.countdownDeadline, dispatch);
  const { next, applyCode, applyCard, pay, startOver } = useBookingActions({
    state,
    dispatch,
    campsiteId: campsite.id,
    check: { rules, capacity: campsite.capacity },
    request,
    held,
    loadAvailability,
  });

  // '← Back to campsites' keeps the dates and guests for the next site chosen.
  const backQuery = stayQuery(stay).toString();
  const backHref = backQuery ? `/bookings?${backQuery}` : "/bookings";

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link
          to={backHref}
          className="inline-flex min-h-11 items-center gap-1 font-semibold text-paddock-800 underline-offset-4 hover:underline"
        >
          ← Back to campsites
        </Link>
        {canShare(stay) ? (
          <ShareLinkButton
            disabled={!interactive}
            link={shareLink(
              typeof window === "undefined" ? "http://localhost" : window.location.origin,
              { campsiteId: campsite.id, ...stay },
            )}
          />
        ) : null}
      </div>

      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">{campsite.name}</h1>
        <p className="mt-1 text-stone-700">
          {formatMoney(campsite.pricePerNightCents)} per night · Up to {campsite.capacity} guests
        </p>
      </header>

      <StepIndicator step={step} />

      <form
        noValidate
        aria-labelledby="booking-step-heading"
        className="flex flex-col gap-6 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (step < 3) next();
        }}
      >
        <h2
          id="booking-step-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-semibold focus:outline-none"
        >
          <span className="sr-only">Step {step} of 3: </span>
          {STEP_TITLES[step - 1]}
        </h2>

        {step === 1 ? (
          <StayStep
            stay={stay}
            capacity={campsite.capacity}
            rules={rules}
            today={limits.today}
            lastCheckOutDate={limits.lastCheckOutDate}
            loading={loading}
            interactive={interactive}
            invalid={state.stayInvalid}
            onCheckIn={(checkIn) => dispatch({ type: "checkInPicked", checkIn, rules })}
            onCheckOut={(checkOut) => dispatch({ type: "checkOutPicked", checkOut })}
            onGuests={(guests) => dispatch({ type: "guestsChanged", guests })}
          />
        ) : null}

        {step === 2 ? (
          <GuestStep
            values={state.details}
            invalidFields={state.invalidFields}
            onChange={(field, value) => dispatch({ type: "detailChanged", field, value })}
          />
        ) : null}

        {step === 3 ? (
          <PaymentStep
            state={state}
            held={held}
            holdSeconds={holdSeconds}
            dispatch={dispatch}
            onApplyCode={applyCode}
            onApplyCard={applyCard}
            onStartOver={startOver}
          />
        ) : null}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          {step > 1 ? (
            <Button
              type="button"
              variant="outline"
              size="lg"
              onClick={() => dispatch({ type: "previous" })}
            >
              <ArrowLeft aria-hidden="true" />
              Previous
            </Button>
          ) : (
            <span className="hidden sm:block" />
          )}
          {step < 3 ? (
            <Button type="submit" size="lg" disabled={!interactive}>
              Next
            </Button>
          ) : (
            <Button type="button" size="lg" onClick={pay} disabled={payDisabled(state)}>
              {state.processing ? (
                <LoaderCircle aria-hidden="true" className="animate-spin" />
              ) : null}
              Pay
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
