// The camper's held booking, kept in this tab's session storage so that
// coming back from the card payment page (its Back button or its cancel link)
// picks up the same booking instead of making a second one that would compete
// with the first for the same unit.
import type { PendingBooking } from "#domain/api/booking.ts";
import type { BookingRequest } from "#domain/forms/booking-request.ts";

const STORAGE_KEY = "rocky-creek.held-booking";

export type BookingRequestBody = BookingRequest;

export type HeldBooking = {
  booking: PendingBooking;
  /**
   * When the 5-minute hold ends, on this browser's clock (ms), while it is known:
   * once the camper goes to the payment page the server extends the hold to that
   * page's session, which this tab cannot see, and the countdown stops.
   */
  countdownDeadline?: number;
  /** After this moment (ms) the booking surely holds nothing and is not picked up again. */
  keepUntil: number;
  /** The request the booking was made from: a changed request needs a new booking. */
  request: BookingRequestBody;
  /** What the applied code and card were shown as. */
  appliedLabels: { discountCode?: string; prepaidCard?: string };
};

/** A stable key of a request, to tell whether the held booking still matches what is on screen. */
export function requestKey(request: BookingRequestBody): string {
  const trim = (v: string | undefined) => v?.trim() || undefined;
  return JSON.stringify([
    request.campsiteId,
    request.checkIn,
    request.checkOut,
    request.guests,
    trim(request.firstName),
    trim(request.lastName),
    trim(request.email),
    trim(request.phone),
    trim(request.discountCode)?.toUpperCase(),
    trim(request.prepaidCardNumber)?.toUpperCase(),
  ]);
}

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function storage(): Store | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage disabled: nothing is kept
  }
}

export function saveHeldBooking(held: HeldBooking, store = storage()) {
  try {
    store?.setItem(STORAGE_KEY, JSON.stringify(held));
  } catch {
    // Full or disabled storage: the booking still works, it just is not kept.
  }
}

export function forgetHeldBooking(store = storage()) {
  try {
    store?.removeItem(STORAGE_KEY);
  } catch {
    // nothing to forget
  }
}

/** The booking made in this tab for this stay, while it may still hold its unit. */
export function findHeldBooking(
  stay: { campsiteId: string; checkIn?: string; checkOut?: string; guests: number },
  now: number,
  store = storage(),
): HeldBooking | undefined {
  let held: HeldBooking | undefined;
  try {
    const raw = store?.getItem(STORAGE_KEY);
    held = raw ? (JSON.parse(raw) as HeldBooking) : undefined;
  } catch {
    return undefined;
  }
  if (!held?.booking?.id || !held.request || typeof held.keepUntil !== "number") return undefined;
  const same =
    held.request.campsiteId === stay.campsiteId &&
    held.request.checkIn === stay.checkIn &&
    held.request.checkOut === stay.checkOut &&
    held.request.guests === stay.guests;
  return same && held.keepUntil > now ? held : undefined;
}
