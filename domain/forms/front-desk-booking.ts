// The farm takes a booking itself, by phone or at the gate (issue 28): the
// stay and the guest as online, how it is paid, and the owner's overrides.
// One schema for the back office's form and its action.

import { isIsoDay } from "#domain/rules/dates.ts";
import { recordedPaymentMethods } from "#domain/rules/statuses.ts";
import { guestDetailsFields, paymentOptionFields, stayFields } from "./booking-request";
import { checkbox, moneyField, optionalText } from "./form-fields";
import { z } from "./zod";

/** How the guest pays a booking the farm takes. */
export const frontDeskPayments = ["recorded", "on-arrival", "link"] as const;
export type FrontDeskPayment = (typeof frontDeskPayments)[number];

export const frontDeskPaymentLabels: Record<FrontDeskPayment, string> = {
  recorded: "Paid now: record the payment",
  "on-arrival": "Confirmed, balance due on arrival",
  link: "Email a payment link",
};

/** A local date and time, as an <input type="datetime-local"> posts it (farm time): a real one. */
const localDateTime = z
  .string({ error: "Choose when the link must be paid by." })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Choose when the link must be paid by.")
  .refine(
    (v) => isIsoDay(v.slice(0, 10)) && Number(v.slice(11, 13)) < 24 && Number(v.slice(14)) < 60,
    "That is not a date and time: choose when the link must be paid by.",
  );

const blankAsUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** A farm-recorded payment: how, how much, and its receipt or transfer reference. */
export const recordedPaymentFields = {
  method: z.enum(recordedPaymentMethods, { error: "Choose how the guest paid." }),
  amount: moneyField("Amount received"),
  reference: optionalText("Reference", 100),
};

/** The owner's overrides: the online rules, or the price, with the reason. */
export const overrideFields = {
  overrideRules: checkbox.default(false),
  overridePrice: z.preprocess(blankAsUndefined, moneyField("Price").optional()),
  overrideReason: optionalText("Reason", 200),
};

/** The stay the farm prices: what the 'Check price' button sends. */
export const deskStayFields = {
  ...stayFields,
  unitId: z.preprocess(blankAsUndefined, z.uuid({ error: "Choose a unit." }).optional()),
  extras: paymentOptionFields.extras,
  ...overrideFields,
};

export function checkStay(v: z.output<z.ZodObject<typeof deskStayFields>>, ctx: z.RefinementCtx) {
  const need = (path: string, message: string) =>
    ctx.addIssue({ code: "custom", path: [path], message });
  if (!(v.checkOut > v.checkIn))
    need("checkOut", "Please select valid check-in and check-out dates.");
  if ((v.overrideRules || v.overridePrice !== undefined) && !v.overrideReason)
    need("overrideReason", "Give the reason for the override.");
}

export const frontDeskQuoteSchema = z.object(deskStayFields).superRefine(checkStay);
export type FrontDeskQuote = z.output<typeof frontDeskQuoteSchema>;

export const frontDeskBookingSchema = z
  .object({
    ...deskStayFields,
    ...guestDetailsFields,
    payment: z.enum(frontDeskPayments, { error: "Choose how the guest pays." }),
    method: z.preprocess(blankAsUndefined, recordedPaymentFields.method.optional()),
    amount: z.preprocess(blankAsUndefined, recordedPaymentFields.amount.optional()),
    reference: recordedPaymentFields.reference,
    payBy: z.preprocess(blankAsUndefined, localDateTime.optional()),
    farmNote: optionalText("Private note", 2000, { multiline: true }),
    /** The form's one-time key: pressed twice, it takes one booking. */
    submission: z.preprocess(blankAsUndefined, z.uuid().optional()),
  })
  .superRefine((v, ctx) => {
    checkStay(v, ctx);
    const need = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (v.payment === "recorded" && !v.method) need("method", "Choose how the guest paid.");
    if (v.payment === "recorded" && v.amount === undefined)
      need("amount", "Amount received is required");
    if (v.payment === "link" && !v.payBy) need("payBy", "Choose when the link must be paid by.");
  });

export type FrontDeskBooking = z.output<typeof frontDeskBookingSchema>;

/** True when the booking asks for something only the owner may do. */
export const overridesOf = (v: Pick<FrontDeskBooking, "overrideRules" | "overridePrice">) =>
  v.overrideRules || v.overridePrice !== undefined;

/** The extras of a form: one `extra:<id>` field per offered extra, with its quantity. */
export function extrasOfForm(values: Record<string, string>) {
  return Object.entries(values)
    .filter(([key, value]) => key.startsWith("extra:") && value.trim() !== "" && value !== "0")
    .map(([key, value]) => ({ extraId: key.slice("extra:".length), quantity: Number(value) }));
}

/** 'Record payment' on Today: money the guest paid at the desk towards their balance. */
export const balancePaymentSchema = z.object({
  bookingId: z.uuid(),
  ...recordedPaymentFields,
  /** What was owed when the form was shown (cents): a double press finds it changed. */
  owed: z.coerce.number().int().min(0).optional(),
});
export type BalancePayment = z.output<typeof balancePaymentSchema>;
