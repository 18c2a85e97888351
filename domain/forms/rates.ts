// The forms of a campsite's Rates screen (issue 13): the prices and fees, a
// season, an extra. Dollars are read into cents; a blank optional price or
// guest count is null ("the nightly price", "everyone the campsite takes").
// One schema per form, for the browser's check and the route's action.

import { isIsoDay } from "#domain/rules/dates.ts";
import { MAX_CAMPSITE_CAPACITY } from "./campsite";
import { checkbox, firstIssue, moneyField, requiredText, wholeNumber } from "./form-fields";
import { z } from "./zod";

/** The longest minimum stay a season or a long weekend may ask for. */
export const MAX_MINIMUM_NIGHTS = 60;
export const MAX_DOGS = 20;
export const MAX_EXTRA_QUANTITY = 99;

const asText = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** Runs `field` on a non-blank value; a blank one is null. */
function blankAsNull<T>(field: z.ZodType<T>) {
  return z.preprocess(asText, z.string()).transform((value, ctx): T | null => {
    if (value === "") return null;
    const parsed = field.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: "custom", message: firstIssue(parsed.error) });
    return z.NEVER;
  });
}

function requiredDay(label: string) {
  return z.preprocess(asText, z.string()).transform((value, ctx) => {
    if (isIsoDay(value)) return value;
    ctx.addIssue({
      code: "custom",
      message: value === "" ? `${label} is required` : `${label} must be a date (yyyy-MM-dd)`,
    });
    return z.NEVER;
  });
}

const minimumStay = (label: string) => wholeNumber(label, 1, MAX_MINIMUM_NIGHTS);

/** The 'Prices and fees' form: the campsite's own rates beside its seasons and extras. */
export const baseRatesFormSchema = z
  .object({
    pricePerNight: moneyField("Nightly price"),
    weekendPrice: blankAsNull(moneyField("Friday and Saturday price")),
    baseOccupancy: blankAsNull(wholeNumber("Guests included", 1, MAX_CAMPSITE_CAPACITY)),
    extraGuestFee: moneyField("Extra guest fee", { emptyAs: 0 }),
    petFee: moneyField("Pet fee", { emptyAs: 0 }),
    maxDogs: wholeNumber("Maximum dogs", 0, MAX_DOGS),
    longWeekendRule: checkbox,
    // Read only when the rule is on: a switched-off rule keeps no minimum.
    longWeekendMinimumNights: z.preprocess(asText, z.string()),
  })
  .transform((form, ctx) => {
    let longWeekendMinimumNights: number | null = null;
    if (form.longWeekendRule) {
      const parsed = minimumStay("Long weekend minimum stay").safeParse(
        form.longWeekendMinimumNights,
      );
      if (!parsed.success) {
        ctx.addIssue({
          code: "custom",
          path: ["longWeekendMinimumNights"],
          message: firstIssue(parsed.error),
        });
        return z.NEVER;
      }
      longWeekendMinimumNights = parsed.data;
    }
    return {
      pricePerNightCents: form.pricePerNight,
      weekendPriceCents: form.weekendPrice,
      baseOccupancy: form.baseOccupancy,
      extraGuestFeeCents: form.extraGuestFee,
      petFeeCents: form.petFee,
      maxDogs: form.maxDogs,
      longWeekendMinimumNights,
    };
  });

export type BaseRatesInput = z.output<typeof baseRatesFormSchema>;

/** A season: its nights from the start to the end date, both included. */
export const seasonFormSchema = z
  .object({
    name: requiredText("Season name", 60),
    startDate: requiredDay("Start date"),
    endDate: requiredDay("End date"),
    nightPrice: moneyField("Nightly price"),
    weekendPrice: blankAsNull(moneyField("Friday and Saturday price")),
    minimumNights: minimumStay("Minimum stay"),
  })
  .transform((form, ctx) => {
    if (form.endDate < form.startDate) {
      ctx.addIssue({
        code: "custom",
        path: ["endDate"],
        message: "End date must be on or after the start date",
      });
      return z.NEVER;
    }
    return {
      name: form.name,
      startDate: form.startDate,
      endDate: form.endDate,
      nightPriceCents: form.nightPrice,
      weekendPriceCents: form.weekendPrice,
      minimumNights: form.minimumNights,
    };
  });

export type SeasonInput = z.output<typeof seasonFormSchema>;

export const extraPerOptions = [
  { value: "stay", label: "Per stay" },
  { value: "night", label: "Per night" },
] as const;

/** Something sold with a stay: firewood, an extra vehicle, a late checkout. */
export const extraFormSchema = z
  .object({
    name: requiredText("Extra name", 60),
    price: moneyField("Price"),
    per: z.enum(["stay", "night"], { error: "Choose per stay or per night" }),
    maxQuantity: wholeNumber("Maximum quantity", 1, MAX_EXTRA_QUANTITY),
  })
  .transform(({ price, ...extra }) => ({ ...extra, priceCents: price }));

export type ExtraInput = z.output<typeof extraFormSchema>;
