// The Bookings screen's table (spec 2.15): one row per booking with its View,
// Email and Cancel actions. On phones each row stacks into a card of labelled
// lines. Email posts to the screen's action; View and Cancel open dialogs.
import { Eye, Mail, XCircle } from "lucide-react";
import { useFetcher } from "react-router";
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
import { Table, Td, Th, Tr } from "#app/components/ui/table.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { cn } from "#app/lib/utils.ts";
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
    <Table className="max-md:block">
      <caption className="sr-only">Bookings, newest first</caption>
      <thead className="bg-stone-50 max-md:sr-only">
        <tr>
          <Th scope="col">Booking ID</Th>
          <Th scope="col">Guest</Th>
          <Th scope="col">Campsite</Th>
          <Th scope="col">Dates</Th>
          <Th scope="col">Status</Th>
          <Th scope="col">Amount</Th>
          <Th scope="col">Actions</Th>
        </tr>
      </thead>
      <tbody className="max-md:block">
        {bookings.map((b) => (
          <BookingRow
            key={b.id}
            booking={b}
            onView={() => onView(b)}
            onCancel={() => onCancel(b)}
          />
        ))}
      </tbody>
    </Table>
  );
}

/** On phones each row stacks into labelled lines (the column names come from data-label). */
const stacked =
  "max-md:flex max-md:gap-3 max-md:py-1 max-md:before:w-24 max-md:before:shrink-0 max-md:before:font-semibold max-md:before:text-stone-700 max-md:before:content-[attr(data-label)]";

function BookingRow({
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
  return (
    <Tr className="max-md:block max-md:px-1 max-md:py-3">
      <Td
        data-label="Booking ID"
        className={cn(stacked, "whitespace-nowrap font-mono text-sm font-semibold")}
      >
        {b.bookingReference}
      </Td>
      <Td data-label="Guest" className={cn(stacked, "md:min-w-48")}>
        <div>
          <p className="font-medium text-stone-900">{b.guestName}</p>
          <p className="text-stone-700 [overflow-wrap:anywhere]">{b.guestEmail}</p>
        </div>
      </Td>
      <Td data-label="Campsite" className={stacked}>
        {b.campsiteName ?? "Unknown Campsite"}
      </Td>
      <Td data-label="Dates" className={cn(stacked, "whitespace-nowrap")}>
        <div>
          <p>{formatDay(b.checkIn)}</p>
          <p>{formatDay(b.checkOut)}</p>
          <p className="text-stone-700">{nightsLabel(b.nights)}</p>
        </div>
      </Td>
      <Td data-label="Status" className={stacked}>
        <div>
          <div className="flex flex-wrap gap-1">
            <Badge tone={statusTones[b.status]}>{statusLabels[b.status]}</Badge>
            {b.disputeStatus ? (
              <Badge tone={disputeTones[b.disputeStatus]}>{disputeLabels[b.disputeStatus]}</Badge>
            ) : null}
          </div>
          {b.status === "pending" && b.holdExpiresAt ? (
            <HoldTimeLeft expiresAt={b.holdExpiresAt} />
          ) : null}
        </div>
      </Td>
      <Td data-label="Amount" className={cn(stacked, "whitespace-nowrap")}>
        <div>
          <p className="font-semibold">{formatMoney(b.finalAmountCents)}</p>
          {b.discountAmountCents > 0 ? (
            <p className="text-xs text-stone-700">
              Discount: -{formatMoney(b.discountAmountCents)}
              {b.discountCode ? ` (${b.discountCode.code})` : ""}
            </p>
          ) : null}
          {b.prepaidAmountUsedCents > 0 ? (
            <p className="text-xs text-stone-700">
              Prepaid: -{formatMoney(b.prepaidAmountUsedCents)}
            </p>
          ) : null}
        </div>
      </Td>
      <Td data-label="Actions" className={stacked}>
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="sm"
            onClick={onView}
            aria-label={`View booking ${b.bookingReference}`}
          >
            <Eye aria-hidden />
            <span className="hidden max-md:inline xl:inline">View</span>
          </Button>
          <email.Form method="post">
            <input type="hidden" name="intent" value="email" />
            <input type="hidden" name="bookingId" value={b.id} />
            <Button
              type="submit"
              variant="ghost"
              size="sm"
              disabled={email.state !== "idle"}
              aria-label={`Email booking ${b.bookingReference} to the guest`}
            >
              <Mail aria-hidden />
              <span className="hidden max-md:inline xl:inline">Email</span>
            </Button>
          </email.Form>
          {cancellable ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-800 hover:bg-red-50"
              onClick={onCancel}
              aria-label={`Cancel booking ${b.bookingReference}`}
            >
              <XCircle aria-hidden />
              <span className="hidden max-md:inline xl:inline">Cancel</span>
            </Button>
          ) : null}
        </div>
      </Td>
    </Tr>
  );
}
