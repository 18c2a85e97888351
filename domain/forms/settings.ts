// The Settings screen's forms: booking and notification settings ('Save All
// Settings', amendment 2.9) and the password change. The booking settings read
// the form's text into the settings service's values (the rate in cents).

import { cancellationRefundKinds } from "#domain/rules/cancellation-policy.ts";
import { depositKinds } from "#domain/rules/deposits.ts";
import {
  bookingQuestionsSchema,
  DEFAULT_BOOKING_QUESTIONS,
  isQuestionCardField,
  questionCardFields,
  questionsOfCard,
} from "./booking-questions";
import { checkbox, moneyField, wholeNumber } from "./form-fields";
import { z } from "./zod";

/** The longest changeover: a week, past which the owner would block the days on the calendar. */
export const MAX_CHANGEOVER_NIGHTS = 7;

/** The saved settings (amendment 2.9); the defaults are spec section 3 "Local-only settings". */
export const settingsSchema = z.object({
  /** Suggested nightly price of a new campsite, in cents. */
  defaultNightlyRateCents: z.coerce
    .number({ error: "Enter a nightly rate." })
    .int("The nightly rate must be a whole number of cents.")
    .min(0, "The nightly rate cannot be negative.")
    .max(10_000_000, "That nightly rate is too large."),
  minimumNightStay: z.coerce
    .number({ error: "Enter a minimum night stay." })
    .int("The minimum night stay must be a whole number.")
    .min(1, "The minimum night stay must be at least 1 night.")
    .max(365, "The minimum night stay can be at most 365 nights."),
  /** The longest stay taken online; the front desk may take a longer one. */
  maximumNightStay: z.coerce
    .number({ error: "Enter a maximum night stay." })
    .int("The maximum night stay must be a whole number.")
    .min(1, "The maximum night stay must be at least 1 night.")
    .max(365, "The maximum night stay can be at most 365 nights."),
  maxAdvanceBooking: z.coerce
    .number({ error: "Enter the maximum advance booking." })
    .int("The maximum advance booking must be a whole number of days.")
    .min(1, "The maximum advance booking must be at least 1 day.")
    .max(1095, "The maximum advance booking can be at most 1095 days."),
  /**
   * 'Auto-block after booking': changeover nights a unit stays empty after
   * each stay, 0 for none (decision 0020). A switch saved before that decision
   * reads as 1 (on) or 0 (off).
   */
  autoBlockAfterBooking: z.preprocess(
    (value) => (typeof value === "boolean" ? Number(value) : value),
    z
      .number({ error: "Enter the nights to block after each stay." })
      .int("The nights to block after each stay must be a whole number.")
      .min(0, "The nights to block after each stay cannot be negative.")
      .max(MAX_CHANGEOVER_NIGHTS, `Block at most ${MAX_CHANGEOVER_NIGHTS} nights after each stay.`),
  ),
  notificationEmails: z.boolean(),
  bookingReminders: z.boolean(),
  /** Unpaid holds one client may have at once (decision 0012). */
  maxLiveHoldsPerClient: z.coerce
    .number({ error: "Enter the holds one visitor may have at once." })
    .int("The holds per visitor must be a whole number.")
    .min(1, "Allow at least 1 hold per visitor.")
    .max(50, "Allow at most 50 holds per visitor."),
  /** Holds one client may start in an hour. */
  holdsPerClientPerHour: z.coerce
    .number({ error: "Enter the holds one visitor may start in an hour." })
    .int("The holds per hour must be a whole number.")
    .min(1, "Allow at least 1 hold an hour.")
    .max(500, "Allow at most 500 holds an hour."),
  /** Nights of units one client may hold unpaid at once, summed over its holds. */
  maxHeldNightsPerClient: z.coerce
    .number({ error: "Enter the nights one visitor may hold at once." })
    .int("The held nights per visitor must be a whole number.")
    .min(1, "Allow at least 1 held night per visitor.")
    .max(1000, "Allow at most 1000 held nights per visitor."),
  /** Wrong discount codes and card numbers tried in an hour by all visitors together. */
  wrongCodesPerHour: z.coerce
    .number({ error: "Enter the wrong codes allowed an hour." })
    .int("The wrong codes an hour must be a whole number.")
    .min(10, "Allow at least 10 wrong codes an hour.")
    .max(100_000, "Allow at most 100000 wrong codes an hour."),
  /** The cancellation policy a camper's own cancellation applies (decision 0015). */
  cancellationRefunds: z.enum(cancellationRefundKinds, { error: "Choose a cancellation policy." }),
  fullRefundDaysBeforeArrival: z.coerce
    .number({ error: "Enter the days before arrival for a full refund." })
    .int("The days before arrival must be a whole number.")
    .min(1, "The full refund needs at least 1 day's notice.")
    .max(365, "The full refund notice can be at most 365 days."),
  lateCancellationRefundPercent: z.coerce
    .number({ error: "Enter the refund for a later cancellation." })
    .int("The later refund must be a whole percentage.")
    .min(0, "The later refund cannot be negative.")
    .max(100, "The later refund can be at most 100%."),
  /** The questions at booking: asked on step 2 online and in the front desk's form (issue 28). */
  bookingQuestions: bookingQuestionsSchema,
  /** Deposits (issue 31): pay in full, or a deposit now and the balance before arrival. */
  depositKind: z.enum(depositKinds, { error: "Choose how campers pay." }),
  depositPercent: z.coerce
    .number({ error: "Enter the deposit's percentage." })
    .int("The deposit must be a whole percentage.")
    .min(1, "The deposit must be at least 1%.")
    .max(99, "The deposit can be at most 99%."),
  depositPerNightCents: z.coerce
    .number({ error: "Enter the deposit per night." })
    .int("The deposit per night must be a whole number of cents.")
    .min(100, "The deposit per night must be at least $1.00.")
    .max(10_000_000, "That deposit per night is too large."),
  depositDaysAhead: z.coerce
    .number({ error: "Enter the days ahead that take a deposit." })
    .int("The days ahead must be a whole number.")
    .min(2, "A deposit needs stays at least 2 days ahead.")
    .max(1095, "The days ahead can be at most 1095."),
  balanceDueDaysBefore: z.coerce
    .number({ error: "Enter the days before arrival the balance is due." })
    .int("The days before arrival must be a whole number.")
    .min(1, "The balance is due at least 1 day before arrival.")
    .max(365, "The balance can be due at most 365 days before arrival."),
});

export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;

export const defaultSettings: Settings = {
  defaultNightlyRateCents: 5000,
  minimumNightStay: 2,
  maximumNightStay: 28,
  maxAdvanceBooking: 365,
  autoBlockAfterBooking: 0,
  notificationEmails: true,
  bookingReminders: true,
  maxLiveHoldsPerClient: 3,
  holdsPerClientPerHour: 10,
  // Two of the longest stays, or a long weekend on each of several sites.
  maxHeldNightsPerClient: 56,
  wrongCodesPerHour: 60,
  // The FAQ's promise: a full refund a week or more before arrival, none after.
  cancellationRefunds: "by-notice",
  fullRefundDaysBeforeArrival: 7,
  lateCancellationRefundPercent: 0,
  bookingQuestions: DEFAULT_BOOKING_QUESTIONS,
  // Today's behaviour: every stay is paid in full when booked.
  depositKind: "full",
  depositPercent: 30,
  depositPerNightCents: 2000,
  depositDaysAhead: 30,
  balanceDueDaysBefore: 14,
};

export const bookingSettingsFormSchema = z
  .object({
    defaultNightlyRate: moneyField("Default nightly rate"),
    minimumNightStay: wholeNumber("Minimum night stay", 1, 365),
    maximumNightStay: wholeNumber("Maximum night stay", 1, 365),
    maxAdvanceBooking: wholeNumber("Maximum advance booking", 1, 1095),
    autoBlockAfterBooking: wholeNumber("Auto-block after booking", 0, MAX_CHANGEOVER_NIGHTS),
    notificationEmails: checkbox,
    bookingReminders: checkbox,
    maxLiveHoldsPerClient: wholeNumber("Holds per visitor at once", 1, 50),
    holdsPerClientPerHour: wholeNumber("Holds per visitor per hour", 1, 500),
    maxHeldNightsPerClient: wholeNumber("Held nights per visitor", 1, 1000),
    wrongCodesPerHour: wholeNumber("Wrong codes an hour, all visitors", 10, 100_000),
    cancellationRefunds: z.enum(cancellationRefundKinds, {
      error: "Choose whether cancellations are refunded",
    }),
    fullRefundDaysBeforeArrival: wholeNumber("Days before arrival for a full refund", 1, 365),
    lateCancellationRefundPercent: wholeNumber("Refund after that (%)", 0, 100),
    // The deposit card's fields: a form without them (an older page) leaves the deposit rule alone.
    depositKind: z.enum(depositKinds, { error: "Choose how campers pay" }).optional(),
    depositPercent: wholeNumber("Deposit (%)", 1, 99).optional(),
    depositPerNight: moneyField("Deposit per night").optional(),
    depositDaysAhead: wholeNumber("Stays starting more than (days ahead)", 2, 1095).optional(),
    balanceDueDaysBefore: wholeNumber("Balance due (days before arrival)", 1, 365).optional(),
    ...questionCardFields,
  })
  .transform((form, ctx) => {
    if (form.minimumNightStay > form.maxAdvanceBooking) {
      ctx.addIssue({
        code: "custom",
        path: ["minimumNightStay"],
        message: "The minimum night stay cannot be longer than the maximum advance booking",
      });
      return z.NEVER;
    }
    if (form.maximumNightStay < form.minimumNightStay) {
      ctx.addIssue({
        code: "custom",
        path: ["maximumNightStay"],
        message: "The maximum night stay cannot be shorter than the minimum night stay",
      });
      return z.NEVER;
    }
    if (
      form.balanceDueDaysBefore !== undefined &&
      form.depositDaysAhead !== undefined &&
      form.balanceDueDaysBefore >= form.depositDaysAhead
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["balanceDueDaysBefore"],
        message:
          "The balance must be due fewer days before arrival than the days ahead that take a deposit",
      });
      return z.NEVER;
    }
    if (form.depositPerNight !== undefined && form.depositPerNight < 100) {
      ctx.addIssue({
        code: "custom",
        path: ["depositPerNight"],
        message: "The deposit per night must be at least $1.00",
      });
      return z.NEVER;
    }
    const bookingQuestions = questionsOfCard(form, ctx);
    const { defaultNightlyRate, depositPerNight, ...rest } = form;
    const settings = Object.fromEntries(
      Object.entries(rest).filter(([key]) => !isQuestionCardField(key)),
    ) as Omit<Settings, "defaultNightlyRateCents" | "depositPerNightCents" | "bookingQuestions">;
    return {
      ...settings,
      defaultNightlyRateCents: defaultNightlyRate,
      ...(depositPerNight !== undefined && { depositPerNightCents: depositPerNight }),
      ...(bookingQuestions && { bookingQuestions }),
    };
  });

export type BookingSettingsInput = z.output<typeof bookingSettingsFormSchema>;

/** Better Auth's shortest password (server/auth.ts) and a sane longest. */
export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 128;

export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: "Enter your current password" })
      .min(1, "Enter your current password"),
    newPassword: z
      .string({ error: "Enter a new password" })
      .min(MIN_PASSWORD_LENGTH, `The new password needs at least ${MIN_PASSWORD_LENGTH} characters`)
      .max(
        MAX_PASSWORD_LENGTH,
        `The new password can have at most ${MAX_PASSWORD_LENGTH} characters`,
      ),
    confirmPassword: z.string({ error: "Confirm the new password" }),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  });
