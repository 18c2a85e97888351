// The audit log screen's filters (issue 17 item 5), read from the address:
// a person (a user id, or "system" for what no one signed in did), an action,
// a range of farm days and the page. A wrong value is named, never guessed.
import { isIsoDay } from "#domain/rules/dates.ts";
import { plainText } from "./plain-text";
import { z } from "./zod";

/**
 * Entries the screen counts at most: past this it says "more than", since a
 * count of a long log reads all of it (decision 0025).
 */
export const AUDIT_COUNT_LIMIT = 1000;

const optionalDay = (label: string) =>
  z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isIsoDay(v), `${label}: choose a day as yyyy-mm-dd.`)
    .optional();

export const auditLogFilterSchema = z
  .object({
    person: z
      .string()
      .trim()
      .max(100, "That person is not known.")
      .refine(...plainText("The person"))
      .transform((v) => v || undefined)
      .optional(),
    action: z
      .string()
      .trim()
      .max(100, "That action is not known.")
      .regex(/^[a-z0-9_.]*$/, "That action is not known.")
      .transform((v) => v || undefined)
      .optional(),
    from: optionalDay("From"),
    to: optionalDay("To"),
    page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: "The 'To' day is before the 'From' day.",
    path: ["to"],
  });

export type AuditLogFilter = z.output<typeof auditLogFilterSchema>;

/** The filter of "what no one signed in did": the system, Stripe and the command line. */
export const SYSTEM_ACTOR = "system";
