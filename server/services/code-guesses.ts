// Guessing discount codes and prepaid card numbers. Each client has a limit of
// its own (server/http/public-api.ts); a wrong guess also spends one budget
// shared by every client (the 'wrongCodesPerHour' setting), so the cards of a
// bulk batch cannot be walked from many addresses at once. While the budget is
// spent every check is refused, right or wrong: refusing only the wrong ones
// would tell a right guess from a wrong one.

import { isPlainText } from "#domain/forms/plain-text.ts";
import type { Executor } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import { findDiscountCode } from "./discount-codes";
import { findPrepaidCard } from "./prepaid-cards";
import { hitRateLimit, peekRateLimit, type RateLimitRule } from "./rate-limit";
import { getSettings } from "./settings";

export type CodeGuess = { discountCode?: unknown; prepaidCardNumber?: unknown };

export const WRONG_CODES_SPENT =
  "Discount codes and prepaid cards cannot be checked right now: too many wrong ones were tried. Please try again later.";

/** Longer texts are refused by the schemas and never looked up. */
const MAX_GUESS_LENGTH = 64;

const guessed = (value: unknown): value is string =>
  typeof value === "string" &&
  value.trim() !== "" &&
  value.length <= MAX_GUESS_LENGTH &&
  isPlainText(value);

/** Refuses the check while the shared budget is spent; counts the guess when it is wrong. */
export async function checkCodeGuess(db: Executor, guess: CodeGuess): Promise<void> {
  const { wrongCodesPerHour } = await getSettings(db);
  const rule: RateLimitRule = { name: "wrong-codes", max: wrongCodesPerHour, windowSeconds: 3600 };
  const spent = await peekRateLimit(db, rule, "all clients");
  if (!spent.allowed)
    throw new AppError("rate_limited", WRONG_CODES_SPENT, {
      retryAfterSeconds: spent.retryAfterSeconds,
    });
  const { discountCode, prepaidCardNumber } = guess;
  const wrongCode = guessed(discountCode) && !(await findDiscountCode(db, discountCode));
  const wrongCard = guessed(prepaidCardNumber) && !(await findPrepaidCard(db, prepaidCardNumber));
  if (wrongCode || wrongCard) await hitRateLimit(db, rule, "all clients");
}
