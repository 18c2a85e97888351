// Step 3: payment options (spec 2.12, 4 and 5, decision 0012, issue 13): the
// booking is held from the moment this step opens, with its countdown; the
// extras, discount code and prepaid card change the held booking and the
// server's price is shown; starting over when the hold ran out.
import { Button } from "#app/components/ui/button.tsx";
import { formatMoney } from "#domain/format/money.ts";
import { POLICY_NOT_ACCEPTED } from "#domain/forms/booking-request.ts";
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
      {held ? <PriceSummary stale={busy} figures={bookingFigures(held.booking)} /> : null}
      {expired ? (
        <Button type="button" variant="outline" onClick={handlers.onStartOver}>
          Start a new booking
        </Button>
      ) : held ? (
        <>
          <PolicyAcceptance
            policy={policy}
            accepted={state.policyAccepted}
            missing={state.policyMissing}
            disabled={state.processing}
            onChange={handlers.onPolicyAccepted}
          />
          <PayNote held={held} />
        </>
      ) : null}
    </div>
  );
}

/** What Pay does: the card payment page, or, with nothing left to pay, no card at all. */
function PayNote({ held }: { held: NonNullable<BookingFlowState["held"]> }) {
  const { bookingReference, finalAmountCents } = held.booking;
  return (
    <p className="text-sm text-stone-700">
      {needsNoCard(held)
        ? `Your discount code and prepaid card cover the whole stay, so no card is needed. Confirm Booking confirms booking ${bookingReference} at once.`
        : `Pay takes you to the secure card payment page to pay ${formatMoney(finalAmountCents)} for booking ${bookingReference}.`}
    </p>
  );
}

/**
 * This stay's cancellation policy, its days written out, and the box that
 * accepts it with the Terms before Pay (issue 29).
 */
function PolicyAcceptance({
  policy,
  accepted,
  missing,
  disabled,
  onChange,
}: {
  policy: string | undefined;
  accepted: boolean;
  missing: boolean;
  disabled: boolean;
  onChange: (accepted: boolean) => void;
}) {
  return (
    <section
      aria-labelledby="policy-heading"
      className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-stone-50 p-4"
    >
      <h3 id="policy-heading" className="font-semibold">
        Cancellation policy
      </h3>
      <p id="policy-words" className="text-sm text-stone-800">
        {policy ?? "Loading this stay's cancellation policy…"}
      </p>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          checked={accepted}
          disabled={disabled || policy === undefined}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? "policy-words policy-missing" : "policy-words"}
          className="mt-0.5 size-5 accent-paddock-700"
        />
        <span>
          I accept this cancellation policy and the{" "}
          <a
            href="/policies"
            target="_blank"
            rel="noopener"
            className="font-medium text-paddock-800 underline underline-offset-4"
          >
            Terms and Conditions
          </a>
          .
        </span>
      </label>
      {missing ? (
        <p id="policy-missing" className="text-sm font-medium text-red-700">
          {POLICY_NOT_ACCEPTED}
        </p>
      ) : null}
    </section>
  );
}
