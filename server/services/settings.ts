// The saved settings (amendment 2.9): the admin Settings screen persists
// them and the booking flow enforces the minimum night stay and the maximum
// advance booking. Defaults are spec section 3 "Local-only settings".
import { inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Executor } from "#server/db/client.ts";
import { settings } from "#server/db/schema.ts";

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
  maxAdvanceBooking: z.coerce
    .number({ error: "Enter the maximum advance booking." })
    .int("The maximum advance booking must be a whole number of days.")
    .min(1, "The maximum advance booking must be at least 1 day.")
    .max(1095, "The maximum advance booking can be at most 1095 days."),
  allowInstantBooking: z.boolean(),
  requireApproval: z.boolean(),
  autoBlockAfterBooking: z.boolean(),
  notificationEmails: z.boolean(),
  bookingReminders: z.boolean(),
});

export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;

export const defaultSettings: Settings = {
  defaultNightlyRateCents: 5000,
  minimumNightStay: 2,
  maxAdvanceBooking: 365,
  allowInstantBooking: true,
  requireApproval: false,
  autoBlockAfterBooking: false,
  notificationEmails: true,
  bookingReminders: true,
};

const keys = Object.keys(defaultSettings) as SettingKey[];

/** The saved settings over the defaults; a stored value that no longer validates falls back. */
export async function getSettings(db: Executor): Promise<Settings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, keys));
  const result: Settings = { ...defaultSettings };
  for (const row of rows) {
    const key = row.key as SettingKey;
    const parsed = settingsSchema.shape[key].safeParse(row.value);
    if (parsed.success) (result as Record<SettingKey, unknown>)[key] = parsed.data;
  }
  return result;
}

/**
 * Validates and saves some or all settings in one statement; returns the
 * settings now in force. Throws the zod error on bad input (callers answer 400).
 */
export async function saveSettings(db: Executor, input: Partial<Settings>): Promise<Settings> {
  const changes = settingsSchema.partial().strict().parse(input);
  const rows = Object.entries(changes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({ key, value }));
  if (rows.length > 0) {
    await db
      .insert(settings)
      .values(rows)
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: sql`excluded.value`, updatedAt: sql`now()` },
      });
  }
  return getSettings(db);
}
