// The farm's events (issue 30, item 3): added, changed and removed by the
// owner, each change in the audit log. The public pages list those not yet
// over by the farm's date, soonest first; the home page shows the next.
import { asc, count, eq, gte, sql } from "drizzle-orm";
import type { FarmEvent } from "#content/events.ts";
import { isRowId } from "#domain/forms/row-id.ts";
import type { SiteEventInput } from "#domain/forms/site-event.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { mediaPictures, siteEvents } from "#server/db/schema.ts";
import { invalid } from "#server/errors.ts";
import { type AuditActor, recordAudit } from "./audit-log";

export type SiteEvent = FarmEvent & { id: string; pictureId: string | null };

const columns = {
  id: siteEvents.id,
  title: siteEvents.title,
  startsOn: siteEvents.startsOn,
  endsOn: siteEvents.endsOn,
  time: siteEvents.time,
  description: siteEvents.description,
  pictureId: siteEvents.pictureId,
  url: mediaPictures.url,
  width: mediaPictures.width,
  height: mediaPictures.height,
  widths: mediaPictures.widths,
  alt: mediaPictures.alt,
};

const withPictures = (db: Executor) =>
  db
    .select(columns)
    .from(siteEvents)
    .leftJoin(mediaPictures, eq(mediaPictures.id, siteEvents.pictureId));

type Row = Awaited<ReturnType<ReturnType<typeof withPictures>["execute"]>>[number];

const asEvent = (row: Row): SiteEvent => ({
  id: row.id,
  title: row.title,
  startDate: row.startsOn,
  ...(row.endsOn !== row.startsOn && { endDate: row.endsOn }),
  time: row.time,
  description: row.description,
  pictureId: row.pictureId,
  ...(row.url &&
    row.width &&
    row.height &&
    row.widths &&
    row.alt !== null && {
      picture: {
        url: row.url,
        width: row.width,
        height: row.height,
        widths: row.widths,
        alt: row.alt,
      },
    }),
});

/**
 * The event's picture is still in the library, held there until the
 * transaction ends (a removal waits), or it is refused on its field.
 */
async function holdPicture(tx: Executor, input: SiteEventInput) {
  if (!input.pictureId) return;
  const [found] = await tx
    .select({ id: mediaPictures.id })
    .from(mediaPictures)
    .where(eq(mediaPictures.id, input.pictureId))
    .for("key share");
  if (!found) throw invalid("That picture is no longer in the library", { field: "pictureId" });
}

/** Events not yet over on `today` (the farm's yyyy-MM-dd), soonest first. */
export async function upcomingSiteEvents(
  db: Executor,
  today: string,
  limit = 100,
): Promise<SiteEvent[]> {
  const rows = await withPictures(db)
    .where(gte(siteEvents.endsOn, today))
    .orderBy(asc(siteEvents.startsOn), asc(siteEvents.title))
    .limit(limit);
  return rows.map(asEvent);
}

/** A calendar of events, not an archive: past this the owner removes old ones to add another. */
export const MAX_SITE_EVENTS = 500;

/** Every event, past ones too, soonest first: the back office's list. */
export async function allSiteEvents(db: Executor): Promise<SiteEvent[]> {
  const rows = await withPictures(db).orderBy(asc(siteEvents.startsOn)).limit(MAX_SITE_EVENTS);
  return rows.map(asEvent);
}

export async function addSiteEvent(
  db: Database,
  actor: AuditActor,
  input: SiteEventInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    // One addition at a time, so two at once cannot both be the last one allowed.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('site_events add'))`);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(siteEvents);
    if (n >= MAX_SITE_EVENTS) {
      throw invalid(
        `The site holds ${MAX_SITE_EVENTS} events, its most: remove past ones to add another.`,
      );
    }
    await holdPicture(tx, input);
    const [row] = await tx.insert(siteEvents).values(input).returning({ id: siteEvents.id });
    await recordAudit(
      tx,
      actor,
      "site_event.added",
      { type: "site_event", id: row?.id },
      { title: input.title },
    );
  });
}

/** False when there is no such event (removed meanwhile). */
export async function changeSiteEvent(
  db: Database,
  actor: AuditActor,
  id: string,
  input: SiteEventInput,
): Promise<boolean> {
  if (!isRowId(id)) return false;
  return db.transaction(async (tx) => {
    await holdPicture(tx, input);
    const [row] = await tx
      .update(siteEvents)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(siteEvents.id, id))
      .returning({ id: siteEvents.id });
    if (row)
      await recordAudit(
        tx,
        actor,
        "site_event.changed",
        { type: "site_event", id },
        { title: input.title },
      );
    return row !== undefined;
  });
}

/** False when there is no such event. */
export async function removeSiteEvent(
  db: Database,
  actor: AuditActor,
  id: string,
): Promise<boolean> {
  if (!isRowId(id)) return false;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(siteEvents)
      .where(eq(siteEvents.id, id))
      .returning({ title: siteEvents.title });
    if (row)
      await recordAudit(
        tx,
        actor,
        "site_event.removed",
        { type: "site_event", id },
        { title: row.title },
      );
    return row !== undefined;
  });
}
