import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { campsiteFormSchema } from "#domain/forms/campsite.ts";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { auditLog, campsiteUnits, user } from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import { localDiskStorage } from "#server/storage/photo-storage.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, insertBooking, unitOf } from "#server/testing/factories.ts";
import { cameraJpeg } from "#server/testing/photos.ts";
import {
  createCampsite as createCampsiteAsAdmin,
  listCampsitesForAdmin,
  saveCampsitePhoto,
  setCampsiteActive,
  updateCampsite,
} from "./campsite-admin";

const database = setupTestDatabase();

async function anAdmin() {
  const id = `admin-${Math.random().toString(36).slice(2)}`;
  await database()
    .db.insert(user)
    .values({ id, name: "Owner", email: `${id}@example.com` });
  return { id };
}

const form = (overrides: Record<string, string> = {}) =>
  campsiteFormSchema.parse({
    name: "Paddock Sites",
    location: "Bottom paddock",
    description: "Flat and grassy",
    pricePerNight: "40",
    capacity: "4",
    quantity: "2",
    amenities: "parking, firewood",
    images: "/uploads/campsites/x.jpg",
    isActive: "on",
    ...overrides,
  });

async function unitsOf(campsiteId: string) {
  return database()
    .db.select()
    .from(campsiteUnits)
    .where(eq(campsiteUnits.campsiteId, campsiteId))
    .orderBy(asc(campsiteUnits.createdAt), asc(campsiteUnits.name));
}

describe("creating a campsite", () => {
  it("stores it with one active unit per spot and records who did it", async () => {
    const { db } = database();
    const admin = await anAdmin();
    const created = await createCampsiteAsAdmin(db, admin, form({ quantity: "3" }));
    expect(created).toMatchObject({
      name: "Paddock Sites",
      pricePerNightCents: 4000,
      capacity: 4,
      quantity: 3,
      amenities: ["parking", "firewood"],
      activeUnits: 3,
    });
    const units = await unitsOf(created.id);
    expect(units.map((u) => [u.name, u.isActive])).toEqual([
      ["Site 1", true],
      ["Site 2", true],
      ["Site 3", true],
    ]);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, "campsite.created")));
    expect(entry?.actorUserId).toBe(admin.id);
  });

  it("lists campsites newest first with their active spots", async () => {
    const { db } = database();
    const admin = await anAdmin();
    const older = await createCampsiteAsAdmin(db, admin, form({ name: "Older" }));
    const newer = await createCampsiteAsAdmin(db, admin, form({ name: "Newer", quantity: "5" }));
    const list = await listCampsitesForAdmin(db);
    const ids = list.map((c) => c.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((c) => c.id === newer.id)?.activeUnits).toBe(5);
  });
});

describe("changing a campsite's quantity keeps its units in step", () => {
  it("adds units when the quantity goes up", async () => {
    const { db } = database();
    const site = await createCampsite(db, { quantity: 2 });
    const updated = await updateCampsite(db, null, site.id, form({ quantity: "4" }));
    expect(updated.activeUnits).toBe(4);
    const units = await unitsOf(site.id);
    expect(units.filter((u) => u.isActive)).toHaveLength(4);
    expect(new Set(units.map((u) => u.name)).size).toBe(4);
  });

  it("deactivates free units (never deletes, never a booked one) when it goes down", async () => {
    const { db } = database();
    const site = await createCampsite(db, { quantity: 3 });
    // The first unit holds an upcoming booking; the other two are free.
    const booking = await insertBooking(db, site);
    await updateCampsite(db, null, site.id, form({ quantity: "1" }));
    const units = await unitsOf(site.id);
    expect(units).toHaveLength(3);
    expect(units.filter((u) => u.isActive).map((u) => u.id)).toEqual([booking.campsiteUnitId]);
  });

  it("refuses to go below the number of units with upcoming bookings, changing nothing", async () => {
    const { db } = database();
    const site = await createCampsite(db, { quantity: 2 });
    await insertBooking(db, site);
    await insertBooking(db, { ...site, units: [unitOf(site, 1)] });
    const attempt = updateCampsite(db, null, site.id, form({ quantity: "1", name: "Renamed" }));
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toThrow(
      "2 of its 2 spots have upcoming bookings, so the quantity cannot go below 2.",
    );
    const units = await unitsOf(site.id);
    expect(units.every((u) => u.isActive)).toBe(true);
    const [after] = await listCampsitesForAdmin(db).then((l) => l.filter((c) => c.id === site.id));
    expect(after?.name).toBe(site.name);
    expect(after?.quantity).toBe(2);
  });

  it("treats past, cancelled and expired bookings as not holding a unit", async () => {
    const { db } = database();
    const site = await createCampsite(db, { quantity: 2 });
    const today = farmToday();
    await insertBooking(db, site, {
      checkInDate: addDays(today, -5),
      checkOutDate: addDays(today, -2),
    });
    await insertBooking(db, { ...site, units: [unitOf(site, 1)] }, { status: "cancelled" });
    const updated = await updateCampsite(db, null, site.id, form({ quantity: "1" }));
    expect(updated.activeUnits).toBe(1);
  });

  it("reactivates units it deactivated before adding new ones", async () => {
    const { db } = database();
    const site = await createCampsite(db, { quantity: 3 });
    await updateCampsite(db, null, site.id, form({ quantity: "1" }));
    await updateCampsite(db, null, site.id, form({ quantity: "4" }));
    const units = await unitsOf(site.id);
    expect(units).toHaveLength(4);
    expect(units.every((u) => u.isActive)).toBe(true);
  });

  it("records the changed fields in the audit log", async () => {
    const { db } = database();
    const admin = await anAdmin();
    const site = await createCampsite(db, { quantity: 2, pricePerNightCents: 4000 });
    await updateCampsite(db, admin, site.id, form({ pricePerNight: "45", quantity: "3" }));
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, site.id), eq(auditLog.action, "campsite.updated")));
    expect(entry?.details).toMatchObject({
      changes: { pricePerNightCents: { from: 4000, to: 4500 }, quantity: { from: 2, to: 3 } },
      units: { added: 1, reactivated: 0, deactivated: 0 },
    });
  });
});

describe("activating and deactivating a campsite", () => {
  it("switches it off and on, and is audited", async () => {
    const { db } = database();
    const admin = await anAdmin();
    const site = await createCampsite(db);
    await setCampsiteActive(db, admin, site.id, false);
    expect((await listCampsitesForAdmin(db)).find((c) => c.id === site.id)?.isActive).toBe(false);
    await setCampsiteActive(db, admin, site.id, true);
    expect((await listCampsitesForAdmin(db)).find((c) => c.id === site.id)?.isActive).toBe(true);
    const actions = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, site.id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      "campsite.activated",
      "campsite.deactivated",
    ]);
  });

  it("answers a missing campsite with a clear error", async () => {
    const { db } = database();
    await expect(
      setCampsiteActive(db, null, "00000000-0000-4000-8000-000000000000", false),
    ).rejects.toThrow("This campsite no longer exists.");
  });
});

describe("uploading a campsite photo", () => {
  const root = mkdtempSync(path.join(tmpdir(), "rcs-photos-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  it("stores a JPEG as WebP at the pages' widths, returns its URL and audits the upload", async () => {
    const { db } = database();
    const admin = await anAdmin();
    const jpeg = await cameraJpeg({ width: 2000, height: 1000 });
    const url = await saveCampsitePhoto(db, localDiskStorage(root), admin, jpeg);
    expect(url).toMatch(/^\/uploads\/campsites\/[0-9a-f]+\.webp$/);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entityId, url));
    expect(entry).toMatchObject({
      action: "campsite_photo.uploaded",
      actorUserId: admin.id,
      details: { bytes: jpeg.length, contentType: "image/webp", widths: [1600, 800, 480] },
    });
  });

  it("refuses a file that is not a photo, storing nothing", async () => {
    const { db } = database();
    const storage = localDiskStorage(path.join(root, "refused"));
    const svg = new TextEncoder().encode("<svg><script>alert(1)</script></svg>");
    await expect(saveCampsitePhoto(db, storage, null, svg)).rejects.toThrow(
      "Please choose a JPEG, PNG, WebP or AVIF photo.",
    );
    // The right first bytes, but not a picture that decodes.
    const fake = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
    await expect(saveCampsitePhoto(db, storage, null, fake)).rejects.toThrow(
      "Please choose a JPEG, PNG, WebP or AVIF photo.",
    );
    await expect(saveCampsitePhoto(db, storage, null, new Uint8Array())).rejects.toThrow(
      "The photo is empty.",
    );
    expect(existsSync(path.join(root, "refused"))).toBe(false);
  });
});
