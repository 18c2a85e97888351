// How the booking pages write a farm date: "Sun 31 Jan 2027". The browser's
// own Intl does it, so the result page needs no date library.

const parts = new Intl.DateTimeFormat("en-AU", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** yyyy-MM-dd -> "Sun 31 Jan 2027" (the day itself, whatever the browser's timezone). */
export function formatDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const found = Object.fromEntries(
    parts.formatToParts(new Date(Date.UTC(y, m - 1, d))).map((p) => [p.type, p.value]),
  );
  return `${found.weekday} ${found.day} ${found.month} ${found.year}`;
}
