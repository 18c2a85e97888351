import { describe, expect, it } from "vitest";
import { parseForm } from "./form-fields";
import {
  bookingSettingsFormSchema,
  defaultSettings,
  passwordChangeSchema,
  settingsSchema,
} from "./settings";

const form = {
  defaultNightlyRate: "50",
  minimumNightStay: "2",
  maximumNightStay: "28",
  maxAdvanceBooking: "365",
  autoBlockAfterBooking: "0",
  notificationEmails: "on",
  bookingReminders: "on",
  maxLiveHoldsPerClient: "3",
  holdsPerClientPerHour: "10",
  maxHeldNightsPerClient: "56",
  wrongCodesPerHour: "60",
  cancellationRefunds: "by-notice",
  fullRefundDaysBeforeArrival: "7",
  lateCancellationRefundPercent: "0",
  depositKind: "full",
  depositPercent: "30",
  depositPerNight: "20",
  depositDaysAhead: "30",
  balanceDueDaysBefore: "14",
  // The questions card as a fresh install shows it.
  "ask:vehicle-registration": "no",
  "ask:rig-length": "no",
  "ask:arrival-time": "optional",
  "ask:anything-else": "optional",
  "ask:custom-1": "no",
  "question:custom-1": "",
};

describe("the booking and notification settings form", () => {
  it("reads the spec's defaults into the settings service's values", () => {
    const result = parseForm(bookingSettingsFormSchema, form);
    expect(result).toEqual({ ok: true, data: defaultSettings });
    if (result.ok) expect(settingsSchema.parse(result.data)).toEqual(defaultSettings);
  });

  it("reads a raised minimum stay, an unticked switch and a changeover night", () => {
    const result = parseForm(bookingSettingsFormSchema, {
      ...form,
      minimumNightStay: "3",
      bookingReminders: undefined,
      autoBlockAfterBooking: "1",
    });
    expect(result).toMatchObject({
      ok: true,
      data: { minimumNightStay: 3, bookingReminders: false, autoBlockAfterBooking: 1 },
    });
  });

  it("names each bad number", () => {
    expect(
      parseForm(bookingSettingsFormSchema, {
        ...form,
        defaultNightlyRate: "abc",
        minimumNightStay: "0",
        maxAdvanceBooking: "2000",
        maxLiveHoldsPerClient: "0",
        autoBlockAfterBooking: "8",
      }),
    ).toEqual({
      ok: false,
      errors: {
        defaultNightlyRate:
          "Default nightly rate must be an amount of 0 or more with at most 2 decimals, like 45 or 45.50",
        minimumNightStay: "Minimum night stay must be a whole number from 1 to 365",
        maxAdvanceBooking: "Maximum advance booking must be a whole number from 1 to 1095",
        maxLiveHoldsPerClient: "Holds per visitor at once must be a whole number from 1 to 50",
        autoBlockAfterBooking: "Auto-block after booking must be a whole number from 0 to 7",
      },
    });
  });

  it("reads the cancellation policy, and names a bad choice or share", () => {
    expect(
      parseForm(bookingSettingsFormSchema, {
        ...form,
        cancellationRefunds: "none",
        fullRefundDaysBeforeArrival: "14",
        lateCancellationRefundPercent: "50",
      }),
    ).toMatchObject({
      ok: true,
      data: {
        cancellationRefunds: "none",
        fullRefundDaysBeforeArrival: 14,
        lateCancellationRefundPercent: 50,
      },
    });
    expect(
      parseForm(bookingSettingsFormSchema, {
        ...form,
        cancellationRefunds: "sometimes",
        fullRefundDaysBeforeArrival: "0",
        lateCancellationRefundPercent: "101",
      }),
    ).toEqual({
      ok: false,
      errors: {
        cancellationRefunds: "Choose whether cancellations are refunded",
        fullRefundDaysBeforeArrival:
          "Days before arrival for a full refund must be a whole number from 1 to 365",
        lateCancellationRefundPercent: "Refund after that (%) must be a whole number from 0 to 100",
      },
    });
  });

  it("refuses a minimum stay longer than the booking window", () => {
    expect(
      parseForm(bookingSettingsFormSchema, {
        ...form,
        minimumNightStay: "30",
        maxAdvanceBooking: "10",
      }),
    ).toEqual({
      ok: false,
      errors: {
        minimumNightStay:
          "The minimum night stay cannot be longer than the maximum advance booking",
      },
    });
  });

  it("refuses a maximum stay shorter than the minimum", () => {
    expect(
      parseForm(bookingSettingsFormSchema, {
        ...form,
        minimumNightStay: "5",
        maximumNightStay: "4",
      }),
    ).toEqual({
      ok: false,
      errors: {
        maximumNightStay: "The maximum night stay cannot be shorter than the minimum night stay",
      },
    });
  });
});

describe("the password change form", () => {
  it("needs the current password and a confirmed new one of 8 characters or more", () => {
    expect(
      parseForm(passwordChangeSchema, {
        currentPassword: "old password",
        newPassword: "a new password",
        confirmPassword: "a new password",
      }).ok,
    ).toBe(true);
    expect(
      parseForm(passwordChangeSchema, {
        currentPassword: "",
        newPassword: "short",
        confirmPassword: "short",
      }),
    ).toEqual({
      ok: false,
      errors: {
        currentPassword: "Enter your current password",
        newPassword: "The new password needs at least 8 characters",
      },
    });
    expect(
      parseForm(passwordChangeSchema, {
        currentPassword: "x",
        newPassword: "a new password",
        confirmPassword: "another one",
      }),
    ).toEqual({ ok: false, errors: { confirmPassword: "Passwords do not match" } });
  });
});

describe("the deposit rule on the settings form (issue 31)", () => {
  it("reads a percentage deposit, and the amount per night in cents", () => {
    const result = parseForm(bookingSettingsFormSchema, {
      ...form,
      depositKind: "percent",
      depositPerNight: "12.50",
    });
    expect(result).toMatchObject({
      ok: true,
      data: { depositKind: "percent", depositPercent: 30, depositPerNightCents: 1250 },
    });
  });

  it("refuses a balance due as early as the deposit window, or a deposit under a dollar a night", () => {
    expect(
      parseForm(bookingSettingsFormSchema, { ...form, balanceDueDaysBefore: "30" }),
    ).toMatchObject({ ok: false, errors: { balanceDueDaysBefore: expect.any(String) } });
    expect(
      parseForm(bookingSettingsFormSchema, { ...form, depositPerNight: "0.50" }),
    ).toMatchObject({
      ok: false,
      errors: { depositPerNight: "The deposit per night must be at least $1.00" },
    });
  });
});

describe("the questions at booking on the settings form (issue 28)", () => {
  it("asks the presets chosen, then the farm's own, each optional or required", () => {
    const result = parseForm(bookingSettingsFormSchema, {
      ...form,
      "ask:vehicle-registration": "required",
      "ask:arrival-time": "no",
      "ask:custom-2": "optional",
      "question:custom-2": "  Which gate code did we send you? ",
    });
    expect(result.ok && result.data.bookingQuestions).toEqual([
      {
        id: "vehicle-registration",
        question: "Vehicle registration",
        kind: "text",
        required: true,
      },
      {
        id: "anything-else",
        question: "Anything else we should know?",
        kind: "long",
        required: false,
      },
      {
        id: "custom-2",
        question: "Which gate code did we send you?",
        kind: "text",
        required: false,
      },
    ]);
  });

  it("refuses a question of the farm's own asked without its wording, or an unknown choice", () => {
    expect(parseForm(bookingSettingsFormSchema, { ...form, "ask:custom-1": "required" })).toEqual({
      ok: false,
      errors: { "question:custom-1": "Write the question." },
    });
    const odd = parseForm(bookingSettingsFormSchema, { ...form, "ask:rig-length": "always" });
    expect(odd.ok ? undefined : odd.errors["ask:rig-length"]).toBe("Choose whether to ask it.");
  });

  it("leaves the questions as they are when the form has no card", () => {
    const cardless = Object.fromEntries(Object.entries(form).filter(([key]) => !key.includes(":")));
    const result = parseForm(bookingSettingsFormSchema, cardless);
    expect(result.ok && "bookingQuestions" in result.data).toBe(false);
  });
});
