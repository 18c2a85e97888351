// The props of a whole-number setting's field on the Settings screen.
import type { SettingKey, Settings } from "#domain/forms/settings.ts";

/** The settings entered as a whole number; each one's form field has the setting's name. */
type WholeNumberSettingKey = Exclude<
  { [K in SettingKey]: Settings[K] extends number ? K : never }[SettingKey],
  "defaultNightlyRateCents" | "depositPerNightCents"
>;

/**
 * The props of a whole-number setting's TextField: its name, a number input
 * from `min` to `max` (the bounds bookingSettingsFormSchema checks), the saved
 * value and the field's error.
 */
export function wholeNumberSetting(settings: Settings, errors: Record<string, string | undefined>) {
  return (name: WholeNumberSettingKey, min: number, max: number) => ({
    name,
    type: "number",
    min,
    max,
    step: 1,
    defaultValue: settings[name],
    error: errors[name],
  });
}
