// A held booking on step 3 (decision 0012): the camper applies or clears a
// code and a card, corrects their details, reads the hold's state after the
// payment page, or lets the hold go. Only the browser holding the secret the
// booking was made with may do any of it; a hold that has ended is never
// changed or revived.

import { eq } from "drizzle-orm";
import type { PendingBooking } from "#domain/api/booking.ts";
import type { GuestDetails } from "#domain/forms/booking-request.ts";
import { BOOKING_EXPIRED, isHoldLive } from "#domain/rules/hold.ts";
import type { ExtraChoice } from "#domain/rules/rates.ts";
import type { Executor, Tx } from "#server/db/client.ts";
import { bookings, campsites } from "#server/db/schema.ts";
import { AppError, conflict, notFound } from "#server/errors.ts";
import { askedAnswers, findBookingWithCampsite, priceRequest, toPendingBooking } from "./bookings";
import { lockCredit } from "./credit-reservations";
import { retryOnDeadlock } from "./database-errors";
import { holdSecretMatches } from "./hold-secret";
import { BOOKING_NOT_FOUND } from "./payment-messages";

export const HOLD_NOT_YOURS =
  "This booking was started in another browser. Please start a new booking here.";

type BookingRow = typeof bookings.$inferSelect;

/** Refuses anyone but the browser that made the booking (the secret it was handed). */
export function requireOwnBooking(row: Pick<BookingRow, "holdSecretHash">, secret: string) {
  if (!holdSecretMatches(secret, row.holdSecretHash))
    throw new AppError("forbidden", HOLD_NOT_YOURS, { code: "not_your_booking" });
}

/** The booking, locked until the transaction ends, if the secret is its own. */
export async function lockOwnBooking(tx: Tx, bookingId: string, secret: string) {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
  if (!row) throw notFound(BOOKING_NOT_FOUND, "not_found");
  requireOwnBooking(row, secret);
  return row;
}

/** Refuses a booking whose hold has ended (expired, paid, cancelled): it cannot be changed. */
export function requireLiveHold(row: BookingRow, now: Date) {
  if (!isHoldLive(row, now)) throw conflict(BOOKING_EXPIRED, "hold_expired");
}

async function campsiteNameOf(db: Executor, campsiteId: string) {
  const [row] = await db
    .select({ name: campsites.name })
    .from(campsites)
    .where(eq(campsites.id, campsiteId));
  return row?.name ?? "";
}

export type HoldChange = {
  /** The extras, code and card the booking carries from now on; absent clears them. */
  extras?: ExtraChoice[];
  discountCode?: string;
  prepaidCardNumber?: string;
  /** Corrected guest details, when the camper went back to step 2. */
  guest?: GuestDetails;
};

/**
 * PATCH /api/bookings/:id: prices the held booking again with the extras, code
 * and card given, reserving their use and credit (and letting go of the earlier
 * ones). The hold's end does not move. A code or card that does not apply is
 * a 400 with the spec's text, and nothing changes.
 */
export async function changeHeldBooking(
  db: Executor,
  bookingId: string,
  secret: string,
  change: HoldChange,
  now: Date = new Date(),
): Promise<PendingBooking> {
  const row = await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const held = await lockOwnBooking(tx, bookingId, secret);
      requireLiveHold(held, now);
      await lockCredit(tx, change);
      const stay = {
        campsiteId: held.campsiteId,
        checkIn: held.checkInDate,
        checkOut: held.checkOutDate,
        guests: held.numberOfGuests,
        dogs: held.numberOfDogs,
        extras: change.extras,
        discountCode: change.discountCode,
        prepaidCardNumber: change.prepaidCardNumber,
      };
      const { quote, discountCode, prepaidCard, settings } = await priceRequest(tx, stay, now, {
        exceptBookingId: held.id,
      });
      const guest = change.guest;
      const guestAnswers = guest && askedAnswers(settings, guest.answers);
      const [updated] = await tx
        .update(bookings)
        .set({
          totalAmountCents: quote.subtotalCents,
          priceLines: quote.lines,
          gstAmountCents: quote.gstAmountCents,
          discountCodeId: discountCode?.id ?? null,
          discountAmountCents: quote.discountAmountCents,
          prepaidCardId: prepaidCard?.id ?? null,
          prepaidAmountUsedCents: quote.prepaidAmountCents,
          finalAmountCents: quote.finalAmountCents,
          ...(guest && {
            guestFirstName: guest.firstName,
            guestLastName: guest.lastName,
            guestEmail: guest.email,
            guestPhone: guest.phone ?? null,
            guestAnswers,
          }),
        })
        .where(eq(bookings.id, held.id))
        .returning();
      return updated ?? held;
    }),
  );
  return toPendingBooking(row, await campsiteNameOf(db, row.campsiteId));
}

/** DELETE /api/bookings/:id: the camper lets the hold go; the unit and credit are free at once. */
export async function releaseHeldBooking(
  db: Executor,
  bookingId: string,
  secret: string,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const held = await lockOwnBooking(tx, bookingId, secret);
    if (!isHoldLive(held, now)) return;
    await tx
      .update(bookings)
      .set({ status: "expired", holdExpiresAt: now })
      .where(eq(bookings.id, held.id));
  });
}

/** GET /api/bookings/:id: the booking as it is now (a hold ended on the server shows so). */
export async function heldBookingState(
  db: Executor,
  bookingId: string,
  secret: string,
  now: Date = new Date(),
): Promise<PendingBooking> {
  const found = await findBookingWithCampsite(db, bookingId);
  if (!found) throw notFound(BOOKING_NOT_FOUND, "not_found");
  const row = found.booking;
  requireOwnBooking(row, secret);
  const state = toPendingBooking(row, found.campsiteName);
  // A pending booking whose hold ran out is expired, whether or not the sweeper has been by.
  return row.status === "pending" && !isHoldLive(row, now)
    ? { ...state, status: "expired" }
    : state;
}
