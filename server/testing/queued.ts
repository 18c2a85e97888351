// What a change left behind, for tests: the emails it queued for a booking
// and the audit entries it wrote for a record.
import { and, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { auditLog, emailOutbox } from "#server/db/schema.ts";

export const queuedEmails = (db: Executor, bookingId: string, kind: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.kind, kind)));

export const auditEntries = (db: Executor, entityId: string, action: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));
