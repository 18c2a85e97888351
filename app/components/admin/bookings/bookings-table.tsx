// The Bookings screen's table (spec 2.15): one row per booking with its View,
// Email and Cancel actions, each labelled in words. Secondary details (email,
// nights, discount and prepaid lines) wrap under the main value so the seven
// columns fit beside the sidebar; in a narrow box each row is a card.
import { Eye, Mail, XCircle } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { ScrollTable } from "#app/components/admin/catalogue/scroll-table.tsx";
import {
  disputeLabels,
  disputeTones,
  nightsLabel,
  statusLabels,
  statusTones,
} from "#app/components/admin/format.ts";
import { HoldTimeLeft } from "#app/components/admin/hold-time-left.tsx";
import { useToastOnce } from "#app/components/admin/use-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Badge } from "#app/components/ui/card.tsx";
import {
  EmailAddress,
  StackActionsTd,
  StackActionsTh,
  StackBody,
  StackHead,
  StackTd,
  StackTh,
  StackTr,
} from "#app/components/ui/table.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import type { AdminBookingRow } from "#domain/api/admin-bookings.ts";
import { formatDay } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";

export function BookingsTable({
  bookings,
  onView,
  onCancel,
}: {
  bookings: AdminBookingRow[];
  onView: (booking: AdminBookingRow) => void;
  onCancel: (booking: AdminBookingRow) => void;
}) {
  return (
    <ScrollTable label="Bookings, newest first" stacked>
      <StackHead>
        <StackTh>Booking ID</StackTh>
        <StackTh>Guest</StackTh>
        <StackTh>Campsite</StackTh>
        <StackTh>Dates</StackTh>
        <StackTh>Status</StackTh>
        <StackTh>Amount</StackTh>
        <StackActionsTh>Actions</StackActionsTh>
      </StackHead>
      <StackBody>
        {bookings.map((b) => (
          <BookingRow
            key={b.id}
            booking={b}
            onView={() => onView(b)}
            onCancel={() => onCancel(b)}
          />
        ))}
      </StackBody>
    </ScrollTable>
  );
}

function BookingRow({
  booking: b,
  onView,
  onCancel,
}: {
  booking: AdminBookingRow;
  onView: () => void;
  onCancel: () => void;
}) {
  return (
    <StackTr>
      <StackTd label="Booking ID" className="whitespace-nowrap font-mono font-semibold">
        {b.bookingReference}
      </StackTd>
      <StackTd label="Guest" className="@4xl:min-w-40">
        <p className="font-medium text-stone-900">{b.guestName}</p>
        <p className="text-stone-700">
          <EmailAddress address={b.guestEmail} />
        </p>
      </StackTd>
      <StackTd label="Campsite">{b.campsiteName ?? "Unknown Campsite"}</StackTd>
      <StackTd label="Dates" className="whitespace-nowrap">
        <p>{formatDay(b.checkIn)}</p>
        <p>{formatDay(b.checkOut)}</p>
        <p className="text-stone-700">{nightsLabel(b.nights)}</p>
      </StackTd>
      <StackTd label="Status">
        <BookingStatus booking={b} />
      </StackTd>
      <StackTd label="Amount">
        <BookingAmount booking={b} />
      </StackTd>
      <StackActionsTd columns={2}>
        <BookingActions booking={b} onView={onView} onCancel={onCancel} />
      </StackActionsTd>
    </StackTr>
  );
}

function BookingStatus({ booking: b }: { booking: AdminBookingRow }) {
  return (
    <>
      <div className="flex flex-wrap gap-1">
        <Badge tone={statusTones[b.status]}>{statusLabels[b.status]}</Badge>
        {b.disputeStatus ? (
          <Badge tone={disputeTones[b.disputeStatus]}>{disputeLabels[b.disputeStatus]}</Badge>
        ) : null}
      </div>
      {b.status === "pending" && b.holdExpiresAt ? (
        <HoldTimeLeft expiresAt={b.holdExpiresAt} />
      ) : null}
    </>
  );
}

/** The final amount, then what came off it: the lines wrap in a narrow column. */
function BookingAmount({ booking: b }: { booking: AdminBookingRow }) {
  return (
    <>
      <p className="whitespace-nowrap font-semibold">{formatMoney(b.finalAmountCents)}</p>
      {b.discountAmountCents > 0 ? (
        <p className="text-xs text-stone-700">
          <span className="whitespace-nowrap">Discount: -{formatMoney(b.discountAmountCents)}</span>
          {b.discountCode ? ` (${b.discountCode.code})` : ""}
        </p>
      ) : null}
      {b.prepaidAmountUsedCents > 0 ? (
        <p className="whitespace-nowrap text-xs text-stone-700">
          Prepaid: -{formatMoney(b.prepaidAmountUsedCents)}
        </p>
      ) : null}
    </>
  );
}

/** View, Email, Change and Cancel, each with its word on screen and the booking in its name. */
function BookingActions({
  booking: b,
  onView,
  onCancel,
}: {
  booking: AdminBookingRow;
  onView: () => void;
  onCancel: () => void;
}) {
  const email = useFetcher<ActionAnswer>();
  useToastOnce(email.data?.toast);
  const cancellable = b.status === "pending" || b.status === "confirmed" || b.status === "paid";
  const look = "justify-start";
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className={look}
        onClick={onView}
        aria-label={`View booking ${b.bookingReference}`}
      >
        <Eye aria-hidden />
        View
      </Button>
      <email.Form method="post" className="contents">
        <input type="hidden" name="intent" value="email" />
        <input type="hidden" name="bookingId" value={b.id} />
        <Button
          type="submit"
          variant="outline"
          size="sm"
          className={look}
          disabled={email.state !== "idle"}
          aria-label={`Email booking ${b.bookingReference} to the guest`}
        >
          <Mail aria-hidden />
          Email
        </Button>
      </email.Form>
      {b.status === "confirmed" || b.status === "paid" ? (
        <Button variant="outline" size="sm" className={look} asChild>
          <Link
            to={`/admin/bookings/${b.id}/change`}
            aria-label={`Change or move booking ${b.bookingReference}`}
          >
            Change
          </Link>
        </Button>
      ) : null}
      {cancellable ? (
        <Button
          variant="outline"
          size="sm"
          className={`${look} border-red-300 text-red-800 hover:bg-red-50`}
          onClick={onCancel}
          aria-label={`Cancel booking ${b.bookingReference}`}
        >
          <XCircle aria-hidden />
          Cancel
        </Button>
      ) : null}
    </>
  );
}
