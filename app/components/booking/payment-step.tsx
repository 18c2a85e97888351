// Step 3: payment options (spec 2.12, 4 and 5): the discount code and prepaid
// card, the server's price, the hold countdown once Pay made the booking, and
// starting over when the hold ran out.
import { LoaderCircle } from "lucide-react";
import type { Dispatch } from "react";
import { Button } from "#app/components/ui/button.tsx";
import type { HeldBooking } from "#app/lib/booking-session.ts";
import { HOLD_MINUTES } from "#domain/rules/hold.ts";
import { ApplyField } from "./apply-field";
import { paymentOptionsLocked } from "./booking-flow-derived";
import type { BookingFlowAction, BookingFlowState } from "./booking-flow-state";
import { HoldCountdown } from "./hold-countdown";
import { PriceSummary } from "./price-summary";

export function PaymentStep({
  state,
  held,
  holdSeconds,
  dispatch,
  onApplyCode,
  onApplyCard,
  onStartOver,
}: {
  state: BookingFlowState;
  /** The booking held for the request on screen: its figures replace the quote's. */
  held: HeldBooking | undefined;
  /** The hold's seconds left while its end is known. */
  holdSeconds: number | undefined;
  dispatch: Dispatch<BookingFlowAction>;
  onApplyCode: () => void;
  onApplyCard: () => void;
  onStartOver: () => void;
}) {
  const { quote, appliedCode, appliedCard, expired } = state;
  const locked = paymentOptionsLocked(state, held);
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <ApplyField
          label="Discount code"
          value={state.codeInput}
          disabled={locked}
          applyDisabled={!quote}
          applying={state.applying === "code"}
          applied={appliedCode ? `${appliedCode.value} applied: ${appliedCode.label}` : undefined}
          onChange={(value) => dispatch({ type: "codeTyped", value })}
          onApply={onApplyCode}
        />
        <ApplyField
          label="Prepaid card"
          value={state.cardInput}
          disabled={locked}
          applying={state.applying === "card"}
          applied={appliedCard?.label}
          onChange={(value) => dispatch({ type: "cardTyped", value })}
          onApply={onApplyCard}
        />
      </div>
      {quote ? (
        <PriceSummary
          stale={state.quoting}
          figures={{
            nights: quote.nights,
            pricePerNightCents: quote.pricePerNightCents,
            subtotalCents: held?.booking.totalAmountCents ?? quote.subtotalCents,
            discountAmountCents: held?.booking.discountAmountCents ?? quote.discountAmountCents,
            prepaidAmountCents: held?.booking.prepaidAmountUsedCents ?? quote.prepaidAmountCents,
            finalAmountCents: held?.booking.finalAmountCents ?? quote.finalAmountCents,
          }}
        />
      ) : state.quoteProblem ? (
        <p className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {state.quoteProblem}
        </p>
      ) : (
        <p className="flex items-center gap-2 text-sm text-stone-700" role="status">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Working out your price…
        </p>
      )}
      {held && holdSeconds !== undefined ? <HoldCountdown seconds={holdSeconds} /> : null}
      {locked ? (
        <p className="text-sm text-stone-700">
          Booking {held?.booking.bookingReference} is waiting for payment at this price.
        </p>
      ) : expired ? null : (
        <p className="text-sm text-stone-700">
          When you press Pay, we hold your site for {HOLD_MINUTES} minutes while you pay by card.
        </p>
      )}
      {expired ? (
        <Button type="button" variant="outline" onClick={onStartOver}>
          Start a new booking
        </Button>
      ) : null}
    </div>
  );
}
