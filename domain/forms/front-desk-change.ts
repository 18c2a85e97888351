// The farm changes or moves a booking (issue 28): the new stay, as a new
// booking's form has it, and what to do with the money. One schema for the
// back office's form and its action.
import { collectChoices, giveBackChoices } from "#domain/rules/front-desk-change.ts";
import { recordedPaymentMethods } from "#domain/rules/statuses.ts";
import { moneyField, optionalText } from "./form-fields";
import { checkStay, deskStayFields } from "./front-desk-booking";
import { z } from "./zod";

const blankAsUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

export const frontDeskChangeSchema = z
  .object({
    ...deskStayFields,
    /** The booking's version (calendar sequence) the form was priced against. */
    version: z.coerce.number().int().min(0),
    collect: z.preprocess(blankAsUndefined, z.enum(collectChoices).optional()),
    giveBack: z.preprocess(blankAsUndefined, z.enum(giveBackChoices).optional()),
    method: z.preprocess(blankAsUndefined, z.enum(recordedPaymentMethods).optional()),
    amount: z.preprocess(blankAsUndefined, moneyField("Amount received").optional()),
    reference: optionalText("Reference", 100),
    keepReason: optionalText("Reason", 200),
  })
  .superRefine(checkStay);

export type FrontDeskChange = z.output<typeof frontDeskChangeSchema>;
