// The words the Today screen and the run sheet share.
import type { Balance, TodayBooking } from "#domain/api/admin-today.ts";
import { formatMoney } from "#domain/format/money.ts";

export function balanceLabel(balance: Balance): string {
  if (balance.kind === "paid") return "Paid";
  if (balance.kind === "nothing") return "Nothing to pay";
  return `Balance due: ${formatMoney(balance.cents)}`;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '3 guests · 1 dog'. */
export function partyLabel(stay: Pick<TodayBooking, "guests" | "dogs">): string {
  return `${count(stay.guests, "guest", "guests")} · ${count(stay.dogs, "dog", "dogs")}`;
}

/** A phone number as a tel: address: digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
