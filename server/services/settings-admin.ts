// 'Save All Settings' (amendment 2.9): the admin's settings saved through the
// settings service, with the audit record, in one transaction.

import type { Settings } from "#domain/forms/settings.ts";
import type { Database } from "#server/db/client.ts";
import { type AuditActor, recordAudit } from "./audit-log";
import { getSettings, saveSettings } from "./settings";

export async function saveAllSettings(
  db: Database,
  actor: AuditActor,
  input: Settings,
): Promise<Settings> {
  return db.transaction(async (tx) => {
    const before = await getSettings(tx);
    const after = await saveSettings(tx, input);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of Object.keys(after) as (keyof Settings)[]) {
      if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
    }
    await recordAudit(tx, actor, "settings.saved", { type: "settings" }, { changes });
    return after;
  });
}
