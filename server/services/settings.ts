// The saved settings (amendment 2.9): the admin Settings screen persists
// them and the booking flow enforces the minimum night stay and the maximum
// advance booking. Defaults are spec section 3 "Local-only settings".
import { inArray, sql } from "drizzle-orm";
import {
  defaultSettings,
  type SettingKey,
  type Settings,
  settingsSchema,
} from "#domain/forms/settings.ts";
import type { Executor } from "#server/db/client.ts";
import { settings } from "#server/db/schema.ts";

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
        // A setting saved as it was keeps its time: the sitemap dates the policy's pages by it.
        setWhere: sql`${settings.value} is distinct from excluded.value`,
      });
  }
  return getSettings(db);
}
