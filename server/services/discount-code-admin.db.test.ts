import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { discountCodeFormSchema } from "#domain/forms/discount-code.ts";
import { auditLog, discountCodes, user } from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, insertBooking } from "#server/testing/factories.ts";
import {
  createDiscountCode,
  deleteDiscountCode,
  listDiscountCodes,
  setDiscountCodeActive,
  updateDiscountCode,
} from "./discount-code-admin";

const database = setupTestDatabase();

let codeNumber = 0;
const form = (overrides: Record<string, string> = {}) =>
  discountCodeFormSchema.parse({
    code: `spring${++codeNumber}`,
    description: "Spring special",
    discountType: "percentage",
    discountValue: "10",
    minimumAmount: "",
    usageLimit: "",
    validFrom: "2031-09-01",
    validUntil: "2031-11-30",
    isActive: "on",
    ...overrides,
  });

async function anAdmin() {
  const id = `admin-${Math.random().toString(36).slice(2)}`;
  await database()
    .db.insert(user)
    .values({ id, name: "Owner", email: `${id}@example.com` });
  return { id };
}

async function auditActions(entityId: string) {
  const rows = await database()
    .db.select({ action: auditLog.action, actor: auditLog.actorUserId })
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId));
  return rows;
}

describe("creating and editing discount codes", () => {
  it("stores the code uppercase with its rules, and audits it", async () => {
    const { db } = database();
    const admin = await anAdmin();
    const code = await createDiscountCode(
      db,
      admin,
      form({ code: "ten4one", usageLimit: "1", minimumAmount: "20" }),
    );
    expect(code).toMatchObject({
      code: "TEN4ONE",
      discountType: "percentage",
      discountValue: 10,
      minimumAmountCents: 2000,
      usageLimit: 1,
      usedCount: 0,
      validFrom: "2031-09-01",
      validUntil: "2031-11-30",
      isActive: true,
    });
    expect(await auditActions(code.id)).toEqual([
      { action: "discount_code.created", actor: admin.id },
    ]);
  });

  it("refuses a code that already exists, naming it", async () => {
    const { db } = database();
    await createDiscountCode(db, null, form({ code: "TWICE" }));
    const attempt = createDiscountCode(db, null, form({ code: "twice" }));
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toThrow("A discount code TWICE already exists.");
  });

  it("updates every field of the form", async () => {
    const { db } = database();
    const code = await createDiscountCode(db, null, form());
    const updated = await updateDiscountCode(
      db,
      null,
      code.id,
      form({
        code: code.code,
        discountType: "fixed_amount",
        discountValue: "15.50",
        usageLimit: "",
        validUntil: "",
        isActive: "",
      }),
    );
    expect(updated).toMatchObject({
      discountType: "fixed_amount",
      discountValue: 1550,
      usageLimit: null,
      validUntil: null,
      isActive: false,
    });
  });

  it("keeps the usage limit at or above the times the code was used", async () => {
    const { db } = database();
    const code = await createDiscountCode(db, null, form({ usageLimit: "5" }));
    await db.update(discountCodes).set({ usedCount: 3 }).where(eq(discountCodes.id, code.id));
    await expect(
      updateDiscountCode(db, null, code.id, form({ code: code.code, usageLimit: "2" })),
    ).rejects.toThrow(
      "This code has already been used 3 times, so its usage limit cannot be lower than 3.",
    );
    await expect(
      updateDiscountCode(db, null, code.id, form({ code: code.code, usageLimit: "3" })),
    ).resolves.toMatchObject({ usageLimit: 3, usedCount: 3 });
  });
});

describe("activating, deactivating and deleting discount codes", () => {
  it("switches a code off and on", async () => {
    const { db } = database();
    const admin = await anAdmin();
    const code = await createDiscountCode(db, admin, form());
    await setDiscountCodeActive(db, admin, code.id, false);
    expect((await listDiscountCodes(db)).find((c) => c.id === code.id)?.isActive).toBe(false);
    await setDiscountCodeActive(db, admin, code.id, true);
    expect((await listDiscountCodes(db)).find((c) => c.id === code.id)?.isActive).toBe(true);
    const actions = (await auditActions(code.id)).map((a) => a.action);
    expect(actions).toContain("discount_code.deactivated");
    expect(actions).toContain("discount_code.activated");
  });

  it("deletes an unused code", async () => {
    const { db } = database();
    const admin = await anAdmin();
    const code = await createDiscountCode(db, admin, form());
    await deleteDiscountCode(db, admin, code.id);
    expect((await listDiscountCodes(db)).some((c) => c.id === code.id)).toBe(false);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, code.id), eq(auditLog.action, "discount_code.deleted")));
    expect(entry?.details).toMatchObject({ before: { code: code.code } });
  });

  it("keeps a code that a booking carries, and says to deactivate it", async () => {
    const { db } = database();
    const code = await createDiscountCode(db, null, form());
    const site = await createCampsite(db);
    await insertBooking(db, site, { discountCodeId: code.id, status: "pending" });
    await expect(deleteDiscountCode(db, null, code.id)).rejects.toThrow(
      "This code is on 1 booking, so it is kept for their records. Deactivate it instead.",
    );
    expect((await listDiscountCodes(db)).some((c) => c.id === code.id)).toBe(true);
  });

  it("answers a code deleted in the meantime with a clear error", async () => {
    const { db } = database();
    const code = await createDiscountCode(db, null, form());
    await deleteDiscountCode(db, null, code.id);
    await expect(setDiscountCodeActive(db, null, code.id, false)).rejects.toThrow(
      "This discount code no longer exists.",
    );
  });
});

describe("an id that cannot exist", () => {
  it("is answered as not found, without reaching the database", async () => {
    const { db } = database();
    await expect(deleteDiscountCode(db, null, "1 OR 1=1")).rejects.toThrow(
      "This discount code no longer exists.",
    );
  });
});
