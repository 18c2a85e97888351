// The Bookings screen's Cancel dialog: it reads the booking's cancellation
// options when it opens and posts the admin's refund choice to the screen's
// action. (The View dialog is bookings/booking-details-dialog.tsx.)
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useBookingDetails } from "#app/components/admin/bookings/use-booking-details.ts";
import {
  cancellationReturnLines,
  cardRefundableCents,
  offersRefund,
  type RefundChoiceKind,
} from "#app/components/admin/cancel-returns.ts";
import { showToast } from "#app/components/admin/use-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";
import { FieldError, Input, Label } from "#app/components/ui/input.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { formatMoney } from "#domain/format/money.ts";

export type CancelTarget = {
  id: string;
  bookingReference: string;
  guestName: string;
  status: string;
};

export function CancelBookingDialog({
  target,
  onClose,
  mayRefund = true,
}: {
  target: CancelTarget | null;
  onClose: () => void;
  /** False for staff: refunds are the owner's (decision 0017), so only 'No refund' is sent. */
  mayRefund?: boolean;
}) {
  const details = useBookingDetails(target?.id ?? null);
  const fetcher = useFetcher<ActionAnswer>();
  const [refund, setRefund] = useState<RefundChoiceKind>("full");
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (target) setRefund("full");
  }, [target]);
  useEffect(() => {
    const answer = fetcher.data;
    if (answer?.intent !== "cancel") return;
    if (answer.toast) showToast(answer.toast);
    if (answer.ok) onClose();
  }, [fetcher.data, onClose]);

  const options = details.state === "ready" ? details.booking.cancellation : null;
  const cancellable = options?.allowed ? options : null;
  const refundable = cancellable ? cardRefundableCents(cancellable) : 0;
  const credit = cancellable?.prepaidCredit ?? null;
  const refundWanted = cancellable !== null && offersRefund(cancellable);
  const choosing = refundWanted && mayRefund;
  const amountError = fetcher.data?.fieldErrors?.refundAmount;

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent
        title={`Cancel booking ${target?.bookingReference ?? ""}?`}
        description={
          target
            ? `${target.guestName}'s booking will be cancelled and its dates freed.`
            : undefined
        }
      >
        {details.state === "loading" ? (
          <p role="status">Loading…</p>
        ) : details.state === "error" ? (
          <p role="alert" className="text-red-800">
            {details.message}
          </p>
        ) : !cancellable ? (
          <p>This booking can no longer be cancelled.</p>
        ) : (
          <fetcher.Form method="post" className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="bookingId" value={target?.id} />
            {choosing ? (
              <fieldset className="flex flex-col gap-2" aria-describedby="cancel-returns">
                <legend className="mb-1 text-sm font-semibold">
                  {refundable > 0 ? "Refund the card payment" : "Return the prepaid credit"}
                </legend>
                <RefundOption value="full" chosen={refund} onChoose={setRefund}>
                  {refundable > 0
                    ? `Full refund (${formatMoney(refundable)})`
                    : `Full refund (${formatMoney(credit?.cents ?? 0)} prepaid credit)`}
                </RefundOption>
                {refundable > 0 ? (
                  <RefundOption value="partial" chosen={refund} onChoose={setRefund}>
                    Partial refund
                  </RefundOption>
                ) : null}
                {refund === "partial" && refundable > 0 ? (
                  <div className="ml-6 flex flex-col gap-1">
                    <Label htmlFor="refund-amount">Amount to refund ($)</Label>
                    <Input
                      id="refund-amount"
                      name="refundAmount"
                      inputMode="decimal"
                      placeholder="0.00"
                      required
                      className="max-w-40"
                      aria-invalid={amountError ? true : undefined}
                      aria-describedby={amountError ? "refund-amount-error" : "refund-amount-hint"}
                    />
                    <p id="refund-amount-hint" className="text-xs text-stone-700">
                      At most {formatMoney(refundable)}.
                    </p>
                    <FieldError id="refund-amount-error">{amountError}</FieldError>
                  </div>
                ) : null}
                <RefundOption value="none" chosen={refund} onChoose={setRefund}>
                  No refund
                </RefundOption>
              </fieldset>
            ) : (
              <input type="hidden" name="refund" value="none" />
            )}
            {refundWanted && !mayRefund ? (
              <p className="text-sm text-stone-800">
                Only the owner can give a refund. Cancelling here gives nothing back; ask the owner
                if the guest should get a refund.
              </p>
            ) : null}
            <ReturnsSummary options={cancellable} choice={choosing ? refund : "none"} />
            <label className="flex items-center gap-2 text-sm">
              {/* Unticked sends only this: the shared schema reads a missing answer as yes. */}
              <input type="hidden" name="notifyGuest" value="false" />
              <input
                type="checkbox"
                name="notifyGuest"
                defaultChecked
                className="size-4 shrink-0 accent-paddock-700"
              />
              Email the guest about the cancellation
            </label>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
                Keep booking
              </Button>
              <Button type="submit" variant="destructive" disabled={busy}>
                {busy ? "Cancelling…" : "Cancel booking"}
              </Button>
            </div>
          </fetcher.Form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** One radio button of the refund choice. */
function RefundOption({
  value,
  chosen,
  onChoose,
  children,
}: {
  value: RefundChoiceKind;
  chosen: RefundChoiceKind;
  onChoose: (value: RefundChoiceKind) => void;
  children: React.ReactNode;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="radio"
        name="refund"
        className="size-4 shrink-0 accent-paddock-700"
        value={value}
        checked={chosen === value}
        onChange={() => onChoose(value)}
      />
      {children}
    </label>
  );
}

/** What goes back to the guest with the choice made, updated as the admin changes it. */
function ReturnsSummary({
  options,
  choice,
}: {
  options: Parameters<typeof cancellationReturnLines>[0];
  choice: RefundChoiceKind;
}) {
  const lines = cancellationReturnLines(options, choice);
  return (
    <div id="cancel-returns" aria-live="polite" className="text-sm text-stone-800">
      {lines.length > 0 ? (
        <ul className="flex list-disc flex-col gap-1 pl-5">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
