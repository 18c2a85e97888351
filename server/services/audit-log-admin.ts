// Reading the audit log (issue 17 item 5, the owner's screen): who did what
// and when, newest first, filtered by person, action and farm days, a page at
// a time; plus the people and actions the filters offer. Each entry comes in
// the owner's words: the record by its name and a link, the details as lines
// (domain/format/audit-entry.ts), with names found when the log is read.
import { and, count, desc, eq, gte, isNull, lt, type SQL, sql } from "drizzle-orm";
import { type AuditNames, type AuditRecord, auditDetailLines } from "#domain/format/audit-entry.ts";
import { auditRecordOf } from "#domain/format/audit-record.ts";
import { AUDIT_COUNT_LIMIT, type AuditLogFilter, SYSTEM_ACTOR } from "#domain/forms/audit-log.ts";
import { addDays, startOfFarmDay } from "#domain/rules/dates.ts";
import type { Executor } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";
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
  /** The entries matching, or null for more than AUDIT_COUNT_LIMIT. */
  total: number | null;
  page: number;
  /** Null when the total is not counted. */
  pageCount: number | null;
  /** Whether older entries follow this page. */
  hasOlder: boolean;
  people: { id: string; label: string }[];
  actions: string[];
};

export async function listAuditEntries(db: Executor, filter: AuditLogFilter): Promise<AuditPage> {
  const where = and(...conditionsOf(filter));
  const total = await countUpTo(db, where, AUDIT_COUNT_LIMIT);
  const pageCount = total === null ? null : Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const page = pageCount === null ? filter.page : Math.min(filter.page, pageCount);
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
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  const shown = rows.slice(0, AUDIT_PAGE_SIZE);
  const [people, actions, names] = await Promise.all([
    peopleInLog(db),
    actionsInLog(db),
    auditNamesOf(db, shown),
  ]);
  return {
    entries: shown.map((row) => entryOf(row, names)),
    total,
    page,
    pageCount,
    hasOlder: rows.length > AUDIT_PAGE_SIZE,
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

/** The entries matching `where`, counted up to `limit`; null when more match. */
async function countUpTo(db: Executor, where: SQL | undefined, limit: number) {
  const matching = db
    .select({ one: sql`1` })
    .from(auditLog)
    .where(where)
    .limit(limit + 1)
    .as("matching");
  const [row] = await db.select({ n: count() }).from(matching);
  const n = row?.n ?? 0;
  return n > limit ? null : n;
}

// The people and the actions in the log, each found by a loose index scan:
// one probe of its index per distinct value, where "select distinct" would
// read every entry of a long log.

/** Everyone who appears in the log (removed staff too), by email. */
async function peopleInLog(db: Executor) {
  const rows = rowsOf<{ id: string; email: string; name: string }>(
    await db.execute(sql`
      with recursive actors(id) as (
        select min(actor_user_id) from ${auditLog}
        union all
        select (select min(l.actor_user_id) from ${auditLog} l where l.actor_user_id > a.id)
          from actors a where a.id is not null
      )
      select u.id, u.email, u.name from actors a join ${user} u on u.id = a.id
       order by u.email`),
  );
  return rows.map((r) => ({ id: r.id, label: r.name ? `${r.name} (${r.email})` : r.email }));
}

async function actionsInLog(db: Executor): Promise<string[]> {
  const rows = rowsOf<{ action: string }>(
    await db.execute(sql`
      with recursive actions(action) as (
        select min(action) from ${auditLog}
        union all
        select (select min(l.action) from ${auditLog} l where l.action > a.action)
          from actions a where a.action is not null
      )
      select action from actions where action is not null order by action`),
  );
  return rows.map((r) => r.action);
}
