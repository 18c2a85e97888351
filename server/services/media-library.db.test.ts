import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, user } from "#server/db/schema.ts";
import type { PhotoStorage } from "#server/storage/photo-storage.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { cameraJpeg } from "#server/testing/photos.ts";
import {
  addMediaPicture,
  mediaLibrary,
  moveMediaPicture,
  removeMediaPicture,
} from "./media-library";

const database = setupTestDatabase();
const owner = { id: "owner" };

/** Keeps what it is given, as the disk or the object store would. */
function memoryStorage() {
  const saved: { folder: string; suffixes: string[] }[] = [];
  const storage: PhotoStorage = {
    async save(folder, files) {
      saved.push({ folder, suffixes: files.map((f) => f.suffix) });
      return `/uploads/${folder}/picture-${saved.length}.webp`;
    },
  };
  return { storage, saved };
}

describe("the media library", () => {
  it("stores a photo's sizes, keeps its words and order, and removes it", async () => {
    const { db } = database();
    await db.insert(user).values({ id: owner.id, name: "Olive", email: "o@example.com" });
    const { storage, saved } = memoryStorage();
    const photo = await cameraJpeg({ width: 2000, height: 1500 });
    for (const caption of ["Creek", "Herd", "Campfire"]) {
      await addMediaPicture(db, storage, owner, photo, { alt: `The ${caption}`, caption });
    }
    expect(saved[0]).toEqual({ folder: "media", suffixes: ["", "-800", "-480"] });
    const library = await mediaLibrary(db);
    expect(library.map((p) => p.caption)).toEqual(["Creek", "Herd", "Campfire"]);
    expect(library[0]).toMatchObject({ width: 1600, height: 1200, widths: [1600, 800, 480] });

    const herd = library[1]?.id ?? "";
    expect(await moveMediaPicture(db, owner, herd, -1)).toBe(true);
    expect((await mediaLibrary(db)).map((p) => p.caption)).toEqual(["Herd", "Creek", "Campfire"]);
    // At the top it stays there: nothing changes, nothing is recorded.
    expect(await moveMediaPicture(db, owner, herd, -1)).toBe(true);
    expect((await mediaLibrary(db)).map((p) => p.caption)).toEqual(["Herd", "Creek", "Campfire"]);

    expect(await removeMediaPicture(db, owner, herd)).toBe(true);
    expect(await removeMediaPicture(db, owner, herd)).toBe(false);
    expect(await moveMediaPicture(db, owner, herd, 1)).toBe(false);
    expect((await mediaLibrary(db)).map((p) => p.caption)).toEqual(["Creek", "Campfire"]);
    const audited = await db.select().from(auditLog).where(eq(auditLog.actorUserId, owner.id));
    expect(audited.map((a) => a.action).sort()).toEqual([
      "media_picture.added",
      "media_picture.added",
      "media_picture.added",
      "media_picture.moved",
      "media_picture.removed",
    ]);
  });

  it("refuses a file that is not a photo, storing nothing", async () => {
    const { db } = database();
    const { storage, saved } = memoryStorage();
    const before = (await mediaLibrary(db)).length;
    await expect(
      addMediaPicture(db, storage, owner, new TextEncoder().encode("<svg/>"), {
        alt: "x",
        caption: "x",
      }),
    ).rejects.toThrow(/JPEG, PNG, WebP or AVIF/);
    expect(saved).toEqual([]);
    expect((await mediaLibrary(db)).length).toBe(before);
  });
});
