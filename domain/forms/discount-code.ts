// The create/edit discount code form (spec section 5, Discount code form).
// Code, discount value and valid-from are required; the code is forced to
// uppercase; a percentage is a whole number from 0 to 100, a fixed amount is
// dollars and cents; the minimum amount defaults to 0; an empty usage limit is
// unlimited and an empty valid-until never expires.

import { centsToAmount } from "#domain/format/money.ts";
import { checkbox, dayField, firstIssue, moneyField, optionalText } from "./form-fields";
import { z } from "./zod";

export const discountTypeOptions = [
  { value: "percentage", label: "Percentage" },
  { value: "fixed_amount", label: "Fixed amount" },
] as const;

const asText = (value: unknown) => (typeof value === "string" ? value.trim() : "");

const code = z.preprocess(
  (value) => asText(value).toUpperCase(),
  z
    .string()
    .min(1, "Code is required")
    .max(32, "Code must be at most 32 characters")
    .regex(/^[A-Z0-9_-]+$/, "Code may use only letters, numbers, dashes and underscores"),
);

const usageLimit = z.preprocess(asText, z.string()).transform((value, ctx) => {
  if (value === "") return null;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 1_000_000) {
    ctx.addIssue({
      code: "custom",
      message: "Usage limit must be a whole number of at least 1, or empty for unlimited",
    });
    return z.NEVER;
  }
  return Number(value);
});

/** "10" -> 10 (percent) or "12.50" -> 1250 (cents), by the discount type. */
function discountValueOf(
  type: "percentage" | "fixed_amount",
  raw: string,
): { error: string } | { value: number } {
  if (type === "percentage") {
    if (!/^\d+$/.test(raw) || Number(raw) > 100)
      return { error: "Percentage must be a whole number from 0 to 100" };
    return { value: Number(raw) };
  }
  const parsed = moneyField("Discount value").safeParse(raw);
  if (!parsed.success) return { error: firstIssue(parsed.error) };
  return { value: parsed.data };
}

export const discountCodeFormSchema = z
  .object({
    code,
    description: optionalText("Description", 200),
    discountType: z.enum(["percentage", "fixed_amount"], {
      error: "Choose a percentage or a fixed amount",
    }),
    discountValue: z.preprocess(asText, z.string().min(1, "Discount value is required")),
    minimumAmount: moneyField("Minimum amount", { emptyAs: 0 }),
    usageLimit,
    validFrom: dayField("Valid from", true),
    validUntil: dayField("Valid until", false),
    isActive: checkbox,
  })
  .transform((form, ctx) => {
    const discount = discountValueOf(form.discountType, form.discountValue);
    if ("error" in discount) {
      ctx.addIssue({ code: "custom", path: ["discountValue"], message: discount.error });
      return z.NEVER;
    }
    if (form.validFrom === null) {
      ctx.addIssue({ code: "custom", path: ["validFrom"], message: "Valid from is required" });
      return z.NEVER;
    }
    if (form.validUntil !== null && form.validUntil < form.validFrom) {
      ctx.addIssue({
        code: "custom",
        path: ["validUntil"],
        message: "Valid until must be on or after valid from",
      });
      return z.NEVER;
    }
    return {
      code: form.code,
      description: form.description,
      discountType: form.discountType,
      /** Whole percent for a percentage, cents for a fixed amount. */
      discountValue: discount.value,
      minimumAmountCents: form.minimumAmount,
      usageLimit: form.usageLimit,
      validFrom: form.validFrom,
      validUntil: form.validUntil,
      isActive: form.isActive,
    };
  });

export type DiscountCodeInput = z.output<typeof discountCodeFormSchema>;

/** The form's text for a stored discount value: 10 -> "10", 1250 cents -> "12.50". */
export function discountValueText(type: "percentage" | "fixed_amount", value: number): string {
  return type === "percentage" ? String(value) : centsToAmount(value);
}
