// A farm day written out in full, as the guest's own booking page and its
// cancellation policy say it: "Friday 18 December 2026". Like formatDay, the
// day is shown as it is, never shifted by the reader's timezone.
const longDay = new Intl.DateTimeFormat("en-AU", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-12-18" -> "Friday 18 December 2026" */
export function formatLongDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const parts = Object.fromEntries(
    longDay.formatToParts(new Date(Date.UTC(y, m - 1, d))).map((p) => [p.type, p.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}
