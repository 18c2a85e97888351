// Export feed tokens: every campsite and every unit gets a secret, random
// token that names its calendar URL; regenerating it revokes the old URL.
import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { publicUrl } from "#server/config.ts";
import type { Executor } from "#server/db/client.ts";
import { campsites, campsiteUnits } from "#server/db/schema.ts";

/** 24 random bytes: 32 URL-safe characters nobody can guess. */
export const newFeedToken = () => randomBytes(24).toString("base64url");

const TOKEN_FILE = /^([A-Za-z0-9_-]{20,128})\.ics$/;

/** The token of a `<token>.ics` file name, or null when it cannot be one. */
export function tokenOfFileName(fileName: string): string | null {
  return TOKEN_FILE.exec(fileName)?.[1] ?? null;
}

export const exportFeedUrl = (token: string, origin = publicUrl()) =>
  `${origin}/api/calendar/${token}.ics`;

/** Gives the campsite and each of its units a feed token where they have none yet. */
export async function ensureFeedTokens(db: Executor, campsiteId: string): Promise<void> {
  await db
    .update(campsites)
    .set({ feedToken: newFeedToken() })
    .where(and(eq(campsites.id, campsiteId), isNull(campsites.feedToken)));
  const missing = await db
    .select({ id: campsiteUnits.id })
    .from(campsiteUnits)
    .where(and(eq(campsiteUnits.campsiteId, campsiteId), isNull(campsiteUnits.feedToken)));
  for (const unit of missing) {
    await db
      .update(campsiteUnits)
      .set({ feedToken: newFeedToken() })
      .where(and(eq(campsiteUnits.id, unit.id), isNull(campsiteUnits.feedToken)));
  }
}

export type FeedTarget = { kind: "campsite" | "unit"; id: string };

/** Replaces a feed token; the old URL answers 404 from now on. Returns the new token, or null if unknown. */
export async function regenerateFeedToken(
  db: Executor,
  target: FeedTarget,
): Promise<string | null> {
  const token = newFeedToken();
  const table = target.kind === "campsite" ? campsites : campsiteUnits;
  const rows = await db
    .update(table)
    .set({ feedToken: token })
    .where(eq(table.id, target.id))
    .returning({ id: table.id });
  return rows.length > 0 ? token : null;
}
