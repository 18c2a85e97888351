import { describe, expect, it } from "vitest";
import type { AppError } from "#server/errors.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createDiscountCode, createPrepaidCard } from "#server/testing/factories.ts";
import { checkCodeGuess, WRONG_CODES_SPENT } from "./code-guesses";
import { saveSettings } from "./settings";

const database = setupTestDatabase();
const db = () => database().db;

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: AppError) => e,
  );

describe("wrong codes and card numbers, counted across all clients", () => {
  it("never look up or count what the schemas refuse (a control character, a long text)", async () => {
    await saveSettings(db(), { wrongCodesPerHour: 10 });
    for (let i = 0; i < 15; i++) {
      await checkCodeGuess(db(), {
        discountCode: "NUL\u0000CODE",
        prepaidCardNumber: "X".repeat(500),
      });
    }
  });

  it("spend one budget; once spent, every check is refused, right or wrong, with when to retry", async () => {
    await saveSettings(db(), { wrongCodesPerHour: 10 });
    const card = await createPrepaidCard(db(), {});
    const code = await createDiscountCode(db(), {});
    // Right guesses spend nothing.
    for (let i = 0; i < 20; i++) {
      await checkCodeGuess(db(), { discountCode: code.code, prepaidCardNumber: card.cardNumber });
    }
    for (let i = 0; i < 10; i++) {
      expect(await refusal(checkCodeGuess(db(), { prepaidCardNumber: `PC0000000${i}ZZZZ` }))).toBe(
        undefined,
      );
    }
    for (const guess of [{ prepaidCardNumber: "PC00000011ZZZZ" }, { discountCode: code.code }]) {
      const error = await refusal(checkCodeGuess(db(), guess));
      expect(error).toMatchObject({ refusal: "rate_limited", message: WRONG_CODES_SPENT });
      expect(error?.retryAfterSeconds).toBeGreaterThan(3000);
    }
  });
});
