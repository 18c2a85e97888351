// The audit log: every administrator's change is recorded in the same
// transaction as the change itself, so a change and its record stand or fall together.
import type { Executor } from "#server/db/client.ts";
import { auditLog } from "#server/db/schema.ts";

/** Who made the change: an administrator, or null for the system and command-line scripts. */
export type AuditActor = { id: string } | null;
/** What was changed: a kind of thing ("booking", "blocked_date", ...) and its id. */
export type AuditEntity = { type: string; id?: string | null };

export async function recordAudit(
  tx: Executor,
  actor: AuditActor,
  action: string,
  entity: AuditEntity,
  details: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: actor?.id ?? null,
    action,
    entityType: entity.type,
    entityId: entity.id ?? null,
    details,
  });
}
