// The 3-step booking flow of a campsite (spec 2.12, 4, 5 and the booking
// toasts of 8): dates and guests, guest details, payment options and Pay.
// The server decides availability, prices and holds; this screen asks it and
// shows the answers. The booking record (and so the hold countdown) is made
// when the camper presses Pay, because the discount code and prepaid card are
// part of the booking and the API prices them when it makes it; a booking
// made in this tab is picked up again when the camper comes back from the
// payment page, so the two never compete for the same unit.
import { ArrowLeft, LoaderCircle } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import {
  ApiError,
  bookingApi,
  type CampsiteSummary,
  type PendingBooking,
  type Quote,
} from "#app/lib/booking-api.ts";
import {
  type BookingRequestBody,
  findHeldBooking,
  forgetHeldBooking,
  type HeldBooking,
  requestKey,
  saveHeldBooking,
} from "#app/lib/booking-session.ts";
import { formatMoney } from "#domain/format/money.ts";
import {
  GUEST_DETAILS_MESSAGE,
  guestDetailsSchema,
  INVALID_DATES_MESSAGE,
} from "#domain/forms/booking-request.ts";
import {
  acceptedGuests,
  canShare,
  DEFAULT_GUESTS,
  shareLink,
  stayQuery,
} from "#domain/rules/booking-query.ts";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { CHECKOUT_SESSION_MINUTES, HOLD_MINUTES } from "#domain/rules/hold.ts";
import { holdDeadline } from "#domain/rules/hold-countdown.ts";
import { type Availability, stayRules, withCheckIn } from "#domain/rules/stay-dates.ts";
import { ApplyField } from "./apply-field";
import { type GuestField, type GuestForm, GuestStep } from "./guest-step";
import { HoldCountdown, useHoldSeconds } from "./hold-countdown";
import { PriceSummary } from "./price-summary";
import { ShareLinkButton } from "./share-link-button";
import { type Stay, StayStep } from "./stay-step";
import { STEP_TITLES, type Step, StepIndicator } from "./step-indicator";

const BOOKING_EXPIRED = "Your reservation has expired. Please start a new booking.";

type Applied = { value: string; label: string };

/** Until the server answers (or if it cannot), only the past and the advance limit apply. */
function fallbackAvailability(campsite: CampsiteSummary): Availability {
  const today = farmToday();
  return {
    campsiteId: campsite.id,
    from: today,
    to: addDays(today, 365),
    unavailableDates: [],
    today,
    minimumNightStay: 1,
    maxAdvanceBookingDays: 365,
    lastCheckOutDate: addDays(today, 365),
    capacity: campsite.capacity,
  };
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function BookingFlow({
  campsite,
  initial,
}: {
  campsite: CampsiteSummary;
  initial: { checkIn?: string; checkOut?: string; guests?: number };
}) {
  const [step, setStep] = useState<Step>(1);
  const [stay, setStay] = useState<Stay>(() => ({
    checkIn: initial.checkIn,
    checkOut: initial.checkOut,
    guests:
      acceptedGuests(initial.guests, campsite.capacity) ??
      Math.min(DEFAULT_GUESTS, campsite.capacity),
  }));
  const [availability, setAvailability] = useState<Availability>();
  const [stayInvalid, setStayInvalid] = useState(false);
  const [details, setDetails] = useState<GuestForm>({
    firstName: "",
    lastName: "",
    email: "",
    phone: "",
  });
  const [invalidFields, setInvalidFields] = useState<ReadonlySet<GuestField>>(new Set());
  const [codeInput, setCodeInput] = useState("");
  const [cardInput, setCardInput] = useState("");
  const [appliedCode, setAppliedCode] = useState<Applied>();
  const [appliedCard, setAppliedCard] = useState<Applied>();
  const [applying, setApplying] = useState<"code" | "card">();
  const [quote, setQuote] = useState<Quote>();
  const [quoteProblem, setQuoteProblem] = useState<string>();
  const [quoting, setQuoting] = useState(false);
  const [held, setHeld] = useState<HeldBooking>();
  const [expired, setExpired] = useState(false);
  const [processing, setProcessing] = useState(false);
  // The server-rendered page shows the flow before its script runs; its controls
  // stay disabled until then, so an early press is not lost (or sent as a plain form).
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);

  const limits = useMemo(
    () => availability ?? fallbackAvailability(campsite),
    [availability, campsite],
  );
  const rules = useMemo(() => stayRules(limits), [limits]);

  // ------------------------------------------------------------ availability

  const loadAvailability = useCallback(
    (signal?: AbortSignal) =>
      bookingApi
        .availability(campsite.id, signal)
        .then(setAvailability)
        .catch((error) => {
          // Spec 8: errors loading unavailable dates are only logged; the server still checks.
          if (!signal?.aborted) console.warn("Could not load unavailable dates", error);
        }),
    [campsite.id],
  );

  useEffect(() => {
    const controller = new AbortController();
    loadAvailability(controller.signal);
    return () => controller.abort();
  }, [loadAvailability]);

  // A booking made in this tab for this stay (the camper came back from the
  // payment page): carry on with it rather than compete with it for the unit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, for the stay the page opened with.
  useEffect(() => {
    const found = findHeldBooking({ campsiteId: campsite.id, ...stay }, Date.now());
    if (!found) return;
    const { request } = found;
    setDetails({
      firstName: request.firstName,
      lastName: request.lastName,
      email: request.email,
      phone: request.phone ?? "",
    });
    if (request.discountCode) {
      setCodeInput(request.discountCode);
      setAppliedCode({
        value: request.discountCode,
        label: found.appliedLabels.discountCode ?? "",
      });
    }
    if (request.prepaidCardNumber) {
      setCardInput(request.prepaidCardNumber);
      setAppliedCard({
        value: request.prepaidCardNumber,
        label: found.appliedLabels.prepaidCard ?? "",
      });
    }
    setHeld(found);
    setStep(3);
  }, []);

  // Coming back through the browser's Back button restores this page as it was
  // left, mid-redirect: let the camper press Pay again. The hold now lasts as
  // long as the payment page's session, which this tab cannot see: no countdown.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setProcessing(false);
      setHeld((h) => (h ? { ...h, countdownDeadline: undefined } : h));
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  // Keep the stay in the address, so a reload or coming Back from the payment
  // page finds it (and the booking made for it) again.
  const [searchParams, setSearchParams] = useSearchParams();
  const wanted = stayQuery({ campsiteId: campsite.id, ...stay }).toString();
  const current = searchParams.toString();
  useEffect(() => {
    if (wanted !== current) setSearchParams(wanted, { replace: true, preventScrollReset: true });
  }, [wanted, current, setSearchParams]);

  // --------------------------------------------------------------- the steps

  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each step change.
  useEffect(() => {
    // Announce a step change by moving focus to its heading (not on first load).
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const request: BookingRequestBody = {
    campsiteId: campsite.id,
    checkIn: stay.checkIn ?? "",
    checkOut: stay.checkOut ?? "",
    guests: stay.guests,
    firstName: details.firstName,
    lastName: details.lastName,
    email: details.email,
    phone: details.phone.trim() || undefined,
    discountCode: appliedCode?.value,
    prepaidCardNumber: appliedCard?.value,
  };
  const currentKey = requestKey(request);
  const heldForThis = held && requestKey(held.request) === currentKey ? held : undefined;

  const stayIsValid = () =>
    rules.isStayBookable(stay.checkIn, stay.checkOut) &&
    stay.guests >= 1 &&
    stay.guests <= campsite.capacity;

  const next = () => {
    if (step === 1) {
      if (!stayIsValid()) {
        setStayInvalid(true);
        toast.error("Invalid Dates", { description: INVALID_DATES_MESSAGE });
        return;
      }
      setStayInvalid(false);
      toast.dismiss(); // the step's earlier complaints no longer apply
      setStep(2);
    } else if (step === 2) {
      const parsed = guestDetailsSchema.safeParse(details);
      if (!parsed.success) {
        setInvalidFields(new Set(parsed.error.issues.map((i) => i.path[0] as GuestField)));
        toast.error("Missing Information", { description: GUEST_DETAILS_MESSAGE });
        return;
      }
      setInvalidFields(new Set());
      toast.dismiss();
      setStep(3);
    }
  };

  const previous = () => setStep((s) => (s > 1 ? ((s - 1) as Step) : s));

  // ------------------------------------------------------------ the quote

  const stayRequest = {
    campsiteId: campsite.id,
    checkIn: request.checkIn,
    checkOut: request.checkOut,
    guests: stay.guests,
  };
  const quoteKey = JSON.stringify([stayRequest, appliedCode?.value, appliedCard?.value]);

  useEffect(() => {
    if (step !== 3) return;
    const controller = new AbortController();
    const [stayPart, discountCode, prepaidCardNumber] = JSON.parse(quoteKey) as [
      typeof stayRequest,
      string | null,
      string | null,
    ];
    setQuoting(true);
    bookingApi
      .quote(
        {
          ...stayPart,
          ...(discountCode && { discountCode }),
          ...(prepaidCardNumber && { prepaidCardNumber }),
        },
        controller.signal,
      )
      .then((answer) => {
        setQuote(answer);
        setQuoteProblem(undefined);
      })
      .catch((error) => {
        if (controller.signal.aborted) return;
        setQuote(undefined);
        // A code or card that no longer validates is taken off, with the server's reason.
        const code = error instanceof ApiError ? error.code : undefined;
        if (code === "invalid_discount_code") {
          setAppliedCode(undefined);
          toast.error("Invalid Discount Code", { description: message(error) });
        } else if (code === "invalid_prepaid_card") {
          setAppliedCard(undefined);
          toast.error("Invalid Prepaid Card", { description: message(error) });
        } else {
          setQuoteProblem(message(error));
          toast.error("Error", { description: message(error) });
        }
      })
      .finally(() => {
        if (!controller.signal.aborted) setQuoting(false);
      });
    return () => controller.abort();
  }, [step, quoteKey]);

  const applyCode = async () => {
    const code = codeInput.trim().toUpperCase();
    if (!code || !quote) return;
    setApplying("code");
    try {
      const answer = await bookingApi.validateDiscountCode(code, quote.subtotalCents);
      if (answer.valid) {
        setAppliedCode({ value: code, label: answer.discountCode.description || code });
      } else {
        toast.error("Invalid Discount Code", { description: answer.error });
      }
    } catch (error) {
      toast.error("Failed to validate discount code", {
        description: error instanceof ApiError ? error.message : undefined,
      });
    } finally {
      setApplying(undefined);
    }
  };

  const applyCard = async () => {
    const cardNumber = cardInput.trim().toUpperCase();
    if (!cardNumber) return;
    setApplying("card");
    try {
      const answer = await bookingApi.validatePrepaidCard(cardNumber);
      if (answer.valid) {
        setAppliedCard({
          value: cardNumber,
          label: `Prepaid card applied (balance ${formatMoney(answer.prepaidCard.balance)})`,
        });
      } else {
        toast.error("Invalid Prepaid Card", { description: answer.error });
      }
    } catch (error) {
      toast.error("Failed to validate prepaid card", {
        description: error instanceof ApiError ? error.message : undefined,
      });
    } finally {
      setApplying(undefined);
    }
  };

  // ------------------------------------------------------- hold and payment

  const onExpire = useCallback(() => {
    setExpired(true);
    forgetHeldBooking();
    toast.error("Booking Expired", { description: BOOKING_EXPIRED });
  }, []);
  const seconds = useHoldSeconds(heldForThis?.countdownDeadline, onExpire);

  const startOver = () => {
    setHeld(undefined);
    setExpired(false);
    setStep(1);
    void loadAvailability();
  };

  const pay = async () => {
    if (processing || expired) return;
    setProcessing(true);
    try {
      let booking: PendingBooking | undefined = heldForThis?.booking;
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
            appliedLabels: { discountCode: appliedCode?.label, prepaidCard: appliedCard?.label },
          };
          setHeld(fresh);
          saveHeldBooking(fresh);
        } catch (error) {
          toast.error("Booking Error", {
            description: `Failed to create booking: ${message(error)}`,
          });
          if (error instanceof ApiError && error.status === 409) {
            // The last unit went: show the calendar as it is now.
            setStep(1);
            void loadAvailability();
          }
          setProcessing(false);
          return;
        }
      }
      let url: string;
      try {
        url = await bookingApi.paymentUrl(booking.id);
      } catch (error) {
        toast.error("Payment Error", {
          description: `Failed to create payment session: ${message(error)}`,
        });
        if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
          // The booking can no longer be paid: the next Pay makes a new one.
          forgetHeldBooking();
          setHeld(undefined);
        }
        setProcessing(false);
        return;
      }
      // Going to the payment page extends the hold to its checkout session's
      // end: keep the booking for the camper's return until then at most.
      const current = findHeldBooking({ campsiteId: campsite.id, ...stay }, Date.now());
      if (current?.booking.id === booking.id)
        saveHeldBooking({
          ...current,
          countdownDeadline: undefined,
          keepUntil: Date.now() + CHECKOUT_SESSION_MINUTES * 60_000,
        });
      window.location.assign(url);
    } catch (error) {
      toast.error("Error", { description: `An unexpected error occurred: ${message(error)}` });
      setProcessing(false);
    }
  };

  const holdShown = heldForThis && seconds !== undefined;
  const locked = Boolean(heldForThis) && !expired;

  // ------------------------------------------------------------------ view

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
            loading={availability === undefined}
            interactive={interactive}
            invalid={stayInvalid}
            onCheckIn={(checkIn) => setStay((s) => ({ ...s, ...withCheckIn(rules, s, checkIn) }))}
            onCheckOut={(checkOut) => setStay((s) => ({ ...s, checkOut }))}
            onGuests={(guests) => setStay((s) => ({ ...s, guests }))}
          />
        ) : null}

        {step === 2 ? (
          <GuestStep
            values={details}
            invalidFields={invalidFields}
            onChange={(field, value) => setDetails((d) => ({ ...d, [field]: value }))}
          />
        ) : null}

        {step === 3 ? (
          <div className="flex flex-col gap-5">
            <div className="grid gap-4 sm:grid-cols-2">
              <ApplyField
                label="Discount code"
                value={codeInput}
                disabled={locked}
                applyDisabled={!quote}
                applying={applying === "code"}
                applied={
                  appliedCode ? `${appliedCode.value} applied: ${appliedCode.label}` : undefined
                }
                onChange={(value) => {
                  setCodeInput(value);
                  if (!value.trim()) setAppliedCode(undefined);
                }}
                onApply={applyCode}
              />
              <ApplyField
                label="Prepaid card"
                value={cardInput}
                disabled={locked}
                applying={applying === "card"}
                applied={appliedCard?.label}
                onChange={(value) => {
                  setCardInput(value);
                  if (!value.trim()) setAppliedCard(undefined);
                }}
                onApply={applyCard}
              />
            </div>
            {quote ? (
              <PriceSummary
                stale={quoting}
                figures={{
                  nights: quote.nights,
                  pricePerNightCents: quote.pricePerNightCents,
                  subtotalCents: heldForThis?.booking.totalAmountCents ?? quote.subtotalCents,
                  discountAmountCents:
                    heldForThis?.booking.discountAmountCents ?? quote.discountAmountCents,
                  prepaidAmountCents:
                    heldForThis?.booking.prepaidAmountUsedCents ?? quote.prepaidAmountCents,
                  finalAmountCents: heldForThis?.booking.finalAmountCents ?? quote.finalAmountCents,
                }}
              />
            ) : quoteProblem ? (
              <p className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
                {quoteProblem}
              </p>
            ) : (
              <p className="flex items-center gap-2 text-sm text-stone-700" role="status">
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                Working out your price…
              </p>
            )}
            {holdShown ? <HoldCountdown seconds={seconds} /> : null}
            {locked ? (
              <p className="text-sm text-stone-700">
                Booking {heldForThis?.booking.bookingReference} is waiting for payment at this
                price.
              </p>
            ) : expired ? null : (
              <p className="text-sm text-stone-700">
                When you press Pay, we hold your site for {HOLD_MINUTES} minutes while you pay by
                card.
              </p>
            )}
            {expired ? (
              <Button type="button" variant="outline" onClick={startOver}>
                Start a new booking
              </Button>
            ) : null}
          </div>
        ) : null}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          {step > 1 ? (
            <Button type="button" variant="outline" size="lg" onClick={previous}>
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
            <Button
              type="button"
              size="lg"
              onClick={pay}
              disabled={processing || expired || !quote || quoting || applying !== undefined}
            >
              {processing ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
              Pay
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
