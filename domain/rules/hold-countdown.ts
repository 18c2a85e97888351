// The hold countdown (spec 2.12, 4 and 9): a pending booking holds its unit
// for 5 minutes from the moment it exists, shown as m:ss. The server sets the
// hold's end; the browser only counts down to it, measured against the
// server's clock so a wrong clock on the phone does not shorten or stretch it.

/**
 * The moment, on this browser's clock, at which the hold ends.
 * `serverDate` is the answer's `Date` header (the server's clock when it answered);
 * `receivedAt` is this browser's clock when the answer arrived.
 */
export function holdDeadline(
  holdExpiresAt: string,
  serverDate: string | null,
  receivedAt: number,
): number {
  const expiresAt = Date.parse(holdExpiresAt);
  const serverNow = serverDate ? Date.parse(serverDate) : Number.NaN;
  if (Number.isNaN(expiresAt)) return receivedAt;
  if (Number.isNaN(serverNow)) return expiresAt;
  return receivedAt + Math.max(0, expiresAt - serverNow);
}

/** Whole seconds left, rounded up so 0:00 shows only when the hold is over. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** 299 -> "4:59", 5 -> "0:05" */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.trunc(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

const ANNOUNCED_AT = [120, 60, 30] as const;

/**
 * What a screen reader hears, sparingly: the minutes at the start (no previous
 * tick), then once as the time left passes 2 minutes, 1 minute and 30 seconds.
 * Undefined on every other tick, and at zero (the 'Booking Expired' toast speaks then).
 */
export function holdAnnouncement(
  previous: number | undefined,
  seconds: number,
): string | undefined {
  if (seconds <= 0) return undefined;
  if (previous === undefined) {
    const minutes = Math.ceil(seconds / 60);
    return `Your site is held for ${minutes} ${minutes === 1 ? "minute" : "minutes"}. Please complete payment before the time runs out.`;
  }
  const passed = ANNOUNCED_AT.find((mark) => previous > mark && seconds <= mark);
  if (passed === undefined) return undefined;
  return passed >= 60
    ? `${passed / 60} ${passed === 60 ? "minute" : "minutes"} left to complete payment.`
    : `${passed} seconds left to complete payment.`;
}
