// The Bookings screen's View and Cancel dialogs. Both read the booking's
// details from GET /api/admin/bookings/:id when they open; Cancel posts to the
// screen's action.
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import {
  cancellationReturnLines,
  cardRefundableCents,
  offersRefund,
  type RefundChoiceKind,
} from "#app/components/admin/cancel-returns.ts";
import { statusLabels, statusTones } from "#app/components/admin/format.ts";
import { showToast, type ToastMessage } from "#app/components/admin/use-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Badge } from "#app/components/ui/card.tsx";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";
import { FieldError, Input, Label } from "#app/components/ui/input.tsx";
import type { BookingDetails } from "#domain/api/admin-bookings.ts";
import { formatDay, formatFarmDateTime } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";

type DetailsState =
  | { state: "loading" }
  | { state: "error"; message: string }
  | { state: "ready"; booking: BookingDetails };

/** Loads a booking's details while `bookingId` is set. */
function useBookingDetails(bookingId: string | null): DetailsState {
  const [details, setDetails] = useState<DetailsState>({ state: "loading" });
  useEffect(() => {
    if (!bookingId) return;
    const controller = new AbortController();
    setDetails({ state: "loading" });
    fetch(`/api/admin/bookings/${bookingId}`, { signal: controller.signal })
      .then(async (res) => {
        const body = await res.json();
        if (!res.ok) throw new Error(body.error ?? "Failed to load the booking.");
        setDetails({ state: "ready", booking: body.booking });
      })
      .catch((error: Error) => {
        if (error.name !== "AbortError") setDetails({ state: "error", message: error.message });
      });
    return () => controller.abort();
  }, [bookingId]);
  return details;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1 text-sm">
      <dt className="font-medium text-stone-700">{label}</dt>
      <dd className="text-stone-900">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-t border-stone-200 pt-3">
      <h3 className="mb-1 font-semibold text-stone-900">{title}</h3>
      {children}
    </section>
  );
}

const auditLabels: Record<string, string> = {
  "booking.cancelled": "Cancelled",
  "booking.notification_sent": "Notification sent",
};

export function BookingDetailsDialog({
  bookingId,
  onClose,
}: {
  bookingId: string | null;
  onClose: () => void;
}) {
  const details = useBookingDetails(bookingId);
  return (
    <Dialog open={bookingId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Booking details" className="max-w-2xl">
        {details.state === "loading" ? (
          <p role="status">Loading…</p>
        ) : details.state === "error" ? (
          <p role="alert" className="text-red-800">
            {details.message}
          </p>
        ) : (
          <BookingDetailsBody booking={details.booking} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function BookingDetailsBody({ booking: b }: { booking: BookingDetails }) {
  return (
    <div className="flex flex-col gap-3">
      <dl>
        <Row label="Booking ID">
          <span className="font-mono">{b.bookingReference}</span>
        </Row>
        <Row label="Status">
          <Badge tone={statusTones[b.status]}>{statusLabels[b.status]}</Badge>
          {b.cancelledAt ? (
            <span className="ml-2 text-stone-700">on {formatFarmDateTime(b.cancelledAt)}</span>
          ) : null}
        </Row>
        <Row label="Booked">{formatFarmDateTime(b.createdAt)}</Row>
      </dl>
      <Section title="Guest">
        <dl>
          <Row label="Name">{b.guestName}</Row>
          <Row label="Email">
            <a className="text-paddock-700 underline" href={`mailto:${b.guestEmail}`}>
              {b.guestEmail}
            </a>
          </Row>
          <Row label="Phone">
            {b.guestPhone ? (
              <a className="text-paddock-700 underline" href={`tel:${b.guestPhone}`}>
                {b.guestPhone}
              </a>
            ) : (
              "Not given"
            )}
          </Row>
          <Row label="Guests">{b.numberOfGuests}</Row>
        </dl>
      </Section>
      <Section title="Stay">
        <dl>
          <Row label="Campsite">
            {b.campsiteName ?? "Unknown Campsite"}
            {b.unitName ? `, ${b.unitName}` : ""}
          </Row>
          <Row label="Check-in">{formatDay(b.checkIn)}</Row>
          <Row label="Check-out">{formatDay(b.checkOut)}</Row>
          <Row label="Nights">{b.nights}</Row>
          {b.status === "pending" && b.holdExpiresAt ? (
            <Row label="Hold until">{formatFarmDateTime(b.holdExpiresAt)}</Row>
          ) : null}
        </dl>
      </Section>
      <Section title="Amount">
        <dl>
          <Row label="Total">{formatMoney(b.totalAmountCents)}</Row>
          {b.discountAmountCents > 0 ? (
            <Row label="Discount">
              -{formatMoney(b.discountAmountCents)}
              {b.discountCode ? ` (${b.discountCode.code}: ${b.discountCode.description})` : ""}
            </Row>
          ) : null}
          {b.prepaidAmountUsedCents > 0 ? (
            <Row label="Prepaid card">
              -{formatMoney(b.prepaidAmountUsedCents)}
              {b.prepaidCardNumber ? ` (${b.prepaidCardNumber})` : ""}
            </Row>
          ) : null}
          <Row label="Final amount">
            <strong>{formatMoney(b.finalAmountCents)}</strong>
          </Row>
        </dl>
      </Section>
      <Section title="Payments">
        {b.payments.length === 0 ? (
          <p className="text-sm text-stone-700">No card payment.</p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {b.payments.map((p) => (
              <li key={p.id} className="rounded-md bg-stone-50 p-2">
                <p>
                  <strong>{formatMoney(p.amountCents)}</strong> {p.currency.toUpperCase()} ·{" "}
                  {p.status}
                  {p.refundedAmountCents > 0
                    ? ` · refunded ${formatMoney(p.refundedAmountCents)}`
                    : ""}
                </p>
                <p className="break-all text-stone-700">
                  {p.provider === "test" ? "Test checkout" : "Stripe"} ·{" "}
                  {p.paymentIntentId ?? p.sessionId}
                </p>
                <p className="text-stone-700">{formatFarmDateTime(p.createdAt)}</p>
              </li>
            ))}
          </ul>
        )}
      </Section>
      {b.prepaidTransactions.length > 0 ? (
        <Section title="Prepaid card transactions">
          <ul className="text-sm">
            {b.prepaidTransactions.map((t) => (
              <li key={t.id}>
                {t.type} {formatMoney(t.amountCents)} · {t.description} ·{" "}
                {formatFarmDateTime(t.createdAt)}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section title="Emails">
        {b.emails.length === 0 ? (
          <p className="text-sm text-stone-700">No emails yet.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {b.emails.map((e) => (
              <li key={e.id}>
                <span className="font-medium">{e.subject}</span>
                <span className="text-stone-700">
                  {" "}
                  · to {e.to} ·{" "}
                  {e.status === "sent" && e.sentAt
                    ? `sent ${formatFarmDateTime(e.sentAt)}`
                    : e.status}
                  {e.status !== "sent" && e.attempts > 0 ? ` after ${e.attempts} attempts` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      {b.history.length > 0 ? (
        <Section title="History">
          <ul className="text-sm">
            {b.history.map((h) => (
              <li key={`${h.action}-${h.createdAt}`}>
                {auditLabels[h.action] ?? h.action} by {h.actorEmail ?? "the system"} ·{" "}
                {formatFarmDateTime(h.createdAt)}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}

export type CancelTarget = {
  id: string;
  bookingReference: string;
  guestName: string;
  status: string;
};
type ActionResult = {
  ok: boolean;
  intent: string;
  toast: ToastMessage;
  fieldErrors?: Record<string, string>;
};

export function CancelBookingDialog({
  target,
  onClose,
}: {
  target: CancelTarget | null;
  onClose: () => void;
}) {
  const details = useBookingDetails(target?.id ?? null);
  const fetcher = useFetcher<ActionResult>();
  const [refund, setRefund] = useState<RefundChoiceKind>("full");
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (target) setRefund("full");
  }, [target]);
  useEffect(() => {
    if (fetcher.data?.intent !== "cancel") return;
    showToast(fetcher.data.toast);
    if (fetcher.data.ok) onClose();
  }, [fetcher.data, onClose]);

  const options = details.state === "ready" ? details.booking.cancellation : null;
  const cancellable = options?.allowed ? options : null;
  const refundable = cancellable ? cardRefundableCents(cancellable) : 0;
  const credit = cancellable?.prepaidCredit ?? null;
  const choosing = cancellable !== null && offersRefund(cancellable);
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
            <ReturnsSummary options={cancellable} choice={choosing ? refund : "none"} />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="notifyGuest" defaultChecked />
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
