// What the Rates screen shows of a campsite, as its loader sends it, and the
// text its forms start from (cents back into dollars, null into a blank).
import { centsToAmount } from "#domain/format/money.ts";
import type { Extra, Rates, Season } from "#domain/rules/rates.ts";

export type SeasonView = Season & { id: string };
export type ExtraView = Extra;
export type LongWeekendView = {
  firstNight: string;
  lastNight: string;
  nights: number;
  minimumNights: number;
};

export type RatesView = {
  campsite: { id: string; name: string; isActive: boolean; capacity: number };
  rates: Omit<Rates, "seasons" | "extras">;
  seasons: SeasonView[];
  extras: ExtraView[];
  longWeekends: LongWeekendView[];
  minimumNightStay: number;
};

/** A stored amount as its form field holds it: 4500 -> "45.00", null -> "". */
export const amountText = (cents: number | null) => (cents === null ? "" : centsToAmount(cents));

export type SeasonFormValues = {
  name: string;
  startDate: string;
  endDate: string;
  nightPrice: string;
  weekendPrice: string;
  minimumNights: string;
};

export function seasonFormValues(season: SeasonView): SeasonFormValues {
  return {
    name: season.name,
    startDate: season.startDate,
    endDate: season.endDate,
    nightPrice: amountText(season.nightPriceCents),
    weekendPrice: amountText(season.weekendPriceCents),
    minimumNights: String(season.minimumNights),
  };
}

export type ExtraFormValues = { name: string; price: string; per: string; maxQuantity: string };

export function extraFormValues(extra: ExtraView): ExtraFormValues {
  return {
    name: extra.name,
    price: amountText(extra.priceCents),
    per: extra.per,
    maxQuantity: String(extra.maxQuantity),
  };
}
