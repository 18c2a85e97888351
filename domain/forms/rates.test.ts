import { describe, expect, it } from "vitest";
import { parseForm } from "./form-fields";
import { baseRatesFormSchema, extraFormSchema, seasonFormSchema } from "./rates";

const rates = {
  pricePerNight: "45",
  weekendPrice: "",
  baseOccupancy: "",
  extraGuestFee: "",
  petFee: "",
  maxDogs: "0",
  longWeekendMinimumNights: "",
};

describe("the prices and fees form", () => {
  it("reads dollars into cents and blanks into 'the nightly price' and 'everyone'", () => {
    expect(parseForm(baseRatesFormSchema, rates)).toEqual({
      ok: true,
      data: {
        pricePerNightCents: 4500,
        weekendPriceCents: null,
        baseOccupancy: null,
        extraGuestFeeCents: 0,
        petFeeCents: 0,
        maxDogs: 0,
        longWeekendMinimumNights: null,
      },
    });
  });

  it("reads a weekend price, the guests included, the fees and the dogs", () => {
    const result = parseForm(baseRatesFormSchema, {
      ...rates,
      weekendPrice: "$60.50",
      baseOccupancy: " 2 ",
      extraGuestFee: "10",
      petFee: "7.5",
      maxDogs: "2",
    });
    expect(result).toMatchObject({
      ok: true,
      data: {
        weekendPriceCents: 6050,
        baseOccupancy: 2,
        extraGuestFeeCents: 1000,
        petFeeCents: 750,
        maxDogs: 2,
      },
    });
  });

  it("keeps the long-weekend minimum only while the rule is on, and then requires it", () => {
    const off = parseForm(baseRatesFormSchema, { ...rates, longWeekendMinimumNights: "3" });
    expect(off.ok && off.data.longWeekendMinimumNights).toBeNull();
    const on = parseForm(baseRatesFormSchema, {
      ...rates,
      longWeekendRule: "on",
      longWeekendMinimumNights: "3",
    });
    expect(on.ok && on.data.longWeekendMinimumNights).toBe(3);
    expect(
      parseForm(baseRatesFormSchema, {
        ...rates,
        longWeekendRule: "on",
        longWeekendMinimumNights: "0",
      }),
    ).toEqual({
      ok: false,
      errors: {
        longWeekendMinimumNights: "Long weekend minimum stay must be a whole number from 1 to 60",
      },
    });
  });

  it("refuses negative prices and fees and names every bad field", () => {
    const result = parseForm(baseRatesFormSchema, {
      pricePerNight: "-1",
      weekendPrice: "-5",
      baseOccupancy: "0",
      extraGuestFee: "-2",
      petFee: "abc",
      maxDogs: "-1",
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.errors).sort()).toEqual(
      [
        "baseOccupancy",
        "extraGuestFee",
        "maxDogs",
        "petFee",
        "pricePerNight",
        "weekendPrice",
      ].sort(),
    );
    expect(!result.ok && result.errors.weekendPrice).toBe(
      "Friday and Saturday price must be an amount of 0 or more with at most 2 decimals, like 45 or 45.50",
    );
    expect(!result.ok && result.errors.baseOccupancy).toBe(
      "Guests included must be a whole number from 1 to 100",
    );
  });
});

const season = {
  name: " Christmas school holidays ",
  startDate: "2027-12-20",
  endDate: "2028-01-26",
  nightPrice: "75",
  weekendPrice: "",
  minimumNights: "3",
};

describe("the season form", () => {
  it("reads a season, both dates included, its prices in cents", () => {
    expect(parseForm(seasonFormSchema, season)).toEqual({
      ok: true,
      data: {
        name: "Christmas school holidays",
        startDate: "2027-12-20",
        endDate: "2028-01-26",
        nightPriceCents: 7500,
        weekendPriceCents: null,
        minimumNights: 3,
      },
    });
    const oneNight = parseForm(seasonFormSchema, { ...season, endDate: "2027-12-20" });
    expect(oneNight.ok).toBe(true);
  });

  it("refuses an end before the start, on the end date", () => {
    expect(parseForm(seasonFormSchema, { ...season, endDate: "2027-12-19" })).toEqual({
      ok: false,
      errors: { endDate: "End date must be on or after the start date" },
    });
  });

  it("refuses a minimum stay below 1, a negative price and a date that does not exist", () => {
    const result = parseForm(seasonFormSchema, {
      ...season,
      name: "",
      startDate: "2027-02-30",
      weekendPrice: "-10",
      minimumNights: "0",
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: "Season name is required",
        startDate: "Start date must be a date (yyyy-MM-dd)",
        weekendPrice:
          "Friday and Saturday price must be an amount of 0 or more with at most 2 decimals, like 45 or 45.50",
        minimumNights: "Minimum stay must be a whole number from 1 to 60",
      },
    });
  });
});

describe("the extra form", () => {
  it("reads an extra sold per night, its price in cents", () => {
    expect(
      parseForm(extraFormSchema, {
        name: "Firewood",
        price: "12.5",
        per: "night",
        maxQuantity: "3",
      }),
    ).toEqual({
      ok: true,
      data: { name: "Firewood", priceCents: 1250, per: "night", maxQuantity: 3 },
    });
  });

  it("refuses a quantity below 1, a negative price and an unknown 'per'", () => {
    const result = parseForm(extraFormSchema, {
      name: "Late\u0007 checkout",
      price: "-25",
      per: "week",
      maxQuantity: "0",
    });
    expect(!result.ok && Object.keys(result.errors)).toEqual([
      "name",
      "price",
      "per",
      "maxQuantity",
    ]);
    expect(!result.ok && result.errors.maxQuantity).toBe(
      "Maximum quantity must be a whole number from 1 to 99",
    );
    expect(!result.ok && result.errors.per).toBe("Choose per stay or per night");
  });
});
