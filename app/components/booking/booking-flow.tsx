// The 3-step booking flow of a campsite (spec 2.12, 4, 5 and the booking
// toasts of 8, issue 13): dates, guests and dogs, guest details, extras and
// payment options and Pay. The server decides availability, prices and holds;
// this screen asks it and shows the answers (the calendar reads each night's
// price from the rates the server sends). Next on step 2 makes the pending
// booking, so the hold and its countdown start on step 3 (decision 0012); the
// extras, discount code and prepaid card then change that booking, Previous
// back to the dates lets it go, and a booking made in this tab is asked about
// again when the camper comes back from the payment page, so the two never
// compete for one unit.
// The flow's state and transitions are `bookingFlowReducer`'s
// (booking-flow-state.ts); the hooks beside it (use-*.ts) run the effects and
// the API calls.
import { ArrowLeft, LoaderCircle } from "lucide-react";
import { type Dispatch, type ReactNode, useEffect, useReducer, useState } from "react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { CampsiteSummary } from "#app/lib/booking-api.ts";
import { formatMoney } from "#domain/format/money.ts";
import { canShare, shareLink, stayQuery } from "#domain/rules/booking-query.ts";
import { farmToday } from "#domain/rules/dates.ts";
import { needsNoCard, payDisabled, policyToAccept } from "./booking-flow-derived";
import {
  type BookingFlowAction,
  type BookingFlowState,
  bookingFlowReducer,
  initialBookingFlowState,
  type StayCheck,
  stayProblemText,
} from "./booking-flow-state";
import { GuestStep } from "./guest-step";
import { HoldCountdown } from "./hold-countdown";
import { PaymentStep, type PaymentStepHandlers } from "./payment-step";
import { bookingFigures, PriceSummary } from "./price-summary";
import { ShareLinkButton } from "./share-link-button";
import { StayStep } from "./stay-step";
import { STEP_TITLES, StepIndicator } from "./step-indicator";
import { useAvailability } from "./use-availability";
import { useBookingActions } from "./use-booking-actions";
import { useHeldBooking, useHoldCountdown, useReleaseOnLeave } from "./use-held-booking";
import { usePaymentOptions } from "./use-payment-options";
import { useStayInAddress } from "./use-stay-in-address";
import { useStayQuote } from "./use-stay-quote";
import { useStepFocus } from "./use-step-focus";
import { WaitlistForm } from "./waitlist-form";

export function BookingFlow({
  campsite,
  initial,
}: {
  campsite: CampsiteSummary;
  initial: { checkIn?: string; checkOut?: string; guests?: number; dogs?: number };
}) {
  const [state, dispatch] = useReducer(
    bookingFlowReducer,
    { initial, capacity: campsite.capacity, today: farmToday() },
    initialBookingFlowState,
  );
  const { step, stay } = state;
  // The server-rendered page shows the flow before its script runs; its controls
  // stay disabled until then, so an early press is not lost (or sent as a plain form).
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);

  // The effects: availability, the held booking (asked about again, let go
  // when the camper leaves), the address, focus, then the hold countdown.
  const availability = useAvailability(campsite);
  const { rules, loading, loadAvailability } = availability;
  useDogsLimit(availability, dispatch);
  useHeldBooking(campsite.id, stay, dispatch);
  useReleaseOnLeave(state);
  useStayInAddress(campsite.id, stay);
  const headingRef = useStepFocus(step);
  const holdSeconds = useHoldCountdown(state, dispatch);

  const check: StayCheck = { rules, questions: availability.limits.questions };
  const summary = useSummaryBeforePayment(campsite.id, state, check, loading);
  const policy = policyToAccept(availability.limits, state.held);
  const { next, previous, pay, startOver } = useBookingActions({
    state,
    dispatch,
    campsiteId: campsite.id,
    check,
    policy,
    loadAvailability,
  });
  const options = usePaymentOptions(state, dispatch);

  // '← Back to campsites' keeps the dates, guests and dogs for the next site chosen.
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

        <StepContent
          state={state}
          dispatch={dispatch}
          campsite={campsite}
          availability={availability}
          summary={summary}
          interactive={interactive}
          holdSeconds={holdSeconds}
          policy={policy?.policy}
          paymentHandlers={{
            onPolicyAccepted: (accepted) => dispatch({ type: "policyAccepted", accepted }),
            onExtrasChange: options.chooseExtras,
            onCodeChange: options.typeCode,
            onCardChange: options.typeCard,
            onApplyCode: options.applyCode,
            onApplyCard: options.applyCard,
            onStartOver: startOver,
          }}
        />

        <StepButtons state={state} interactive={interactive} onPrevious={previous} onPay={pay} />
      </form>
      {step === 1 ? (
        <WaitlistForm
          campsiteId={campsite.id}
          checkIn={stay.checkIn}
          checkOut={stay.checkOut}
          today={availability.limits.today}
          lastCheckOutDate={availability.limits.lastCheckOutDate}
        />
      ) : null}
    </div>
  );
}

/** A linked number of dogs the campsite does not take is dropped once its rates are known. */
function useDogsLimit(
  { loading, limits }: ReturnType<typeof useAvailability>,
  dispatch: Dispatch<BookingFlowAction>,
) {
  const maxDogs = limits.rates.maxDogs;
  useEffect(() => {
    if (!loading) dispatch({ type: "dogsLimited", maxDogs });
  }, [loading, maxDogs, dispatch]);
}

/**
 * The price summary of steps 1 and 2: the held booking's when one is held
 * (back on step 2), otherwise the server's quote of a stay the rules accept.
 */
function useSummaryBeforePayment(
  campsiteId: string,
  state: BookingFlowState,
  check: StayCheck,
  loading: boolean,
): ReactNode {
  const { step, held, expired, restoring } = state;
  const holding = held !== undefined && !expired;
  const wanted =
    step < 3 && !holding && !loading && !restoring && !stayProblemText(state.stay, check);
  const quote = useStayQuote(campsiteId, state.stay, wanted);
  if (step === 3 || restoring) return null;
  if (holding)
    return (
      <PriceSummary
        figures={bookingFigures(held.booking)}
        deposit={held.booking.paymentPlan !== null}
      />
    );
  return quote.figures ? <PriceSummary figures={quote.figures} stale={quote.stale} /> : null;
}

/** The current step's fields, or a wait while the booking kept in this tab is asked about. */
function StepContent({
  state,
  dispatch,
  campsite,
  availability: { limits, rules, loading, calendar, dogRules, extras },
  summary,
  interactive,
  holdSeconds,
  policy,
  paymentHandlers,
}: {
  state: BookingFlowState;
  dispatch: Dispatch<BookingFlowAction>;
  campsite: CampsiteSummary;
  availability: ReturnType<typeof useAvailability>;
  /** The price summary shown below steps 1 and 2. */
  summary: ReactNode;
  interactive: boolean;
  holdSeconds: number | undefined;
  /** The cancellation policy of the held stay in words, once known. */
  policy: string | undefined;
  paymentHandlers: PaymentStepHandlers;
}) {
  const { step, stay } = state;
  if (state.restoring)
    return (
      <p role="status" className="flex items-center gap-2 text-stone-700">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        Finding your booking…
      </p>
    );
  if (step === 1)
    return (
      <>
        <StayStep
          stay={stay}
          capacity={campsite.capacity}
          dogRules={dogRules}
          calendar={calendar}
          rules={rules}
          today={limits.today}
          lastCheckOutDate={limits.lastCheckOutDate}
          loading={loading}
          interactive={interactive}
          problem={state.stayProblem}
          onCheckIn={(checkIn) => dispatch({ type: "checkInPicked", checkIn, rules })}
          onCheckOut={(checkOut) => dispatch({ type: "checkOutPicked", checkOut })}
          onGuests={(guests) => dispatch({ type: "guestsChanged", guests })}
          onDogs={(dogs) => dispatch({ type: "dogsChanged", dogs })}
        />
        {summary}
      </>
    );
  if (step === 2)
    return (
      <>
        {/* Back on step 2, the site is still held: say for how long. */}
        {state.held && !state.expired && holdSeconds !== undefined ? (
          <HoldCountdown seconds={holdSeconds} needsNoCard={needsNoCard(state.held)} />
        ) : null}
        <GuestStep
          values={state.details}
          invalidFields={state.invalidFields}
          questions={limits.questions}
          onChange={(field, value) => dispatch({ type: "detailChanged", field, value })}
          onAnswer={(questionId, value) => dispatch({ type: "answerChanged", questionId, value })}
        />
        {summary}
      </>
    );
  return (
    <PaymentStep
      state={state}
      extras={extras}
      holdSeconds={holdSeconds}
      policy={policy}
      handlers={paymentHandlers}
    />
  );
}

/** Previous, and Next (which holds the site on the way to step 3) or Pay. */
function StepButtons({
  state,
  interactive,
  onPrevious,
  onPay,
}: {
  state: BookingFlowState;
  interactive: boolean;
  onPrevious: () => void;
  onPay: () => void;
}) {
  const { step, holding, processing, restoring } = state;
  const waiting = holding || processing || restoring;
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
      {step > 1 ? (
        <Button type="button" variant="outline" size="lg" onClick={onPrevious} disabled={waiting}>
          <ArrowLeft aria-hidden="true" />
          Previous
        </Button>
      ) : (
        <span className="hidden sm:block" />
      )}
      {step < 3 ? (
        // A submit button, so Enter in a field moves on as well.
        <Button type="submit" size="lg" disabled={!interactive || holding || restoring}>
          {holding ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          Next
        </Button>
      ) : (
        <Button type="button" size="lg" onClick={onPay} disabled={payDisabled(state)}>
          {processing ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {needsNoCard(state.held) ? "Confirm Booking" : "Pay"}
        </Button>
      )}
      <p role="status" className="sr-only">
        {holding
          ? "Holding your site…"
          : processing
            ? needsNoCard(state.held)
              ? "Confirming your booking…"
              : "Opening the payment page…"
            : ""}
      </p>
    </div>
  );
}
