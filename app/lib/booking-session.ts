// The camper's held booking, kept in this tab's session storage with its
// secret (decision 0012), so that coming back from the card payment page (its
// Back button or its cancel link) or reloading the page carries on with the
// same booking instead of making a second one that would compete with the
// first for the same unit. Session storage is per tab: another tab starts its own.
import type { PendingBooking } from "#domain/api/booking.ts";
import type { BookingRequest } from "#domain/forms/booking-request.ts";

const STORAGE_KEY = "rocky-creek.held-booking";

export type BookingRequestBody = BookingRequest;

export type HeldBooking = {
  booking: PendingBooking;
  /** The secret the booking was made with: every later request about it sends it. */
  holdSecret: string;
  /** What the booking carries now: the stay, the guest, and the extras, code and card applied. */
  request: BookingRequestBody;
  /**
   * When the hold ends, on this browser's clock (ms), while it is known. The
   * payment page extends the hold to its checkout session; until the booking is
   * asked about again, that end is unknown and there is no countdown.
   */
  countdownDeadline?: number;
  /** After this moment (ms) the booking surely holds nothing and is not picked up again. */
  keepUntil: number;
};

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

function readHeldBooking(store: Store | undefined): HeldBooking | undefined {
  try {
    const raw = store?.getItem(STORAGE_KEY);
    const held = raw ? (JSON.parse(raw) as Partial<HeldBooking>) : undefined;
    // Anything else (an older shape, garbage) cannot be asked about: ignore it.
    const usable =
      typeof held?.booking?.id === "string" &&
      typeof held.holdSecret === "string" &&
      typeof held.request?.campsiteId === "string" &&
      typeof held.keepUntil === "number";
    return usable ? (held as HeldBooking) : undefined;
  } catch {
    return undefined;
  }
}

/** The booking made in this tab for this stay, while it may still hold its unit. */
export function findHeldBooking(
  stay: { campsiteId: string; checkIn?: string; checkOut?: string; guests: number; dogs?: number },
  now: number,
  store = storage(),
): HeldBooking | undefined {
  const held = readHeldBooking(store);
  if (!held) return undefined;
  const same =
    held.request.campsiteId === stay.campsiteId &&
    held.request.checkIn === stay.checkIn &&
    held.request.checkOut === stay.checkOut &&
    held.request.guests === stay.guests &&
    (held.request.dogs ?? 0) === (stay.dogs ?? 0);
  return same && held.keepUntil > now ? held : undefined;
}
