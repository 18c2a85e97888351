// 'Save All Settings' (amendment 2.9): the admin's settings saved through the
// settings service, with the audit record, in one transaction.

import type { Settings } from "#domain/forms/settings.ts";
import { questionWithAsk } from "#domain/rules/booking-questions.ts";
import type { Database } from "#server/db/client.ts";
import { type AuditActor, recordAudit } from "./audit-log";
import { getSettings, saveSettings } from "./settings";

export async function saveAllSettings(
  db: Database,
  actor: AuditActor,
  /** Every setting; the questions and the deposit rule only when the form showed them. */
  input: Partial<Settings>,
): Promise<Settings> {
  return db.transaction(async (tx) => {
    const before = await getSettings(tx);
    const after = await saveSettings(tx, input);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of Object.keys(after) as (keyof Settings)[]) {
      // The questions are a list: compared by what they say.
      const from = auditValue(before, key);
      const to = auditValue(after, key);
      if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
    }
    await recordAudit(tx, actor, "settings.saved", { type: "settings" }, { changes });
    return after;
  });
}

/** A setting as the audit log shows it: each question as "Vehicle registration (required)". */
const auditValue = (settings: Settings, key: keyof Settings) =>
  key === "bookingQuestions" ? settings.bookingQuestions.map(questionWithAsk) : settings[key];
