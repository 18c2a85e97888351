// The camping page's own booking search (used when the third-party search
// bar is not configured or does not load): turns the bar's fields into the
// query of /bookings (spec 2.12: checkIn, checkOut yyyy-MM-dd, guests >= 1).

export type SearchFields = {
  checkIn?: string | null;
  checkOut?: string | null;
  adults?: string | null;
  children?: string | null;
  infants?: string | null;
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string | null | undefined): value is string {
  if (!value || !ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function count(value: string | null | undefined, min: number): number {
  const n = Number.parseInt(value ?? "", 10);
  return Number.isFinite(n) && n >= min ? Math.min(n, 99) : min;
}

/**
 * "/bookings?checkIn=...&checkOut=...&guests=...". Everyone who sleeps on the
 * site counts as a guest (adults, children and infants; pets do not). Dates
 * that are not real days, or a check-out not after the check-in, are left out
 * so the booking page asks for them again.
 */
export function bookingsSearchUrl(fields: SearchFields): string {
  const params = new URLSearchParams();
  const { checkIn, checkOut } = fields;
  if (isDay(checkIn)) {
    params.set("checkIn", checkIn);
    if (isDay(checkOut) && checkOut > checkIn) params.set("checkOut", checkOut);
  }
  const guests = count(fields.adults, 1) + count(fields.children, 0) + count(fields.infants, 0);
  params.set("guests", String(guests));
  return `/bookings?${params}`;
}

/** Today at the farm as yyyy-MM-dd, computed in the browser. */
export function farmTodayInBrowser(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone }).format(now);
}

/** The day after an ISO day. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
