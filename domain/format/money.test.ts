import { describe, expect, it } from "vitest";
import { formatMoney, parseMoneyToCents } from "./money";

describe("money at the edge", () => {
  it("formats cents as Australian dollars", () => {
    expect(formatMoney(4500)).toBe("$45.00");
    expect(formatMoney(123456)).toBe("$1,234.56");
  });

  it("reads dollar amounts into cents without float drift", () => {
    expect(parseMoneyToCents("45")).toBe(4500);
    expect(parseMoneyToCents("0.29")).toBe(29);
    expect(parseMoneyToCents("19.99")).toBe(1999);
    expect(parseMoneyToCents("-1")).toBeUndefined();
    expect(parseMoneyToCents("1.234")).toBeUndefined();
    expect(parseMoneyToCents("abc")).toBeUndefined();
  });
});
