// Zod fields for the admin catalogue forms. A form posts strings; these read
// them into typed values (cents, whole numbers, lists) with messages a person
// can act on. The same schemas run in the browser and in the route actions.

import { parseMoneyToCents } from "#domain/format/money.ts";
import { isIsoDay } from "#domain/rules/dates.ts";
import { plainText } from "./plain-text";
import { z } from "./zod";

/** Largest amount any catalogue form accepts: $100,000.00. */
export const MAX_MONEY_CENTS = 10_000_000;

const asText = (value: unknown) => (typeof value === "string" ? value.trim() : "");

export function requiredText(label: string, max: number, options: { multiline?: boolean } = {}) {
  return z.preprocess(
    asText,
    z
      .string()
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`)
      .refine(...plainText(label, options)),
  );
}

/**
 * Required text shown exactly as written (an FAQ answer, an event): a word in
 * braces is refused, as the pages' own texts refuse one they do not fill in.
 */
export function literalText(label: string, max: number, options: { multiline?: boolean } = {}) {
  return requiredText(label, max, options).refine(
    (text) => !/\{[a-zA-Z]+\}/.test(text),
    `${label} cannot use words in braces such as {farm}: write them out`,
  );
}

export function optionalText(label: string, max: number, options: { multiline?: boolean } = {}) {
  return z.preprocess(
    asText,
    z
      .string()
      .max(max, `${label} must be at most ${max} characters`)
      .refine(...plainText(label, options)),
  );
}

/** An optional text that is null when left empty. */
export function nullableText(label: string, max: number) {
  return optionalText(label, max).transform((v) => (v === "" ? null : v));
}

/** A dollar amount such as "45" or "45.50" (a leading $ is allowed), read into cents. */
export function moneyField(label: string, options: { emptyAs?: number } = {}) {
  return z.preprocess(asText, z.string()).transform((value, ctx) => {
    if (value === "" && options.emptyAs !== undefined) return options.emptyAs;
    if (value === "") {
      ctx.addIssue({ code: "custom", message: `${label} is required` });
      return z.NEVER;
    }
    const cents = parseMoneyToCents(value.replace(/^\$/, "").replaceAll(",", ""));
    if (cents === undefined) {
      ctx.addIssue({
        code: "custom",
        message: `${label} must be an amount of 0 or more with at most 2 decimals, like 45 or 45.50`,
      });
      return z.NEVER;
    }
    if (cents > MAX_MONEY_CENTS) {
      ctx.addIssue({ code: "custom", message: `${label} must be at most $100,000.00` });
      return z.NEVER;
    }
    return cents;
  });
}

/** A whole number between min and max. */
export function wholeNumber(label: string, min: number, max: number) {
  return z.preprocess(asText, z.string()).transform((value, ctx) => {
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      ctx.addIssue({
        code: "custom",
        message: value
          ? `${label} must be a whole number from ${min} to ${max}`
          : `${label} is required`,
      });
      return z.NEVER;
    }
    return Number(value);
  });
}

/** A farm day (yyyy-MM-dd), as a date input sends it; null when optional and left empty. */
export const dayField = (label: string, required: boolean) =>
  z.preprocess(asText, z.string()).transform((value, ctx) => {
    if (value === "" && !required) return null;
    if (!isIsoDay(value)) {
      ctx.addIssue({
        code: "custom",
        message: value === "" ? `${label} is required` : `${label} must be a date (yyyy-MM-dd)`,
      });
      return z.NEVER;
    }
    return value;
  });

/** A checkbox or switch: present ("on", "true") means yes, absent means no. */
export const checkbox = z.preprocess(
  (value) => value === true || value === "on" || value === "true",
  z.boolean(),
);

/** "a, b, ,c " -> ["a", "b", "c"]: comma separated, trimmed, blanks dropped. */
export function splitList(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(splitList);
  if (typeof value !== "string") return [];
  return value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

export type FieldErrors = Record<string, string>;

/** The message of a failed parse's first issue. */
export const firstIssue = (error: z.ZodError): string =>
  error.issues[0]?.message ?? "This value is not valid.";

/**
 * The first message for each field of a failed parse, keyed by the field's
 * name (an item of a list counts for its list); an issue about the whole
 * input goes under `whole`. Forms, actions and the API all use this.
 */
export function fieldErrorsOf(error: z.ZodError, whole = "form"): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : whole;
    errors[key] ??= issue.message;
  }
  return errors;
}

export type FormResult<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Parses form values (FormData or a plain object) with a schema into data or field errors. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  input: FormData | Record<string, unknown>,
): FormResult<z.output<S>> {
  const values = input instanceof FormData ? formValues(input) : input;
  const result = schema.safeParse(values);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: fieldErrorsOf(result.error) };
}

/** FormData as a plain object; files are left out (uploads have their own route). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string") values[key] = value;
  }
  return values;
}
