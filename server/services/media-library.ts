// The farm's media library (issue 30, item 5): pictures uploaded through the
// photo pipeline (upright, no location data, WebP sizes), with their alt text
// and caption, in the owner's order. The gallery shows them before its own.
import { asc, count, eq, sql } from "drizzle-orm";
import type { UploadedPicture } from "#content/images.ts";
import type { MediaPictureWords } from "#domain/forms/media-picture.ts";
import { isRowId } from "#domain/forms/row-id.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { mediaPictures } from "#server/db/schema.ts";
import { invalid } from "#server/errors.ts";
import { encodePhoto, PHOTO_FORMAT } from "#server/storage/photo-encoding.ts";
import type { PhotoStorage } from "#server/storage/photo-storage.ts";
import { type AuditActor, recordAudit } from "./audit-log";

export type MediaPicture = UploadedPicture & { id: string; caption: string };

/** A gallery, not an archive: past this the owner removes one to add another. */
export const MAX_MEDIA_PICTURES = 200;

/** One change of the order at a time: adds and moves never interleave. */
const lockOrder = (tx: Executor) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('media_pictures order'))`);

/** Every picture of the library, in the owner's order. */
export function mediaLibrary(db: Executor): Promise<MediaPicture[]> {
  return db
    .select({
      id: mediaPictures.id,
      url: mediaPictures.url,
      width: mediaPictures.width,
      height: mediaPictures.height,
      widths: mediaPictures.widths,
      alt: mediaPictures.alt,
      caption: mediaPictures.caption,
    })
    .from(mediaPictures)
    .orderBy(asc(mediaPictures.position), asc(mediaPictures.createdAt))
    .limit(MAX_MEDIA_PICTURES);
}

async function refuseFullLibrary(db: Executor) {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(mediaPictures);
  if (n >= MAX_MEDIA_PICTURES) {
    throw invalid(
      `The library holds ${MAX_MEDIA_PICTURES} pictures, its most: remove one to add another.`,
    );
  }
}

/** Encodes and stores the photo, then adds it at the end of the library. */
export async function addMediaPicture(
  db: Database,
  storage: PhotoStorage,
  actor: AuditActor,
  photo: Uint8Array,
  words: MediaPictureWords,
): Promise<void> {
  // Refused before the photo is encoded, and again under the lock: uploads at once count each other.
  await refuseFullLibrary(db);
  const files = await encodePhoto(photo);
  const [largest] = files;
  if (!largest) throw new Error("the photo pipeline made no file");
  const url = await storage.save("media", files, PHOTO_FORMAT);
  await db.transaction(async (tx) => {
    await lockOrder(tx);
    await refuseFullLibrary(tx);
    const [row] = await tx
      .insert(mediaPictures)
      .values({
        url,
        width: largest.width,
        height: largest.height,
        widths: files.map((f) => f.width),
        ...words,
        position: sql`(select coalesce(max(position), 0) + 1 from media_pictures)`,
      })
      .returning({ id: mediaPictures.id });
    await recordAudit(
      tx,
      actor,
      "media_picture.added",
      { type: "media_picture", id: row?.id },
      {
        caption: words.caption,
      },
    );
  });
}

/** Swaps the picture with its neighbour before (-1) or after (1); false when it is not there. */
export async function moveMediaPicture(
  db: Database,
  actor: AuditActor,
  id: string,
  by: -1 | 1,
): Promise<boolean> {
  if (!isRowId(id)) return false;
  return db.transaction(async (tx) => {
    await lockOrder(tx);
    const all = await mediaLibrary(tx);
    const index = all.findIndex((p) => p.id === id);
    const other = all[index + by];
    const picture = all[index];
    if (!picture) return false;
    if (!other) return true;
    const order = all.map((p) => p.id);
    order[index] = other.id;
    order[index + by] = picture.id;
    for (const [position, pictureId] of order.entries()) {
      await tx.update(mediaPictures).set({ position }).where(eq(mediaPictures.id, pictureId));
    }
    await recordAudit(tx, actor, "media_picture.moved", { type: "media_picture", id }, { by });
    return true;
  });
}

/** Takes the picture off the site (its files stay: a cached page may still show them). */
export async function removeMediaPicture(db: Database, actor: AuditActor, id: string) {
  if (!isRowId(id)) return false;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(mediaPictures)
      .where(eq(mediaPictures.id, id))
      .returning({ caption: mediaPictures.caption });
    if (row) {
      await recordAudit(
        tx,
        actor,
        "media_picture.removed",
        { type: "media_picture", id },
        {
          caption: row.caption,
        },
      );
    }
    return row !== undefined;
  });
}
