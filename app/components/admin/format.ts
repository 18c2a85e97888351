// Dates and statuses as the admin screens show them. Dates arrive as farm
// days (yyyy-MM-dd) and are shown as they are, never shifted by the browser.
import { format, parseISO } from "date-fns";

/** "2026-06-16" -> "Tue 16 Jun 2026" */
export const formatDay = (day: string) => format(parseISO(day), "EEE d MMM yyyy");
/** "2026-06-16" -> "16 Jun" */
export const formatShortDay = (day: string) => format(parseISO(day), "d MMM");
/** "2026-06" -> "June 2026" */
export const formatMonth = (month: string) => format(parseISO(`${month}-01`), "MMMM yyyy");
/** An instant in the farm's timezone, e.g. "16 Jun 2026, 2:05 pm". */
export function formatInstant(iso: string, timeZone = "Australia/Brisbane") {
  return new Intl.DateTimeFormat("en-AU", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  }).format(new Date(iso));
}

export const nightsLabel = (n: number) => `${n} ${n === 1 ? "night" : "nights"}`;

export const statusLabels: Record<string, string> = {
  pending: "Pending",
  paid: "Paid",
  confirmed: "Confirmed",
  expired: "Expired",
  refunded: "Refunded",
  cancelled: "Cancelled",
};

export const statusTones = {
  pending: "amber",
  paid: "green",
  confirmed: "blue",
  expired: "neutral",
  refunded: "neutral",
  cancelled: "red",
} as const satisfies Record<string, "neutral" | "green" | "blue" | "red" | "amber">;
