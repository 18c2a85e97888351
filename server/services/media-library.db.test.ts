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
import { livePage, pageHistory, publishPage, restorePage } from "./page-texts";
import { addSiteEvent, upcomingSiteEvents } from "./site-events";

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

describe("an event's picture", () => {
  it("is one of the library's, shown with the event, and gone with it from the library", async () => {
    const { db } = database();
    await db
      .insert(user)
      .values({ id: owner.id, name: "Olive", email: "o@example.com" })
      .onConflictDoNothing();
    const { storage } = memoryStorage();
    const photo = await cameraJpeg({ width: 1200, height: 900 });
    await addMediaPicture(db, storage, owner, photo, {
      alt: "Stars over the creek",
      caption: "Stars",
    });
    const picture = (await mediaLibrary(db)).find((p) => p.caption === "Stars");
    const night = {
      title: "Night sky",
      startsOn: "2031-04-04",
      endsOn: "2031-04-04",
      time: "8pm",
      description: "Telescopes by the fire.",
      pictureId: picture?.id ?? null,
    };
    await addSiteEvent(db, owner, night);
    const [shown] = await upcomingSiteEvents(db, "2031-04-01");
    expect(shown?.picture).toMatchObject({ url: picture?.url, alt: "Stars over the creek" });

    const unknown = { ...night, pictureId: "00000000-0000-4000-8000-000000000000" };
    await expect(addSiteEvent(db, owner, unknown)).rejects.toMatchObject({
      refusal: "invalid",
      fieldErrors: { pictureId: "That picture is no longer in the library" },
    });

    await removeMediaPicture(db, owner, picture?.id ?? "");
    const [after] = await upcomingSiteEvents(db, "2031-04-01");
    expect(after).toMatchObject({ title: "Night sky", pictureId: null });
    expect(after?.picture).toBeUndefined();
  });
});

describe("a page's picture", () => {
  it("is one of the library's in place of the built one, until it leaves the library", async () => {
    const { db } = database();
    await db
      .insert(user)
      .values({ id: owner.id, name: "Olive", email: "o@example.com" })
      .onConflictDoNothing();
    const photo = await cameraJpeg({ width: 1200, height: 900 });
    await addMediaPicture(db, memoryStorage().storage, owner, photo, {
      alt: "Tents at dawn",
      caption: "Dawn camp",
    });
    const picture = (await mediaLibrary(db)).find((p) => p.caption === "Dawn camp");
    const built = (await livePage(db, "camping")).hero;
    expect(built).toMatchObject({ src: "/images/camping/hero" });

    await publishPage(db, owner, "camping", { hero: picture?.id ?? "" });
    expect((await livePage(db, "camping")).hero).toMatchObject({
      url: picture?.url,
      alt: "Tents at dawn",
    });
    const unknown = { hero: "00000000-0000-4000-8000-000000000000" };
    await expect(publishPage(db, owner, "camping", unknown)).rejects.toMatchObject({
      refusal: "invalid",
      fieldErrors: { hero: "That picture is no longer in the library" },
    });

    await removeMediaPicture(db, owner, picture?.id ?? "");
    expect((await livePage(db, "camping")).hero).toEqual(built);
    // Restoring the version that chose it publishes the page with its built picture.
    const [chosen] = await pageHistory(db, "camping");
    expect(await restorePage(db, owner, "camping", chosen?.id ?? "")).toBe(true);
    const [restored] = await pageHistory(db, "camping");
    expect(restored?.body).toEqual({});
  });
});
