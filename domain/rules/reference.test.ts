import { describe, expect, it } from "vitest";
import { CARD_NUMBER_PATTERN, generateCardNumber } from "./card-number";
import { BOOKING_REFERENCE_PATTERN, bookingReference } from "./reference";

describe("booking references", () => {
  it("are BK plus the last 6 digits of the timestamp", () => {
    expect(bookingReference(1795288271674)).toBe("BK271674");
    expect(bookingReference(1795288271674, 3)).toBe("BK271677");
    expect(bookingReference(1795288271674)).toMatch(BOOKING_REFERENCE_PATTERN);
  });
});

describe("prepaid card numbers", () => {
  it("are PC, the last 8 digits of the time in ms, and 4 uppercase alphanumerics", () => {
    const number = generateCardNumber(1795288271674, () => 0);
    expect(number).toBe("PC88271674AAAA");
    expect(generateCardNumber()).toMatch(CARD_NUMBER_PATTERN);
  });

  it("draw the random part from the whole alphabet", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) for (const ch of generateCardNumber().slice(10)) seen.add(ch);
    expect(seen.size).toBeGreaterThan(30);
  });
});
