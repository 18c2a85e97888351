// What a guest asks for when booking: one zod schema shared by the booking
// form in the browser and the public API on the server (pure, no I/O).
// Rules that need the campsite or the saved settings (capacity, minimum
// stay, advance booking, the past) are checked by `stayProblem`, which the
// server applies again with the values from the database.

import { addDays, isIsoDay, nightsBetween } from "#domain/rules/dates.ts";
import type { ExtraChoice } from "#domain/rules/rates.ts";
import { answersField } from "./booking-questions";
import { plainText } from "./plain-text";
import { z } from "./zod";

/** Spec section 5, step 2. */
export const GUEST_DETAILS_MESSAGE =
  "Please fill in all required guest details with a valid email.";
/** Spec section 5, step 1. */
export const INVALID_DATES_MESSAGE = "Please select valid check-in and check-out dates.";

const isoDay = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .refine(isIsoDay, { message: `${label} must be a date written yyyy-MM-dd.` });

/** An optional text field: blank means absent. */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(...plainText(label))
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

/** Codes and card numbers are uppercase (spec section 5); blank means none. */
const optionalCode = (label: string, max: number) =>
  optionalText(label, max).transform((v) => (v ? v.toUpperCase() : undefined));

export const campsiteIdSchema = z.uuid({ error: "Choose a campsite." });

/** Step 1: a campsite, dates and guests (also the body of a quote). */
export const stayFields = {
  campsiteId: campsiteIdSchema,
  checkIn: isoDay("Check-in"),
  checkOut: isoDay("Check-out"),
  guests: z.coerce
    .number({ error: "Guests must be a number." })
    .int("Guests must be a whole number.")
    .min(1, "At least 1 guest is required.")
    .max(100, "That is more guests than any campsite takes."),
  dogs: z.coerce
    .number({ error: "Dogs must be a number." })
    .int("Dogs must be a whole number.")
    .min(0, "Dogs cannot be fewer than 0.")
    .max(20, "That is more dogs than any campsite takes.")
    .default(0),
};

const datesOrdered = (v: { checkIn: string; checkOut: string }) => v.checkOut > v.checkIn;
const datesOrderedIssue = { message: INVALID_DATES_MESSAGE, path: ["checkOut"] };

export const staySchema = z.object(stayFields).refine(datesOrdered, datesOrderedIssue);
export type StayRequest = z.infer<typeof staySchema>;

/** Step 2: first name, last name and email required; phone optional; the farm's questions. */
export const guestDetailsFields = {
  firstName: z
    .string({ error: GUEST_DETAILS_MESSAGE })
    .trim()
    .min(1, GUEST_DETAILS_MESSAGE)
    .max(100)
    .refine(...plainText("First name")),
  lastName: z
    .string({ error: GUEST_DETAILS_MESSAGE })
    .trim()
    .min(1, GUEST_DETAILS_MESSAGE)
    .max(100)
    .refine(...plainText("Last name")),
  email: z
    .string({ error: GUEST_DETAILS_MESSAGE })
    .trim()
    .max(254)
    .pipe(z.email({ error: GUEST_DETAILS_MESSAGE })),
  phone: optionalText("Phone", 40),
  /** Question id to answer; which are asked, and required, is the server's to check. */
  answers: answersField,
};

export const guestDetailsSchema = z.object(guestDetailsFields);
export type GuestDetails = z.infer<typeof guestDetailsSchema>;

/** Extras chosen on step 3: each offered extra once, with how many. */
const extrasField = z
  .array(
    z.object({
      extraId: z.uuid({ error: "That extra is not offered at this campsite." }),
      quantity: z.coerce
        .number({ error: "The quantity must be a number." })
        .int("The quantity must be a whole number.")
        .min(1, "The quantity must be at least 1.")
        .max(99, "The quantity can be at most 99."),
    }),
    { error: "Extras must be a list." },
  )
  .max(20, "Choose at most 20 extras.")
  .default([]);

/** Step 3: the extras, and an optional discount code and prepaid card. */
export const paymentOptionFields = {
  extras: extrasField,
  discountCode: optionalCode("Discount code", 64),
  prepaidCardNumber: optionalCode("Prepaid card number", 64),
};

export const quoteRequestSchema = z
  .object({ ...stayFields, ...paymentOptionFields })
  .refine(datesOrdered, datesOrderedIssue);
/** A parsed quote request; the optional fields may be left out by callers on the server. */
export type QuoteRequest = Omit<StayRequest, "dogs"> & {
  dogs?: number;
  extras?: ExtraChoice[];
  discountCode?: string;
  prepaidCardNumber?: string;
};

/** The whole booking request: POST /api/bookings. The browser sends no prices. */
export const bookingRequestSchema = z
  .object({ ...stayFields, ...guestDetailsFields, ...paymentOptionFields })
  .refine(datesOrdered, datesOrderedIssue);
export type BookingRequest = QuoteRequest &
  Omit<GuestDetails, "phone" | "answers"> & { phone?: string; answers?: Record<string, string> };

/**
 * PATCH /api/bookings/:id: the code and card the held booking carries from
 * now on (absent or blank clears them), and corrected guest details if any.
 */
export const holdChangeSchema = z.object({
  ...paymentOptionFields,
  guest: guestDetailsSchema.optional(),
});
export type HoldChangeRequest = z.output<typeof holdChangeSchema>;

export const POLICY_NOT_ACCEPTED =
  "Please accept the cancellation policy and the Terms and Conditions.";

/**
 * POST /api/bookings/:id/payment: Pay, with the cancellation policy as step 3
 * showed it and the Terms' version, both accepted (issue 29).
 */
export const paymentStartSchema = z.object({
  acceptPolicy: z.literal(true, { error: POLICY_NOT_ACCEPTED }),
  policy: z.string({ error: POLICY_NOT_ACCEPTED }).max(500),
  termsVersion: z.string({ error: POLICY_NOT_ACCEPTED }).max(64),
});

export const discountCodeValidationSchema = z.object({
  code: z
    .string({ error: "Enter a discount code." })
    .trim()
    .min(1, "Enter a discount code.")
    .max(64)
    .refine(...plainText("The discount code")),
  bookingAmount: z.coerce
    .number({ error: "bookingAmount must be an amount in cents." })
    .int("bookingAmount must be a whole number of cents.")
    .min(0, "bookingAmount cannot be negative.")
    .max(100_000_000),
});

export const prepaidCardValidationSchema = z.object({
  cardNumber: z
    .string({ error: "Enter a prepaid card number." })
    .trim()
    .min(1, "Enter a prepaid card number.")
    .max(64)
    .refine(...plainText("The prepaid card number")),
});

export type StayLimits = {
  /** The farm's today (yyyy-MM-dd). */
  today: string;
  minimumNightStay: number;
  /** The longest stay taken online. */
  maximumNightStay: number;
  maxAdvanceBookingDays: number;
  /** The campsite's maximum number of guests. */
  capacity: number;
};

/** The last check-out date the settings allow: today + the maximum advance booking. */
export const lastCheckOutDate = (limits: Pick<StayLimits, "today" | "maxAdvanceBookingDays">) =>
  addDays(limits.today, limits.maxAdvanceBookingDays);

/**
 * Why a stay cannot be booked under the campsite's capacity and the saved
 * settings, as a message a person can act on; undefined when it can.
 */
/** A stay longer than the farm takes online: a phone call can still book it. */
export const longestStayProblem = (nights: number) => ({
  field: "checkOut" as const,
  message: `Stays of more than ${nights} night${nights === 1 ? "" : "s"} are booked by phone.`,
});

export function stayProblem(
  stay: { checkIn: string; checkOut: string; guests: number },
  limits: StayLimits,
): { field: "checkIn" | "checkOut" | "guests"; message: string } | undefined {
  if (!(stay.checkOut > stay.checkIn)) return { field: "checkOut", message: INVALID_DATES_MESSAGE };
  if (stay.checkIn < limits.today)
    return { field: "checkIn", message: "Check-in cannot be in the past." };
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  if (nights < limits.minimumNightStay)
    return {
      field: "checkOut",
      message: `The minimum stay is ${limits.minimumNightStay} night${limits.minimumNightStay === 1 ? "" : "s"}.`,
    };
  if (nights > limits.maximumNightStay) return longestStayProblem(limits.maximumNightStay);
  if (stay.checkOut > lastCheckOutDate(limits))
    return {
      field: "checkOut",
      message: `Bookings can be made up to ${limits.maxAdvanceBookingDays} days ahead.`,
    };
  if (stay.guests > limits.capacity)
    return {
      field: "guests",
      message: `This campsite takes up to ${limits.capacity} guest${limits.capacity === 1 ? "" : "s"}.`,
    };
  return undefined;
}
