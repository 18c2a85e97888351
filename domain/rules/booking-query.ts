// The /bookings query parameters (spec 2.12 and 5, issue 13): `campsite`,
// `checkIn`, `checkOut`, `guests` and `dogs`, read from a shared link and
// written into one.
import { isIsoDay } from "#domain/rules/dates.ts";

export const DEFAULT_GUESTS = 2;

/** The most dogs the booking request takes (domain/forms/booking-request.ts). */
const MAX_DOGS_IN_LINK = 20;

export type BookingQuery = {
  campsiteId?: string;
  checkIn?: string;
  checkOut?: string;
  /** A positive whole number; checked against the campsite's capacity once it is known. */
  guests?: number;
  /** A whole number from 1; checked against the campsite's maximum once it is known. */
  dogs?: number;
};

/** The stay the address and a shared link carry. */
type LinkedStay = {
  campsiteId?: string;
  checkIn?: string;
  checkOut?: string;
  guests: number;
  /** 0 (the default) is left out of the address. */
  dogs?: number;
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
  const dogs = params.get("dogs") ?? "";
  if (/^\d+$/.test(dogs) && Number(dogs) >= 1 && Number(dogs) <= MAX_DOGS_IN_LINK)
    query.dogs = Number(dogs);
  return query;
}

/** Shared-link guests count only when the campsite takes that many (spec 5). */
export function acceptedGuests(guests: number | undefined, capacity: number): number | undefined {
  return guests !== undefined && guests >= 1 && guests <= capacity ? guests : undefined;
}

/** Shared-link dogs count only when the campsite takes that many; otherwise none. */
export function acceptedDogs(dogs: number | undefined, maxDogs: number): number {
  return dogs !== undefined && dogs >= 0 && dogs <= maxDogs ? dogs : 0;
}

/** The guests input: whole numbers from 1 to capacity; anything non-numeric becomes 1. */
export function guestsFromInput(value: string, capacity: number): number {
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, Math.max(1, capacity));
}

/** The dogs input: whole numbers from 0 to the campsite's maximum; anything non-numeric becomes 0. */
export function dogsFromInput(value: string, maxDogs: number): number {
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n) || n < 0) return 0;
  return Math.min(n, Math.max(0, maxDogs));
}

/** 'Share Link' shows once dates are chosen, the guests differ from the default 2, or dogs come. */
export function canShare(stay: Omit<LinkedStay, "campsiteId">): boolean {
  return (
    Boolean(stay.checkIn || stay.checkOut) || stay.guests !== DEFAULT_GUESTS || (stay.dogs ?? 0) > 0
  );
}

/** Writes the dates, guests and any dogs of a stay into query parameters. */
function setStay(params: URLSearchParams, stay: LinkedStay) {
  if (stay.campsiteId) params.set("campsite", stay.campsiteId);
  if (stay.checkIn) params.set("checkIn", stay.checkIn);
  if (stay.checkOut) params.set("checkOut", stay.checkOut);
  params.set("guests", String(stay.guests));
  if (stay.dogs) params.set("dogs", String(stay.dogs));
}

/**
 * The query that keeps a stay in the page's address (so a reload or the Back
 * button finds it again): the campsite, and the dates, guests and dogs once chosen.
 */
export function stayQuery(stay: LinkedStay): URLSearchParams {
  const params = new URLSearchParams();
  if (!canShare(stay)) {
    if (stay.campsiteId) params.set("campsite", stay.campsiteId);
    return params;
  }
  setStay(params, stay);
  return params;
}

/** The link 'Share Link' copies: this page with the campsite, dates, guests and dogs. */
export function shareLink(origin: string, stay: LinkedStay): string {
  const url = new URL("/bookings", origin);
  setStay(url.searchParams, stay);
  return url.toString();
}

/**
 * The query as the page reads it, in one spelling: the parameters it reads,
 * in a fixed order, with the values it would use. Two links that show the
 * same page (one with an advert's tracking tag, say) have the same one.
 */
export function readQuery(params: URLSearchParams): string {
  const query = parseBookingQuery(params);
  return new URLSearchParams({
    ...(query.campsiteId && { campsite: query.campsiteId }),
    ...stayParams(query),
  }).toString();
}

/** A query's dates, guests and dogs as parameters, to carry on into a link or a form. */
export function stayParams(query: BookingQuery): Record<string, string> {
  const stay: Record<string, string> = {};
  if (query.checkIn) stay.checkIn = query.checkIn;
  if (query.checkOut) stay.checkOut = query.checkOut;
  if (query.guests !== undefined) stay.guests = String(query.guests);
  if (query.dogs !== undefined) stay.dogs = String(query.dogs);
  return stay;
}
