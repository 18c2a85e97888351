// The stay in label and value rows, with what was paid, for every booking
// email: "Booking reference: BK271674" ... "Amount paid: $100.00".
import { formatLongDay } from "#domain/format/long-day.ts";
import { formatMoney } from "#domain/format/money.ts";
import { nightsBetween } from "#domain/rules/dates.ts";
import { keptCardChargedOn } from "#domain/rules/deposits.ts";
import type { bookings } from "#server/db/schema.ts";
import { DetailRows } from "./layout";

export type StayBooking = Pick<
  typeof bookings.$inferSelect,
  | "bookingReference"
  | "checkInDate"
  | "checkOutDate"
  | "numberOfGuests"
  | "priceLines"
  | "totalAmountCents"
  | "discountAmountCents"
  | "prepaidAmountUsedCents"
  | "finalAmountCents"
  | "gstAmountCents"
> &
  Partial<Pick<typeof bookings.$inferSelect, "depositTerms" | "savedCard" | "balanceAttempts">> & {
    /**
     * What the ledger says moved (issue 29): money taken and given back so far.
     * Without it (a preview of the template), the amount to pay stands in.
     */
    money?: { paidCents: number; refundedCents: number };
  };

type Row = Parameters<typeof DetailRows>[0]["rows"][number];

/** The stay: reference, campsite, the days with their weekdays and times, nights, guests. */
export function stayRows(booking: StayBooking, campsiteName: string): Row[] {
  return [
    { label: "Booking reference", value: booking.bookingReference, strong: true },
    { label: "Campsite", value: campsiteName },
    {
      label: "Check-in",
      value: `${formatLongDay(booking.checkInDate)} (12-5pm, all arrivals by 6pm)`,
    },
    { label: "Check-out", value: `${formatLongDay(booking.checkOutDate)} (by 10am)` },
    { label: "Nights", value: String(nightsBetween(booking.checkInDate, booking.checkOutDate)) },
    { label: "Guests", value: String(booking.numberOfGuests) },
  ];
}

/**
 * What was paid: the total, any discount and prepaid credit, the amount paid;
 * with `breakdown`, the stay's price lines first and the GST included last.
 */
export function paymentRows(booking: StayBooking, breakdown = false): Row[] {
  const rows: Row[] = [];
  if (breakdown)
    for (const line of booking.priceLines)
      rows.push({ label: line.description, value: formatMoney(line.amountCents) });
  rows.push({ label: "Total", value: formatMoney(booking.totalAmountCents) });
  if (booking.discountAmountCents > 0)
    rows.push({ label: "Discount", value: `-${formatMoney(booking.discountAmountCents)}` });
  if (booking.prepaidAmountUsedCents > 0)
    rows.push({ label: "Prepaid card", value: `-${formatMoney(booking.prepaidAmountUsedCents)}` });
  rows.push(...moneyRows(booking));
  if (breakdown && booking.gstAmountCents > 0)
    rows.push({ label: "GST included", value: formatMoney(booking.gstAmountCents) });
  return rows;
}

/** Paid, refunded and still owed, to the cent, as the ledger has them. */
function moneyRows(booking: StayBooking): Row[] {
  const { money } = booking;
  if (!money)
    return [{ label: "Amount paid", value: formatMoney(booking.finalAmountCents), strong: true }];
  const owed = booking.finalAmountCents - (money.paidCents - money.refundedCents);
  return [
    { label: "Amount paid", value: formatMoney(money.paidCents), strong: true },
    ...(money.refundedCents > 0
      ? [{ label: "Refunded", value: formatMoney(money.refundedCents) }]
      : []),
    ...(owed > 0
      ? [{ label: "Still to pay", value: stillToPay(owed, booking), strong: true }]
      : []),
  ];
}

/** What is owed, and for a deposit booking the day its balance is charged. */
const stillToPay = (owed: number, booking: StayBooking) => {
  // Said only while the kept card will be charged: not once it was refused, or none was kept.
  const dueOn = keptCardChargedOn(booking);
  return dueOn
    ? `${formatMoney(owed)}, charged to your card on ${formatLongDay(dueOn)}`
    : formatMoney(owed);
};

/** The stay and what was paid, as one block of rows. */
export function StayDetails(props: {
  booking: StayBooking;
  campsiteName: string;
  breakdown?: boolean;
}) {
  return (
    <DetailRows
      rows={[
        ...stayRows(props.booking, props.campsiteName),
        ...paymentRows(props.booking, props.breakdown),
      ]}
    />
  );
}
