// Reading the audit log (issue 17 item 5, the owner's screen): who did what
// and when, newest first, filtered by person, action and farm days, a page at
// a time; plus the people and actions the filters offer. Each entry comes in
// the owner's words: the record by its name and a link, the details as lines
// (domain/format/audit-entry.ts), with names found when the log is read.
import { and, count, desc, eq, gte, isNull, lt, type SQL } from "drizzle-orm";
import { type AuditNames, type AuditRecord, auditDetailLines } from "#domain/format/audit-entry.ts";
import { auditRecordOf } from "#domain/format/audit-record.ts";
import { type AuditLogFilter, SYSTEM_ACTOR } from "#domain/forms/audit-log.ts";
import { addDays, startOfFarmDay } from "#domain/rules/dates.ts";
import type { Executor } from "#server/db/client.ts";
import { auditLog, user } from "#server/db/schema.ts";
import { auditNamesOf } from "./audit-log-names";

export const AUDIT_PAGE_SIZE = 50;

export type AuditEntry = {
  id: string;
  at: Date;
  actor: { id: string; email: string; name: string } | null;
  action: string;
  entityType: string;
  entityId: string | null;
  /** What the entry is about, e.g. "Booking RCS-1234, Jane Smith", and its screen. */
  record: AuditRecord;
  /** The details as read, e.g. "Weekend price: none -> $65.00". */
  lines: string[];
};

export type AuditPage = {
  entries: AuditEntry[];
  total: number;
  page: number;
  pageCount: number;
  people: { id: string; label: string }[];
  actions: string[];
};

export async function listAuditEntries(db: Executor, filter: AuditLogFilter): Promise<AuditPage> {
  const where = and(...conditionsOf(filter));
  const [totalRow] = await db.select({ n: count() }).from(auditLog).where(where);
  const total = totalRow?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const page = Math.min(filter.page, pageCount);
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.createdAt,
      actorId: user.id,
      actorEmail: user.email,
      actorName: user.name,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorUserId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  const [people, actions, names] = await Promise.all([
    peopleInLog(db),
    actionsInLog(db),
    auditNamesOf(db, rows),
  ]);
  return {
    entries: rows.map((row) => entryOf(row, names)),
    total,
    page,
    pageCount,
    people,
    actions,
  };
}

type Row = {
  id: string;
  at: Date;
  actorId: string | null;
  actorEmail: string | null;
  actorName: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  details: Record<string, unknown>;
};

function entryOf(row: Row, names: AuditNames): AuditEntry {
  const { actorId, actorEmail, actorName, details, ...rest } = row;
  return {
    ...rest,
    actor: actorId && actorEmail ? { id: actorId, email: actorEmail, name: actorName ?? "" } : null,
    record: auditRecordOf({ type: row.entityType, id: row.entityId, details }, names),
    lines: auditDetailLines(details, names),
  };
}

function conditionsOf(filter: AuditLogFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.person === SYSTEM_ACTOR) where.push(isNull(auditLog.actorUserId));
  else if (filter.person) where.push(eq(auditLog.actorUserId, filter.person));
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  // Days are the farm's: from its midnight up to the midnight after the 'to' day.
  if (filter.from) where.push(gte(auditLog.createdAt, startOfFarmDay(filter.from)));
  if (filter.to) where.push(lt(auditLog.createdAt, startOfFarmDay(addDays(filter.to, 1))));
  return where;
}

/** Everyone who appears in the log (removed staff too), by email. */
async function peopleInLog(db: Executor) {
  const rows = await db
    .selectDistinct({ id: user.id, email: user.email, name: user.name })
    .from(auditLog)
    .innerJoin(user, eq(user.id, auditLog.actorUserId))
    .orderBy(user.email);
  return rows.map((r) => ({ id: r.id, label: r.name ? `${r.name} (${r.email})` : r.email }));
}

async function actionsInLog(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .orderBy(auditLog.action);
  return rows.map((r) => r.action);
}
