// A campsite's rates (issue 13): the base nightly price, a Friday and Saturday
// price, seasons with their own prices and minimum stays, Queensland's long
// weekends, fees per extra guest and per dog, and extras sold with the stay.
// Pure: the server loads the rates and the long-weekend nights and calls
// these; the browser shows what the server answers.
import { formatMoney } from "#domain/format/money.ts";
import { addDays, nightsBetween } from "./dates";

/** A season covers the nights from `startDate` to `endDate`, both included. */
export type Season = {
  name: string;
  startDate: string;
  endDate: string;
  nightPriceCents: number;
  /** Friday and Saturday nights in the season; null: the season's nightly price. */
  weekendPriceCents: number | null;
  minimumNights: number;
};

export type Extra = {
  id: string;
  name: string;
  priceCents: number;
  per: "stay" | "night";
  maxQuantity: number;
  isActive: boolean;
};

export type Rates = {
  nightPriceCents: number;
  /** Friday and Saturday nights outside a season; null: the nightly price. */
  weekendPriceCents: number | null;
  /** Guests included in the price; null: all the campsite takes. */
  baseOccupancy: number | null;
  extraGuestFeeCents: number;
  petFeeCents: number;
  /** 0: no dogs. */
  maxDogs: number;
  /** The minimum stay over a Queensland long weekend; null: no such rule. */
  longWeekendMinimumNights: number | null;
  seasons: Season[];
  extras: Extra[];
};

/** What the calendar knows of a night apart from the rates. */
export type RateCalendar = {
  /** Nights (yyyy-MM-dd) of public-holiday long weekends. */
  longWeekendNights: ReadonlySet<string>;
  /** The farm's minimum stay (Settings). */
  minimumNightStay: number;
};

export type NightRate = {
  date: string;
  priceCents: number;
  /** The rate's name as the price summary groups it: 'Standard', 'Weekend', a season's name. */
  rateName: string;
  /** The stay a booking including this night must be at least. */
  minimumNights: number;
};

export type ExtraChoice = { extraId: string; quantity: number };

export type StayChoice = {
  checkIn: string;
  checkOut: string;
  guests: number;
  dogs: number;
  extras: ExtraChoice[];
};

/** "kept": what the cancellation policy kept when a camper shortened their stay (stay-change.ts). */
/** "adjustment": the owner's price for a booking the farm took, against the rates (front desk). */
export type PriceLineKind = "nights" | "extraGuests" | "dogs" | "extra" | "kept" | "adjustment";

/** One line of a stay's price, as the summary, the booking and the invoice show it. */
export type PriceLine = {
  kind: PriceLineKind;
  description: string;
  amountCents: number;
  /** For an extra: which, and how many. */
  extraId?: string;
  quantity?: number;
};

/** Friday and Saturday nights. */
export function isWeekendNight(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 5 || weekday === 6;
}

export function seasonOf(rates: Pick<Rates, "seasons">, date: string): Season | undefined {
  return rates.seasons.find((s) => s.startDate <= date && date <= s.endDate);
}

/** The price and minimum stay of one night. */
export function nightRate(rates: Rates, date: string, calendar: RateCalendar): NightRate {
  const season = seasonOf(rates, date);
  const weekend = isWeekendNight(date);
  const longWeekend =
    rates.longWeekendMinimumNights !== null && calendar.longWeekendNights.has(date);
  const minimumNights = Math.max(
    calendar.minimumNightStay,
    season?.minimumNights ?? 1,
    longWeekend ? (rates.longWeekendMinimumNights ?? 1) : 1,
  );
  if (season) {
    const seasonWeekend = weekend && season.weekendPriceCents !== null;
    return {
      date,
      priceCents: seasonWeekend ? (season.weekendPriceCents ?? 0) : season.nightPriceCents,
      rateName: seasonWeekend ? `${season.name}, weekend` : season.name,
      minimumNights,
    };
  }
  const baseWeekend = weekend && rates.weekendPriceCents !== null;
  return {
    date,
    priceCents: baseWeekend ? (rates.weekendPriceCents ?? 0) : rates.nightPriceCents,
    rateName: baseWeekend ? "Weekend" : "Standard",
    minimumNights,
  };
}

/** Every night of a stay, from check-in up to, not including, check-out. */
export function nightsOf(checkIn: string, checkOut: string): string[] {
  const count = Math.max(0, nightsBetween(checkIn, checkOut));
  return Array.from({ length: count }, (_, i) => addDays(checkIn, i));
}

/** The longest minimum stay any night of the stay demands. */
export function minimumNightsOfStay(
  rates: Rates,
  checkIn: string,
  checkOut: string,
  calendar: RateCalendar,
): number {
  return nightsOf(checkIn, checkOut).reduce(
    (longest, date) => Math.max(longest, nightRate(rates, date, calendar).minimumNights),
    calendar.minimumNightStay,
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The nights grouped by price and rate, in the order they first occur. */
function nightLines(rates: Rates, stay: StayChoice, calendar: RateCalendar): PriceLine[] {
  const groups = new Map<string, { rate: NightRate; count: number }>();
  for (const date of nightsOf(stay.checkIn, stay.checkOut)) {
    const rate = nightRate(rates, date, calendar);
    const key = `${rate.rateName}|${rate.priceCents}`;
    const group = groups.get(key) ?? { rate, count: 0 };
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups.values()].map(({ rate, count }) => ({
    kind: "nights",
    description: `${plural(count, "night")} at ${formatMoney(rate.priceCents)} (${rate.rateName})`,
    amountCents: count * rate.priceCents,
  }));
}

/** Fees per guest above the base occupancy and per dog, per night. */
function feeLines(rates: Rates, stay: StayChoice, nights: number): PriceLine[] {
  const lines: PriceLine[] = [];
  const extraGuests = Math.max(0, stay.guests - (rates.baseOccupancy ?? stay.guests));
  if (extraGuests > 0 && rates.extraGuestFeeCents > 0)
    lines.push({
      kind: "extraGuests",
      description: `${plural(extraGuests, "extra guest")} × ${plural(nights, "night")} at ${formatMoney(rates.extraGuestFeeCents)}`,
      amountCents: extraGuests * nights * rates.extraGuestFeeCents,
    });
  if (stay.dogs > 0 && rates.petFeeCents > 0)
    lines.push({
      kind: "dogs",
      description: `${plural(stay.dogs, "dog")} × ${plural(nights, "night")} at ${formatMoney(rates.petFeeCents)}`,
      amountCents: stay.dogs * nights * rates.petFeeCents,
    });
  return lines;
}

function extraLines(rates: Rates, stay: StayChoice, nights: number): PriceLine[] {
  return stay.extras.flatMap(({ extraId, quantity }) => {
    const extra = rates.extras.find((e) => e.id === extraId);
    if (!extra || quantity <= 0) return [];
    const perNight = extra.per === "night";
    const times = perNight ? quantity * nights : quantity;
    const description = perNight
      ? `${extra.name} × ${quantity} × ${plural(nights, "night")} at ${formatMoney(extra.priceCents)}`
      : `${extra.name} × ${quantity} at ${formatMoney(extra.priceCents)}`;
    return [
      { kind: "extra", description, amountCents: times * extra.priceCents, extraId, quantity },
    ];
  });
}

/** The lines of a stay's price, before any discount or credit. */
export function stayLines(rates: Rates, stay: StayChoice, calendar: RateCalendar): PriceLine[] {
  const nights = nightsOf(stay.checkIn, stay.checkOut).length;
  return [
    ...nightLines(rates, stay, calendar),
    ...feeLines(rates, stay, nights),
    ...extraLines(rates, stay, nights),
  ];
}

export const linesTotal = (lines: readonly PriceLine[]) =>
  lines.reduce((sum, line) => sum + line.amountCents, 0);

/** The GST included in a GST-inclusive total: one eleventh, rounded once, to the cent. */
export const gstIncluded = (totalCents: number) => Math.round(totalCents / 11);

/** Why the dogs or extras of a stay cannot be sold; undefined when they can. */
export function stayChoiceProblem(
  rates: Rates,
  stay: Pick<StayChoice, "dogs" | "extras">,
): { field: "dogs" | "extras"; message: string } | undefined {
  if (stay.dogs > 0 && rates.maxDogs === 0)
    return { field: "dogs", message: "Dogs are not allowed at this campsite." };
  if (stay.dogs > rates.maxDogs)
    return {
      field: "dogs",
      message: `This campsite takes at most ${plural(rates.maxDogs, "dog")}.`,
    };
  const seen = new Set<string>();
  for (const { extraId, quantity } of stay.extras) {
    const extra = rates.extras.find((e) => e.id === extraId && e.isActive);
    if (!extra || seen.has(extraId))
      return { field: "extras", message: "That extra is not offered at this campsite." };
    seen.add(extraId);
    if (quantity > extra.maxQuantity)
      return { field: "extras", message: `At most ${extra.maxQuantity} of '${extra.name}'.` };
  }
  return undefined;
}
