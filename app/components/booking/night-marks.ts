// What the calendar shows on each night before the stay is chosen (issue 13):
// its price, read from the campsite's rates with `nightRate` as the server
// prices it, and a mark when the night demands a longer stay than the farm's.
import type { Availability } from "#domain/api/booking.ts";
import { nightRate } from "#domain/rules/rates.ts";
import { rateCalendarOf } from "#domain/rules/stay-dates.ts";

export type NightMark = {
  /** The night's price, compact: '$45', '$62.50'. */
  price: string;
  /** The stay a booking including this night needs, when longer than the farm's minimum. */
  longerMinimum?: number;
};

const wholeDollars = new Intl.NumberFormat("en-AU", {
  style: "currency",
  currency: "AUD",
  maximumFractionDigits: 0,
});
const withCents = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });

/** 4500 -> '$45', 6250 -> '$62.50': short enough for a day cell. */
export function compactMoney(cents: number): string {
  return cents % 100 === 0 ? wholeDollars.format(cents / 100) : withCents.format(cents / 100);
}

/** The mark's words for a screen reader, added to the day's own name. */
export function nightMarkLabel(mark: NightMark): string {
  const minimum = mark.longerMinimum ? `, ${mark.longerMinimum}-night minimum` : "";
  return `${mark.price} a night${minimum}`;
}

/** The mark of each night the camper could book; undefined outside the bookable range. */
export function nightMarks(availability: Availability): (day: string) => NightMark | undefined {
  const calendar = rateCalendarOf(availability);
  const unavailable = new Set(availability.unavailableDates);
  return (day) => {
    if (day < availability.today || day >= availability.lastCheckOutDate || unavailable.has(day))
      return undefined;
    const rate = nightRate(availability.rates, day, calendar);
    return {
      price: compactMoney(rate.priceCents),
      longerMinimum:
        rate.minimumNights > availability.minimumNightStay ? rate.minimumNights : undefined,
    };
  };
}

/** The longer minimum stays the campsite's nights may demand, for the calendar's legend. */
export function longerMinimums(availability: Availability): number[] {
  const { rates, minimumNightStay, today, lastCheckOutDate } = availability;
  const bookable = rates.seasons.filter(
    (s) => s.endDate >= today && s.startDate < lastCheckOutDate,
  );
  const minimums = [
    ...bookable.map((s) => s.minimumNights),
    ...(rates.longWeekendMinimumNights !== null && availability.longWeekendNights.length > 0
      ? [rates.longWeekendMinimumNights]
      : []),
  ];
  return [...new Set(minimums.filter((n) => n > minimumNightStay))].sort((a, b) => a - b);
}
