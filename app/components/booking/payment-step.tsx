// Step 3: payment options (spec 2.12, 4 and 5, decision 0012, issue 13): the
// booking is held from the moment this step opens, with its countdown; the
// extras, discount code and prepaid card change the held booking and the
// server's price is shown; starting over when the hold ran out.
import { Button } from "#app/components/ui/button.tsx";
import { formatMoney } from "#domain/format/money.ts";
import { keepCardWords, planWords } from "#domain/rules/deposits.ts";
import type { Extra, ExtraChoice } from "#domain/rules/rates.ts";
import { ApplyField } from "./apply-field";
import {
  appliedCardText,
  appliedCodeText,
  needsNoCard,
  paymentOptionsLocked,
} from "./booking-flow-derived";
import type { BookingFlowState } from "./booking-flow-state";
import { ExtrasField } from "./extras-field";
import { HoldCountdown, HoldExpired } from "./hold-countdown";
import { PolicyAcceptance } from "./policy-acceptance";
import { bookingFigures, PriceSummary } from "./price-summary";

export type PaymentStepHandlers = {
  onPolicyAccepted: (accepted: boolean) => void;
  onExtrasChange: (extras: ExtraChoice[]) => void;
  onCodeChange: (value: string) => void;
  onCardChange: (value: string) => void;
  onApplyCode: () => void;
  onApplyCard: () => void;
  onStartOver: () => void;
};

export function PaymentStep({
  state,
  extras,
  holdSeconds,
  policy,
  handlers,
}: {
  state: BookingFlowState;
  /** The campsite's extras on sale. */
  extras: Extra[];
  /** The hold's seconds left while its end is known. */
  holdSeconds: number | undefined;
  /** The held stay's cancellation policy in words, once the server has said. */
  policy: string | undefined;
  handlers: PaymentStepHandlers;
}) {
  const { held, expired, applying } = state;
  const locked = paymentOptionsLocked(state);
  const busy = applying !== undefined;
  return (
    <div className="flex flex-col gap-5">
      {expired ? (
        <HoldExpired />
      ) : holdSeconds !== undefined ? (
        <HoldCountdown seconds={holdSeconds} needsNoCard={needsNoCard(held)} />
      ) : null}
      <ExtrasField
        extras={extras}
        value={state.extrasInput}
        disabled={locked}
        busy={busy}
        onChange={handlers.onExtrasChange}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <ApplyField
          label="Discount code"
          value={state.codeInput}
          disabled={locked}
          busy={busy}
          applying={applying === "code"}
          applied={appliedCodeText(held)}
          onChange={handlers.onCodeChange}
          onApply={handlers.onApplyCode}
        />
        <ApplyField
          label="Prepaid card"
          value={state.cardInput}
          disabled={locked}
          busy={busy}
          applying={applying === "card"}
          applied={appliedCardText(held)}
          onChange={handlers.onCardChange}
          onApply={handlers.onApplyCard}
        />
      </div>
      {held ? (
        <PriceSummary
          stale={busy}
          figures={bookingFigures(held.booking)}
          deposit={held.booking.paymentPlan !== null}
        />
      ) : null}
      {expired ? (
        <Button type="button" variant="outline" onClick={handlers.onStartOver}>
          Start a new booking
        </Button>
      ) : held ? (
        <>
          <PolicyAcceptance
            policy={policy}
            missing={state.policyMissing}
            box={{
              checked: state.policyAccepted,
              disabled: state.processing,
              onChange: (e) => handlers.onPolicyAccepted(e.target.checked),
            }}
          />
          <PayNote held={held} />
        </>
      ) : null}
    </div>
  );
}

/** What Pay does: the card payment page, or, with nothing left to pay, no card at all. */
function PayNote({ held }: { held: NonNullable<BookingFlowState["held"]> }) {
  const { bookingReference, finalAmountCents, paymentPlan } = held.booking;
  if (needsNoCard(held))
    return (
      <p className="text-sm text-stone-700">
        {`Your discount code and prepaid card cover the whole stay, so no card is needed. Confirm Booking confirms booking ${bookingReference} at once.`}
      </p>
    );
  if (paymentPlan)
    return (
      <div className="flex flex-col gap-1 rounded-lg border border-paddock-200 bg-paddock-50 p-3 text-sm">
        <p className="font-semibold text-stone-900" data-testid="payment-plan">
          {planWords(paymentPlan)}.
        </p>
        <p className="text-stone-700">
          {`Pay takes you to the secure card payment page to pay the deposit of ${formatMoney(paymentPlan.todayCents)} for booking ${bookingReference}. ${keepCardWords(paymentPlan)}`}
        </p>
      </div>
    );
  return (
    <p className="text-sm text-stone-700">
      {`Pay takes you to the secure card payment page to pay ${formatMoney(finalAmountCents)} for booking ${bookingReference}.`}
    </p>
  );
}
