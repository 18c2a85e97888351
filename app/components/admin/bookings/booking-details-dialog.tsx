// The Bookings screen's View dialog: everything about one booking, its
// price lines, payments, emails and history, and its invoice when it has one;
// for a booking with a booking page, the button that emails the guest its link.
import { Send } from "lucide-react";
import { Link, useFetcher } from "react-router";
import {
  disputeLabels,
  disputeMeanings,
  disputeTones,
  paymentStatusBadges,
  statusLabels,
  statusTones,
} from "#app/components/admin/format.ts";
import { useAnswer } from "#app/components/admin/use-answer.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Badge } from "#app/components/ui/card.tsx";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";
import { Label, Textarea } from "#app/components/ui/input.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import type { BookingDetails } from "#domain/api/admin-bookings.ts";
import { auditActionLabel } from "#domain/format/audit.ts";
import { formatDay, formatFarmDateTime } from "#domain/format/dates.ts";
import { formatLongDay } from "#domain/format/long-day.ts";
import { formatMoney } from "#domain/format/money.ts";
import { isRecordedPayment, recordedPaymentLabels } from "#domain/rules/statuses.ts";
import { useBookingDetails } from "./use-booking-details";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1 text-sm">
      <dt className="font-medium text-stone-700">{label}</dt>
      <dd className="min-w-0 break-words text-stone-900">{children}</dd>
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

/** What the stay cost, line by line, as it was priced. */
function PriceLines({ lines }: { lines: BookingDetails["priceLines"] }) {
  if (lines.length === 0) return null;
  return (
    <Row label="Price lines">
      <ul>
        {lines.map((line, i) => (
          <li key={i}>
            {line.description}: {formatMoney(line.amountCents)}
          </li>
        ))}
      </ul>
    </Row>
  );
}

const auditLabels: Record<string, string> = {
  "booking.created": "Taken at the front desk",
  "booking.payment_recorded": "Payment recorded",
  "booking.note_changed": "Private note changed",
  "booking.cancelled": "Cancelled",
  "booking.changed": "Stay changed",
  "booking.notification_sent": "Notification sent",
  "booking.page_link_sent": "Booking page link sent",
  "booking.refunded_at_provider": "Refunded in full",
  "booking.dispute_opened": "Card dispute opened",
  "booking.dispute_closed": "Card dispute closed",
};

/** Who took the payment: the farm (its way and reference), the test checkout or Stripe. */
function paymentSource(p: BookingDetails["payments"][number]): string {
  if (isRecordedPayment(p.provider))
    return [recordedPaymentLabels[p.provider], p.reference].filter(Boolean).join(" · ");
  if (p.provider === "none") return "Nothing to pay by card";
  return `${p.provider === "test" ? "Test checkout" : "Stripe"} · ${p.paymentIntentId ?? p.sessionId}`;
}

/** Entries the card provider's events wrote: no person made them. */
const reportedByStripe = new Set([
  "booking.refunded_at_provider",
  "booking.dispute_opened",
  "booking.dispute_closed",
]);

const byWhom = (h: { action: string; actorEmail: string | null }) =>
  reportedByStripe.has(h.action) ? ", reported by Stripe" : ` by ${h.actorEmail ?? "the system"}`;

/** Where it came from, the guest's answers, and the farm's private note, kept here. */
function NotesSection({ booking: b }: { booking: BookingDetails }) {
  const fetcher = useFetcher<ActionAnswer>();
  useAnswer(fetcher);
  const noteId = `farm-note-${b.id}`;
  return (
    <Section title="Notes">
      <dl>
        {b.takenAtFrontDesk ? <Row label="Taken">At the front desk</Row> : null}
        {b.guestAnswers.map((a) => (
          <Row key={a.question} label={a.question}>
            {a.answer || "Not answered"}
          </Row>
        ))}
      </dl>
      <fetcher.Form method="post" action="/admin/bookings" className="mt-2 flex flex-col gap-2">
        <input type="hidden" name="intent" value="save-note" />
        <input type="hidden" name="bookingId" value={b.id} />
        <Label htmlFor={noteId}>Private note (the farm's only)</Label>
        <Textarea
          id={noteId}
          name="note"
          maxLength={2000}
          defaultValue={b.farmNote}
          className="min-h-16"
        />
        <Button
          type="submit"
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={fetcher.state !== "idle"}
        >
          Save note
        </Button>
      </fetcher.Form>
      {b.status === "paid" || b.status === "confirmed" ? (
        <Button variant="outline" size="sm" className="mt-2 w-fit" asChild>
          <Link to={`/admin/bookings/${b.id}/change`}>Change or move</Link>
        </Button>
      ) : null}
    </Section>
  );
}

/**
 * Emails the guest the link to their own booking page. Shown with the
 * invoice: a booking has its page exactly when it has an invoice (paid or
 * confirmed, or ended after it was); the screen's action refuses otherwise.
 */
function SendPageLink({ bookingId }: { bookingId: string }) {
  const fetcher = useFetcher<ActionAnswer>();
  useAnswer(fetcher);
  return (
    <fetcher.Form method="post" action="/admin/bookings" className="mt-2">
      <input type="hidden" name="intent" value="send-page-link" />
      <input type="hidden" name="bookingId" value={bookingId} />
      <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"}>
        <Send aria-hidden />
        Send booking page link
      </Button>
    </fetcher.Form>
  );
}

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
        {b.disputeStatus ? (
          <Row label="Card dispute">
            <Badge tone={disputeTones[b.disputeStatus]}>{disputeLabels[b.disputeStatus]}</Badge>
            <span className="mt-1 block text-stone-700">{disputeMeanings[b.disputeStatus]}</span>
          </Row>
        ) : null}
        <Row label="Booked">{formatFarmDateTime(b.createdAt)}</Row>
      </dl>
      <Section title="Guest">
        <dl>
          <Row label="Name">{b.guestName}</Row>
          <Row label="Email">
            <a className="break-all text-paddock-700 underline" href={`mailto:${b.guestEmail}`}>
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
          <Row label="Dogs">{b.numberOfDogs}</Row>
        </dl>
        {b.invoice ? <SendPageLink bookingId={b.id} /> : null}
      </Section>
      <NotesSection booking={b} />
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
          <PriceLines lines={b.priceLines} />
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
          {b.balancePlan ? <Row label="Deposit">{balancePlanWords(b.balancePlan)}</Row> : null}
          {b.gstAmountCents > 0 ? (
            <Row label="GST included">{formatMoney(b.gstAmountCents)}</Row>
          ) : null}
        </dl>
        {b.invoice ? (
          <a
            className="mt-1 inline-block text-sm font-medium text-paddock-700 underline"
            href={b.invoice.href}
          >
            {b.invoice.title}
          </a>
        ) : null}
      </Section>
      <Section title="Payments">
        {b.payments.length === 0 ? (
          <p className="text-sm text-stone-700">No payment yet.</p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {b.payments.map((p) => (
              <li key={p.id} className="rounded-md bg-stone-50 p-2">
                <p>
                  <strong>{formatMoney(p.amountCents)}</strong> {p.currency.toUpperCase()} ·{" "}
                  {paymentStatusBadges[p.status].label}
                  {/* A part refunded; a whole one says so in its status. */}
                  {p.refundedAmountCents > 0 && p.status !== "refunded"
                    ? ` · refunded ${formatMoney(p.refundedAmountCents)}`
                    : ""}
                </p>
                {p.owedBackSince ? (
                  <p className="text-amber-800">
                    Owed back to the guest since {formatFarmDateTime(p.owedBackSince)}: the refund
                    is on its way, and is tried again automatically if the card provider refuses it.
                  </p>
                ) : null}
                <p className="break-all text-stone-700">{paymentSource(p)}</p>
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
                {auditLabels[h.action] ?? auditActionLabel(h.action)}
                {byWhom(h)} · {formatFarmDateTime(h.createdAt)}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}

/** A deposit booking's balance, as the desk needs it: when it is charged, and whether that failed. */
function balancePlanWords(plan: NonNullable<BookingDetails["balancePlan"]>): string {
  const due = `Balance due ${formatLongDay(plan.dueOn)}`;
  if (!plan.cardKept) return `${due}; no card kept: the camper pays by link or on arrival`;
  if (plan.refusedCharges > 0)
    return `${due}; the kept card was refused ${plan.refusedCharges === 1 ? "once" : `${plan.refusedCharges} times`}: the camper has a link to pay`;
  return `${due}, charged to the kept card`;
}
