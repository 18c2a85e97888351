// How the Reports screen writes its figures: a figure that cannot be worked
// out (no nights sold, nothing to sell) shows as a dash, never as $0.
import { formatDay } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";

const NONE = "–";

export const percentText = (value: number | null) => (value === null ? NONE : `${value}%`);

export const moneyText = (cents: number | null) => (cents === null ? NONE : formatMoney(cents));

export const daysText = (days: number | null) =>
  days === null ? NONE : `${days.toLocaleString("en-AU")} ${days === 1 ? "day" : "days"}`;

export const countText = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-AU")} ${n === 1 ? one : many}`;

const monthShort = new Intl.DateTimeFormat("en-AU", {
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** A chart period's name: "10 Jun" for a day, "Jun 2026" for a month. */
export function periodLabel(from: string, unit: "day" | "month"): string {
  if (unit === "month") return monthShort.format(new Date(`${from}T00:00:00Z`));
  return formatDay(from, { weekday: false }).replace(/ \d{4}$/, "");
}

/** "1 Jun 2026 – 30 Jun 2026", or the one day. */
export function rangeText(range: { from: string; to: string }): string {
  const from = formatDay(range.from, { weekday: false });
  return range.from === range.to ? from : `${from} – ${formatDay(range.to, { weekday: false })}`;
}
