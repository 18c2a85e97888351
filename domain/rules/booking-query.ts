// The /bookings query parameters (spec 2.12 and 5): `campsite`, `checkIn`,
// `checkOut` and `guests`, read from a shared link and written into one.
import { isIsoDay } from "#domain/rules/dates.ts";

export const DEFAULT_GUESTS = 2;

export type BookingQuery = {
  campsiteId?: string;
  checkIn?: string;
  checkOut?: string;
  /** A positive whole number; checked against the campsite's capacity once it is known. */
  guests?: number;
};

/** Reads the query; values that fail parsing are ignored, never guessed. */
export function parseBookingQuery(params: URLSearchParams): BookingQuery {
  const query: BookingQuery = {};
  const campsiteId = params.get("campsite")?.trim();
  if (campsiteId) query.campsiteId = campsiteId;
  const checkIn = params.get("checkIn") ?? "";
  const checkOut = params.get("checkOut") ?? "";
  if (isIsoDay(checkIn)) query.checkIn = checkIn;
  // A check-out is only meaningful after the check-in.
  if (isIsoDay(checkOut) && (!query.checkIn || checkOut > query.checkIn)) query.checkOut = checkOut;
  const guests = params.get("guests") ?? "";
  if (/^\d+$/.test(guests) && Number(guests) >= 1) query.guests = Number(guests);
  return query;
}

/** Shared-link guests count only when the campsite takes that many (spec 5). */
export function acceptedGuests(guests: number | undefined, capacity: number): number | undefined {
  return guests !== undefined && guests >= 1 && guests <= capacity ? guests : undefined;
}

/** The guests input: whole numbers from 1 to capacity; anything non-numeric becomes 1. */
export function guestsFromInput(value: string, capacity: number): number {
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, Math.max(1, capacity));
}

/** 'Share Link' shows once dates are chosen or the guests differ from the default 2. */
export function canShare(stay: { checkIn?: string; checkOut?: string; guests: number }): boolean {
  return Boolean(stay.checkIn || stay.checkOut) || stay.guests !== DEFAULT_GUESTS;
}

/**
 * The query that keeps a stay in the page's address (so a reload or the Back
 * button finds it again): the campsite, and the dates and guests once chosen.
 */
export function stayQuery(stay: {
  campsiteId?: string;
  checkIn?: string;
  checkOut?: string;
  guests: number;
}): URLSearchParams {
  const params = new URLSearchParams();
  if (stay.campsiteId) params.set("campsite", stay.campsiteId);
  if (!canShare(stay)) return params;
  if (stay.checkIn) params.set("checkIn", stay.checkIn);
  if (stay.checkOut) params.set("checkOut", stay.checkOut);
  params.set("guests", String(stay.guests));
  return params;
}

/** The link 'Share Link' copies: this page with the campsite, dates and guests. */
export function shareLink(
  origin: string,
  stay: { campsiteId?: string; checkIn?: string; checkOut?: string; guests: number },
): string {
  const url = new URL("/bookings", origin);
  if (stay.campsiteId) url.searchParams.set("campsite", stay.campsiteId);
  if (stay.checkIn) url.searchParams.set("checkIn", stay.checkIn);
  if (stay.checkOut) url.searchParams.set("checkOut", stay.checkOut);
  url.searchParams.set("guests", String(stay.guests));
  return url.toString();
}
