// Whether the owner requires two-factor sign-in of everyone in the back
// office (decision 0018). Kept as one row of the settings table under its own
// key, apart from the booking settings, and changed only by the owner.
import { eq, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { settings } from "#server/db/schema.ts";
import { conflict } from "#server/errors.ts";
import { recordAudit } from "./audit-log";

const KEY = "twoFactorRequired";

export async function isTwoFactorRequired(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, KEY));
  return row?.value === true;
}

/**
 * Turns the requirement on or off, with its audit entry, in one transaction.
 * The owner turns it on only with two-factor on themselves: otherwise the
 * next screen they open would be their account page, this switch out of reach.
 */
export async function setTwoFactorRequired(
  db: Executor,
  owner: { id: string; twoFactorEnabled: boolean },
  required: boolean,
): Promise<void> {
  if (required && !owner.twoFactorEnabled) {
    throw conflict(
      "Turn on two-factor sign-in for your own account first (Your Account), then require it.",
      "two_factor_off",
    );
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: KEY, value: required })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: sql`excluded.value`, updatedAt: sql`now()` },
      });
    await recordAudit(
      tx,
      owner,
      "two_factor.requirement_changed",
      { type: "setting", id: KEY },
      {
        required,
      },
    );
  });
}

/**
 * True when this person must set up two-factor before using any other admin
 * screen: the owner requires it and they have not turned it on.
 */
export async function mustSetUpTwoFactor(
  db: Executor,
  user: { twoFactorEnabled: boolean },
): Promise<boolean> {
  return !user.twoFactorEnabled && (await isTwoFactorRequired(db));
}
