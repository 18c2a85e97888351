// The Discount Codes screen's changes (spec 2.15, 7.4): create, edit,
// activate, deactivate and delete, each audited in its own transaction.
// A code that bookings already carry is kept (deactivate it instead), so
// those bookings still show which code they used.
import { count, desc, eq } from "drizzle-orm";
import type { DiscountCodeInput } from "#domain/forms/discount-code.ts";
import type { Database, Executor, Tx } from "#server/db/client.ts";
import { theRow } from "#server/db/rows.ts";
import { bookings, discountCodes } from "#server/db/schema.ts";
import { AppError, notFound } from "#server/errors.ts";
import { type AuditActor, recordAudit } from "./audit-log";
import { assertRowId, isUniqueViolation } from "./database-errors";

export type AdminDiscountCode = typeof discountCodes.$inferSelect;

export const DISCOUNT_CODE_NOT_FOUND = "This discount code no longer exists. Reload the page.";

export async function listDiscountCodes(db: Executor): Promise<AdminDiscountCode[]> {
  return db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt));
}

export async function createDiscountCode(
  db: Database,
  actor: AuditActor,
  input: DiscountCodeInput,
): Promise<AdminDiscountCode> {
  return db
    .transaction(async (tx) => {
      const code = theRow(
        await tx.insert(discountCodes).values(input).returning(),
        "the discount code",
      );
      await recordAudit(
        tx,
        actor,
        "discount_code.created",
        {
          type: "discount_code",
          id: code.id,
        },
        { ...input },
      );
      return code;
    })
    .catch((error) => rethrowClash(error, input.code));
}

export async function updateDiscountCode(
  db: Database,
  actor: AuditActor,
  id: string,
  input: DiscountCodeInput,
): Promise<AdminDiscountCode> {
  return db
    .transaction(async (tx) => {
      const before = await lockCode(tx, id);
      if (input.usageLimit !== null && input.usageLimit < before.usedCount) {
        throw new AppError(
          "conflict",
          `This code has already been used ${before.usedCount} times, so its usage limit cannot be lower than ${before.usedCount}.`,
          { field: "usageLimit" },
        );
      }
      const code = theRow(
        await tx.update(discountCodes).set(input).where(eq(discountCodes.id, id)).returning(),
        "the discount code",
      );
      await recordAudit(
        tx,
        actor,
        "discount_code.updated",
        { type: "discount_code", id },
        {
          before: snapshot(before),
          after: { ...input },
        },
      );
      return code;
    })
    .catch((error) => rethrowClash(error, input.code));
}

export async function setDiscountCodeActive(
  db: Database,
  actor: AuditActor,
  id: string,
  isActive: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockCode(tx, id);
    await tx.update(discountCodes).set({ isActive }).where(eq(discountCodes.id, id));
    await recordAudit(
      tx,
      actor,
      isActive ? "discount_code.activated" : "discount_code.deactivated",
      { type: "discount_code", id },
      { code: before.code },
    );
  });
}

export async function deleteDiscountCode(
  db: Database,
  actor: AuditActor,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockCode(tx, id);
    const [used] = await tx
      .select({ n: count() })
      .from(bookings)
      .where(eq(bookings.discountCodeId, id));
    const onBookings = used?.n ?? 0;
    if (onBookings > 0 || before.usedCount > 0) {
      throw new AppError(
        "conflict",
        `This code is on ${Math.max(onBookings, before.usedCount)} booking${Math.max(onBookings, before.usedCount) === 1 ? "" : "s"}, so it is kept for their records. Deactivate it instead.`,
        { code: "in_use" },
      );
    }
    await tx.delete(discountCodes).where(eq(discountCodes.id, id));
    await recordAudit(
      tx,
      actor,
      "discount_code.deleted",
      { type: "discount_code", id },
      {
        before: snapshot(before),
      },
    );
  });
}

async function lockCode(tx: Tx, id: string) {
  assertRowId(id, DISCOUNT_CODE_NOT_FOUND);
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for("update");
  if (!row) throw notFound(DISCOUNT_CODE_NOT_FOUND);
  return row;
}

function snapshot(code: AdminDiscountCode) {
  const { createdAt: _createdAt, ...rest } = code;
  return rest;
}

function rethrowClash(error: unknown, code: string): never {
  if (isUniqueViolation(error)) {
    throw new AppError("conflict", `A discount code ${code} already exists.`, { field: "code" });
  }
  throw error;
}
