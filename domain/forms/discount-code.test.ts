import { describe, expect, it } from "vitest";
import { discountCodeFormSchema, discountValueText } from "./discount-code";
import { parseForm } from "./form-fields";

const base = {
  code: " summer10 ",
  description: "Summer special",
  discountType: "percentage",
  discountValue: "10",
  minimumAmount: "",
  usageLimit: "",
  validFrom: "2031-01-01",
  validUntil: "",
  isActive: "on",
};

describe("the discount code form (spec section 5)", () => {
  it("forces the code to uppercase; empty limit is unlimited, empty until never expires", () => {
    expect(parseForm(discountCodeFormSchema, base)).toEqual({
      ok: true,
      data: {
        code: "SUMMER10",
        description: "Summer special",
        discountType: "percentage",
        discountValue: 10,
        minimumAmountCents: 0,
        usageLimit: null,
        validFrom: "2031-01-01",
        validUntil: null,
        isActive: true,
      },
    });
  });

  it("keeps a percentage between 0 and 100 in whole numbers", () => {
    for (const ok of ["0", "100"]) {
      expect(parseForm(discountCodeFormSchema, { ...base, discountValue: ok }).ok).toBe(true);
    }
    for (const bad of ["101", "-1", "12.5", "ten"]) {
      expect(parseForm(discountCodeFormSchema, { ...base, discountValue: bad })).toEqual({
        ok: false,
        errors: { discountValue: "Percentage must be a whole number from 0 to 100" },
      });
    }
  });

  it("reads a fixed amount in dollars and cents into cents", () => {
    const result = parseForm(discountCodeFormSchema, {
      ...base,
      discountType: "fixed_amount",
      discountValue: "12.50",
      minimumAmount: "100",
    });
    expect(result).toMatchObject({
      ok: true,
      data: { discountValue: 1250, minimumAmountCents: 10000 },
    });
    expect(
      parseForm(discountCodeFormSchema, {
        ...base,
        discountType: "fixed_amount",
        discountValue: "12.505",
      }).ok,
    ).toBe(false);
  });

  it("requires code, discount value and valid-from", () => {
    const result = parseForm(discountCodeFormSchema, {
      ...base,
      code: "",
      discountValue: "",
      validFrom: "",
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        code: "Code is required",
        discountValue: "Discount value is required",
        validFrom: "Valid from is required",
      },
    });
  });

  it("refuses a usage limit below 1 and an expiry before the start", () => {
    expect(parseForm(discountCodeFormSchema, { ...base, usageLimit: "0" })).toEqual({
      ok: false,
      errors: {
        usageLimit: "Usage limit must be a whole number of at least 1, or empty for unlimited",
      },
    });
    expect(parseForm(discountCodeFormSchema, { ...base, usageLimit: "1" })).toMatchObject({
      ok: true,
      data: { usageLimit: 1 },
    });
    expect(parseForm(discountCodeFormSchema, { ...base, validUntil: "2030-12-31" })).toEqual({
      ok: false,
      errors: { validUntil: "Valid until must be on or after valid from" },
    });
    expect(parseForm(discountCodeFormSchema, { ...base, validFrom: "2031-02-30" }).ok).toBe(false);
  });

  it("refuses spaces and symbols in a code, and an unknown type", () => {
    expect(parseForm(discountCodeFormSchema, { ...base, code: "TEN OFF" }).ok).toBe(false);
    expect(parseForm(discountCodeFormSchema, { ...base, discountType: "free" }).ok).toBe(false);
  });

  it("writes stored values back as form text", () => {
    expect(discountValueText("percentage", 10)).toBe("10");
    expect(discountValueText("fixed_amount", 1250)).toBe("12.50");
  });
});
