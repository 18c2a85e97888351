import { describe, expect, it } from "vitest";
import { generateCardNumber } from "#domain/rules/card-number.ts";
import { parseForm } from "./form-fields";
import { bulkCardsSchema, prepaidCardCreateSchema, prepaidCardEditSchema } from "./prepaid-card";

describe("the prepaid card form (spec section 5)", () => {
  it("accepts every number the card number generator makes", () => {
    const cardNumber = generateCardNumber();
    expect(parseForm(prepaidCardCreateSchema, { cardNumber, initialBalance: "10" }).ok).toBe(true);
  });

  it("forces the number to uppercase and reads the balance into cents", () => {
    expect(
      parseForm(prepaidCardCreateSchema, {
        cardNumber: " pc12345678ab12 ",
        initialBalance: "50",
        issuedTo: " ",
        isActive: "on",
      }),
    ).toEqual({
      ok: true,
      data: { cardNumber: "PC12345678AB12", balanceCents: 5000, issuedTo: null, isActive: true },
    });
  });

  it("requires a number and a balance of 0 or more", () => {
    expect(parseForm(prepaidCardCreateSchema, { cardNumber: "", initialBalance: "-1" })).toEqual({
      ok: false,
      errors: {
        cardNumber: "Card number is required",
        initialBalance:
          "Initial balance must be an amount of 0 or more with at most 2 decimals, like 45 or 45.50",
      },
    });
    expect(
      parseForm(prepaidCardCreateSchema, { cardNumber: "GIFT1", initialBalance: "0" }).ok,
    ).toBe(false);
  });

  it("edits only issued-to and active", () => {
    const result = parseForm(prepaidCardEditSchema, {
      issuedTo: "Raffle winner",
      balance: "1000",
      cardNumber: "PC99999999ZZZZ",
    });
    expect(result).toEqual({ ok: true, data: { issuedTo: "Raffle winner", isActive: false } });
  });
});

describe("'Generate Bulk Cards' (spec section 5)", () => {
  it("takes a count of at least 1 and a balance of at least 0", () => {
    expect(parseForm(bulkCardsSchema, { count: "5", balance: "50" })).toEqual({
      ok: true,
      data: { count: 5, balanceCents: 5000 },
    });
    expect(parseForm(bulkCardsSchema, { count: "1", balance: "0" }).ok).toBe(true);
  });

  it("answers 'Please enter valid numbers' to anything else", () => {
    for (const bad of [
      { count: "0", balance: "50" },
      { count: "abc", balance: "50" },
      { count: "2.5", balance: "50" },
      { count: "5", balance: "-1" },
      { count: "5", balance: "fifty" },
      { count: "5" },
    ]) {
      expect(parseForm(bulkCardsSchema, bad)).toEqual({
        ok: false,
        errors: { form: "Please enter valid numbers" },
      });
    }
  });

  it("generates at most 100 cards at a time", () => {
    expect(parseForm(bulkCardsSchema, { count: "101", balance: "50" })).toEqual({
      ok: false,
      errors: { count: "Generate at most 100 cards at a time" },
    });
  });
});
