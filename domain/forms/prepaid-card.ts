// The prepaid card forms (spec section 5): create (number required, forced to
// uppercase; initial balance required, 0 or more), edit (only issued-to and
// active change) and 'Generate Bulk Cards' (a count of at least 1 and a
// balance of at least 0, otherwise 'Please enter valid numbers').

import { parseMoneyToCents } from "#domain/format/money.ts";
import { CARD_NUMBER_PATTERN } from "#domain/rules/card-number.ts";
import { checkbox, MAX_MONEY_CENTS, moneyField, nullableText } from "./form-fields";
import { z } from "./zod";

/** Most cards one 'Generate Bulk Cards' run makes; a batch is printed or exported at once. */
export const MAX_BULK_CARDS = 100;

export const INVALID_BULK_NUMBERS = "Please enter valid numbers";

const cardNumber = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toUpperCase() : ""),
  z
    .string()
    .min(1, "Card number is required")
    .regex(
      CARD_NUMBER_PATTERN,
      "Card number must be PC, then 8 digits, then 4 letters or digits (like PC12345678AB12)",
    ),
);

export const prepaidCardCreateSchema = z
  .object({
    cardNumber,
    initialBalance: moneyField("Initial balance"),
    issuedTo: nullableText("Issued to", 100),
    isActive: checkbox,
  })
  .transform(({ initialBalance, ...rest }) => ({ ...rest, balanceCents: initialBalance }));

export const prepaidCardEditSchema = z.object({
  issuedTo: nullableText("Issued to", 100),
  isActive: checkbox,
});

export type PrepaidCardCreateInput = z.output<typeof prepaidCardCreateSchema>;
export type PrepaidCardEditInput = z.output<typeof prepaidCardEditSchema>;

/** The bulk prompt: every bad number gets the spec's one message. */
export const bulkCardsSchema = z
  .object({
    count: z.unknown().optional(),
    balance: z.unknown().optional(),
  })
  .transform((form, ctx) => {
    const countText = typeof form.count === "string" ? form.count.trim() : "";
    const balanceText = typeof form.balance === "string" ? form.balance.trim() : "";
    const count = /^\d+$/.test(countText) ? Number(countText) : Number.NaN;
    const balanceCents = parseMoneyToCents(balanceText.replace(/^\$/, ""));
    if (!(count >= 1) || balanceCents === undefined) {
      ctx.addIssue({ code: "custom", path: ["form"], message: INVALID_BULK_NUMBERS });
      return z.NEVER;
    }
    if (count > MAX_BULK_CARDS) {
      ctx.addIssue({
        code: "custom",
        path: ["count"],
        message: `Generate at most ${MAX_BULK_CARDS} cards at a time`,
      });
      return z.NEVER;
    }
    if (balanceCents > MAX_MONEY_CENTS) {
      ctx.addIssue({
        code: "custom",
        path: ["balance"],
        message: "Balance must be at most $100,000.00",
      });
      return z.NEVER;
    }
    return { count, balanceCents };
  });

export type BulkCardsInput = z.output<typeof bulkCardsSchema>;
