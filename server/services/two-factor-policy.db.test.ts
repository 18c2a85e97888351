// The owner's 'require two-factor' setting (decision 0018): off until set,
// audited when changed, and who must still set it up.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAuth } from "#server/auth.ts";
import { env } from "#server/config.ts";
import { auditLog } from "#server/db/schema.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createOrPromoteAdmin } from "./admin-accounts";
import { isTwoFactorRequired, mustSetUpTwoFactor, setTwoFactorRequired } from "./two-factor-policy";

const database = setupTestDatabase();

async function owner() {
  const { db } = database();
  const auth = createAuth(db, { ...env(), PUBLIC_URL: "http://localhost:3000" });
  const made = await createOrPromoteAdmin(
    { db, auth },
    { email: "policy-owner@example.com", password: "owner-password-1" },
  );
  return { id: made.userId, twoFactorEnabled: true };
}

describe("requiring two-factor", () => {
  it("is refused to an owner without two-factor themselves, who may still turn it off", async () => {
    const { db } = database();
    const actor = { ...(await owner()), twoFactorEnabled: false };
    await expect(setTwoFactorRequired(db, actor, true)).rejects.toMatchObject({
      code: "two_factor_off",
    });
    expect(await isTwoFactorRequired(db)).toBe(false);
    await setTwoFactorRequired(db, actor, false);
    expect(await isTwoFactorRequired(db)).toBe(false);
  });

  it("is off until the owner turns it on, and each change is audited with its value", async () => {
    const { db } = database();
    const actor = await owner();
    expect(await isTwoFactorRequired(db)).toBe(false);
    await setTwoFactorRequired(db, actor, true);
    expect(await isTwoFactorRequired(db)).toBe(true);
    await setTwoFactorRequired(db, actor, false);
    expect(await isTwoFactorRequired(db)).toBe(false);
    const entries = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "two_factor.requirement_changed"));
    expect(entries.map((e) => [e.actorUserId, e.details])).toEqual([
      [actor.id, { required: false }],
      [actor.id, { required: true }],
      [actor.id, { required: false }],
    ]);
  });

  it("sends only those without two-factor to set it up, and only while required", async () => {
    const { db } = database();
    const actor = await owner();
    await setTwoFactorRequired(db, actor, false);
    expect(await mustSetUpTwoFactor(db, { twoFactorEnabled: false })).toBe(false);
    await setTwoFactorRequired(db, actor, true);
    expect(await mustSetUpTwoFactor(db, { twoFactorEnabled: false })).toBe(true);
    expect(await mustSetUpTwoFactor(db, { twoFactorEnabled: true })).toBe(false);
  });
});
