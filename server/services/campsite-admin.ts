// The Campsites screen's changes (spec 2.15, 7.4): create, edit, activate and
// deactivate; campsites are never deleted. A campsite of quantity N has N
// active units; changing the quantity adds or reactivates units, or
// deactivates surplus ones that hold no upcoming booking. Units are never
// deleted, so past bookings keep their unit.
import { and, asc, desc, eq, gt, inArray } from "drizzle-orm";
import type { CampsiteInput } from "#domain/forms/campsite.ts";
import { farmToday } from "#domain/rules/dates.ts";
import { occupyingStatuses } from "#domain/rules/statuses.ts";
import type { Database, Executor, Tx } from "#server/db/client.ts";
import { theRow } from "#server/db/rows.ts";
import { bookings, campsites, campsiteUnits } from "#server/db/schema.ts";
import { AppError, notFound } from "#server/errors.ts";
import { encodePhoto, PHOTO_FORMAT } from "#server/storage/photo-encoding.ts";
import type { PhotoStorage } from "#server/storage/photo-storage.ts";
import { type AuditActor, recordAudit } from "./audit-log";
import { assertRowId } from "./database-errors";

export type AdminCampsite = typeof campsites.$inferSelect & { activeUnits: number };

export const CAMPSITE_NOT_FOUND = "This campsite no longer exists. Reload the page.";

/** Every campsite, newest first, with its count of active units (spots). */
export async function listCampsitesForAdmin(db: Executor): Promise<AdminCampsite[]> {
  const rows = await db.select().from(campsites).orderBy(desc(campsites.createdAt));
  const units = await db
    .select({ campsiteId: campsiteUnits.campsiteId })
    .from(campsiteUnits)
    .where(eq(campsiteUnits.isActive, true));
  const active = new Map<string, number>();
  for (const u of units) active.set(u.campsiteId, (active.get(u.campsiteId) ?? 0) + 1);
  return rows.map((c) => ({ ...c, activeUnits: active.get(c.id) ?? 0 }));
}

export async function createCampsite(
  db: Database,
  actor: AuditActor,
  input: CampsiteInput,
): Promise<AdminCampsite> {
  return db.transaction(async (tx) => {
    const campsite = theRow(await tx.insert(campsites).values(input).returning(), "the campsite");
    await tx.insert(campsiteUnits).values(
      Array.from({ length: input.quantity }, (_, i) => ({
        campsiteId: campsite.id,
        name: `Site ${i + 1}`,
      })),
    );
    await recordAudit(
      tx,
      actor,
      "campsite.created",
      { type: "campsite", id: campsite.id },
      {
        ...input,
      },
    );
    return { ...campsite, activeUnits: input.quantity };
  });
}

export async function updateCampsite(
  db: Database,
  actor: AuditActor,
  id: string,
  input: CampsiteInput,
  now: Date = new Date(),
): Promise<AdminCampsite> {
  return db.transaction(async (tx) => {
    const before = await lockCampsite(tx, id);
    const unitChanges = await setActiveUnitCount(tx, id, input.quantity, farmToday(now));
    const campsite = theRow(
      await tx.update(campsites).set(input).where(eq(campsites.id, id)).returning(),
      "the campsite",
    );
    await recordAudit(
      tx,
      actor,
      "campsite.updated",
      { type: "campsite", id },
      {
        changes: changedFields(before, input),
        units: unitChanges,
      },
    );
    return { ...campsite, activeUnits: input.quantity };
  });
}

export async function setCampsiteActive(
  db: Database,
  actor: AuditActor,
  id: string,
  isActive: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCampsite(tx, id);
    await tx.update(campsites).set({ isActive }).where(eq(campsites.id, id));
    await recordAudit(tx, actor, isActive ? "campsite.activated" : "campsite.deactivated", {
      type: "campsite",
      id,
    });
  });
}

/**
 * Stores an uploaded campsite photo, re-encoded (storage/photo-encoding.ts);
 * returns the URL to put in the campsite's images.
 */
export async function saveCampsitePhoto(
  db: Executor,
  storage: PhotoStorage,
  actor: AuditActor,
  bytes: Uint8Array,
): Promise<string> {
  const files = await encodePhoto(bytes);
  const url = await storage.save("campsites", files, PHOTO_FORMAT);
  await recordAudit(
    db,
    actor,
    "campsite_photo.uploaded",
    { type: "campsite_photo", id: url },
    {
      bytes: bytes.length,
      contentType: PHOTO_FORMAT.contentType,
      widths: files.map((f) => f.width),
    },
  );
  return url;
}

async function lockCampsite(tx: Tx, id: string) {
  assertRowId(id, CAMPSITE_NOT_FOUND);
  const [row] = await tx.select().from(campsites).where(eq(campsites.id, id)).for("update");
  if (!row) throw notFound(CAMPSITE_NOT_FOUND);
  return row;
}

type UnitChanges = { added: number; reactivated: number; deactivated: number };

/**
 * Brings the campsite's active units to `target`: reactivates inactive units
 * first, then adds new ones; or deactivates the newest units that hold no
 * booking from `today` on, refusing when too few are free.
 */
async function setActiveUnitCount(
  tx: Tx,
  campsiteId: string,
  target: number,
  today: string,
): Promise<UnitChanges> {
  const units = await tx
    .select()
    .from(campsiteUnits)
    .where(eq(campsiteUnits.campsiteId, campsiteId))
    .orderBy(asc(campsiteUnits.createdAt), asc(campsiteUnits.name))
    .for("update");
  const active = units.filter((u) => u.isActive);
  const changes: UnitChanges = { added: 0, reactivated: 0, deactivated: 0 };

  if (target > active.length) {
    const reactivate = units.filter((u) => !u.isActive).slice(0, target - active.length);
    if (reactivate.length > 0) {
      await tx
        .update(campsiteUnits)
        .set({ isActive: true })
        .where(
          inArray(
            campsiteUnits.id,
            reactivate.map((u) => u.id),
          ),
        );
    }
    const add = target - active.length - reactivate.length;
    if (add > 0) {
      await tx.insert(campsiteUnits).values(
        Array.from({ length: add }, (_, i) => ({
          campsiteId,
          name: `Site ${units.length + i + 1}`,
        })),
      );
    }
    changes.reactivated = reactivate.length;
    changes.added = add;
  } else if (target < active.length) {
    const busy = await unitsWithUpcomingBookings(
      tx,
      active.map((u) => u.id),
      today,
    );
    const free = active.filter((u) => !busy.has(u.id)).reverse();
    const surplus = active.length - target;
    if (free.length < surplus) {
      const lowest = active.length - free.length;
      throw new AppError(
        "conflict",
        `${busy.size} of its ${active.length} spots have upcoming bookings, so the quantity cannot go below ${lowest}. Cancel or finish those bookings first.`,
        { code: "in_use", field: "quantity" },
      );
    }
    await tx
      .update(campsiteUnits)
      .set({ isActive: false })
      .where(
        inArray(
          campsiteUnits.id,
          free.slice(0, surplus).map((u) => u.id),
        ),
      );
    changes.deactivated = surplus;
  }
  return changes;
}

/** Units holding a pending, paid or confirmed booking that has not yet checked out. */
async function unitsWithUpcomingBookings(tx: Tx, unitIds: string[], today: string) {
  if (unitIds.length === 0) return new Set<string>();
  const rows = await tx
    .selectDistinct({ unitId: bookings.campsiteUnitId })
    .from(bookings)
    .where(
      and(
        inArray(bookings.campsiteUnitId, unitIds),
        inArray(bookings.status, [...occupyingStatuses]),
        gt(bookings.checkOutDate, today),
      ),
    );
  return new Set(rows.map((r) => r.unitId));
}

function changedFields(before: typeof campsites.$inferSelect, after: CampsiteInput) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as (keyof CampsiteInput)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changes[key] = { from: before[key], to: after[key] };
    }
  }
  return changes;
}
