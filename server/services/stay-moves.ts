// Moving a paid stay to its changed dates, guests or dogs (decision 0019), in
// the caller's transaction: one UPDATE of the booking's row, so its old nights
// are released in the same instant its new ones are taken, and the exclusion
// constraint is the last word on the new ones. Shared by the change made at
// once (bookings/guest-change.ts) and the change a card payment settles
// (payments/stay-change-payment.ts).
import { eq, sql } from "drizzle-orm";
import { formatLongDay } from "#domain/format/long-day.ts";
import { formatMoney } from "#domain/format/money.ts";
import { stayParty } from "#domain/rules/invoice.ts";
import type { BookingAmounts, ChangeMoney, StayChangeRequest } from "#domain/rules/stay-change.ts";
import type { Tx } from "#server/db/client.ts";
import { theRow } from "#server/db/rows.ts";
import { bookings } from "#server/db/schema.ts";
import { type AuditActor, recordAudit } from "./audit-log";
import { enqueueBookingConfirmation, enqueueFarmNotice } from "./booking-emails";
import { withFreeUnit } from "./bookings";
import { getSettings } from "./settings";

type BookingRow = typeof bookings.$inferSelect;

/**
 * The booking at its new stay, on its own unit when that is free for the new
 * nights, else on another free unit of the campsite; 409 when none is.
 */
export async function moveStay(
  tx: Tx,
  booking: BookingRow,
  stay: StayChangeRequest,
  amounts: BookingAmounts,
  now: Date,
): Promise<BookingRow> {
  return withFreeUnit(
    tx,
    {
      campsiteId: booking.campsiteId,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      exceptBookingId: booking.id,
    },
    async (sp, unitId) =>
      theRow(
        await sp
          .update(bookings)
          .set({
            checkInDate: stay.checkIn,
            checkOutDate: stay.checkOut,
            numberOfGuests: stay.guests,
            numberOfDogs: stay.dogs,
            campsiteUnitId: unitId,
            priceLines: [...amounts.priceLines],
            totalAmountCents: amounts.totalAmountCents,
            discountAmountCents: amounts.discountAmountCents,
            prepaidAmountUsedCents: amounts.prepaidAmountUsedCents,
            finalAmountCents: amounts.finalAmountCents,
            gstAmountCents: amounts.gstAmountCents,
            // The calendar file of the changed stay replaces the one sent before.
            calendarSequence: sql`${bookings.calendarSequence} + 1`,
            // A stay paid by card after a change is a paid one (a confirmed one had no card payment).
            ...(amounts.finalAmountCents > 0 ? { status: "paid" as const } : {}),
          })
          .where(eq(bookings.id, booking.id))
          .returning(),
        "the changed booking",
      ),
    now,
    booking.campsiteUnitId ?? undefined,
  );
}

const stayWords = (s: StayChangeRequest) =>
  `${formatLongDay(s.checkIn)} to ${formatLongDay(s.checkOut)}, ${stayParty(s)}`;

export const stayOf = (b: BookingRow): StayChangeRequest => ({
  checkIn: b.checkInDate,
  checkOut: b.checkOutDate,
  guests: b.numberOfGuests,
  dogs: b.numberOfDogs,
});

/**
 * Money going back the way it came, in the farm's words: to the guest's card,
 * or what they paid at the desk, which the farm hands back (the guest's own
 * words are refundWords).
 */
export function farmRefundWords(cents: number, atDeskCents: number): string[] {
  return [
    cents > atDeskCents ? `${formatMoney(cents - atDeskCents)} to their card` : "",
    atDeskCents > 0
      ? `${formatMoney(atDeskCents)} they paid at the desk, for the farm to give back to them`
      : "",
  ];
}

/**
 * What happened to the money, for the farm: what was paid or what went back
 * (the guest reads the same plan in their own words, changeStatement).
 */
export function farmMoneyWords(money: ChangeMoney): string {
  switch (money.kind) {
    case "even":
      return "The price is unchanged: nothing was paid and nothing refunded.";
    case "pay": {
      const replaced =
        money.replacedCents > 0
          ? ` Their earlier card payment of ${formatMoney(money.replacedCents)} goes back to them in full.`
          : "";
      return `They paid ${formatMoney(money.cardCents)} by card for the changed stay.${replaced}`;
    }
    case "refund": {
      const back = [
        ...farmRefundWords(money.cardCents, money.atDeskCents ?? 0),
        money.creditCents > 0 ? `${formatMoney(money.creditCents)} to their prepaid card` : "",
      ].filter(Boolean);
      const kept =
        money.keptCents > 0
          ? ` Under the cancellation policy the farm keeps ${formatMoney(money.keptCents)} of the difference.`
          : "";
      const cleared =
        money.clearedCents > 0
          ? ` They have ${formatMoney(money.clearedCents)} less to pay on arrival.`
          : "";
      return back.length > 0
        ? `The changed stay costs less: ${back.join(" and ")} went back to them.${kept}${cleared}`
        : `The changed stay costs less, but under the cancellation policy nothing was refunded.${kept}${cleared}`;
    }
  }
}

/**
 * What follows a change, in its transaction: the audit entry, the guest's
 * new confirmation (its calendar file updates the stay), and the farm's
 * notice of a camper's change, when 'Booking notification emails' is on (a
 * change made in the back office needs no notice to the farm). Written once per change:
 * a refused change never gets here, and a payment's replayed event stops
 * before it (payments/settle.ts).
 */
export async function recordChange(
  tx: Tx,
  actor: AuditActor,
  before: BookingRow,
  after: BookingRow,
  campsiteName: string,
  money: ChangeMoney,
) {
  await recordAudit(
    tx,
    actor,
    "booking.changed",
    { type: "booking", id: after.id },
    { by: actor ? "admin" : "guest", from: stayOf(before), to: stayOf(after), money },
  );
  const refundingCents = money.kind === "refund" ? money.cardCents : 0;
  await enqueueBookingConfirmation(tx, after, campsiteName, { changed: true, refundingCents });
  if (!actor && (await getSettings(tx)).notificationEmails)
    await enqueueFarmNotice(tx, after, campsiteName, {
      kind: "booking-change-notification",
      subject: `Booking changed ${after.bookingReference}: ${campsiteName}, ${after.checkInDate}`,
      lines: [
        `${after.guestFirstName} ${after.guestLastName} changed booking ${after.bookingReference} from their booking page.`,
        `Before: ${stayWords(stayOf(before))}.`,
        `Now: ${stayWords(stayOf(after))}.`,
        "",
        farmMoneyWords(money),
      ],
    });
}
