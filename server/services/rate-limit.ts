// Fixed-window rate limits kept in the database, so every app process shares
// them (amendment 2.8: code and card validation, sign-in, contact messages).
import { sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { theRow } from "#server/db/rows.ts";
import { requestRateLimits } from "#server/db/schema.ts";

export type RateLimitRule = { name: string; max: number; windowSeconds: number };
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/** Counts one request for `subject` (an IP address, say) under `rule`. */
export async function hitRateLimit(
  db: Executor,
  rule: RateLimitRule,
  subject: string,
): Promise<RateLimitResult> {
  const key = `${rule.name}:${subject}`;
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const expired = sql`${requestRateLimits.windowStartedAt} <= now() - ${window}`;
  const row = theRow(
    await db
      .insert(requestRateLimits)
      .values({ key, windowStartedAt: sql`now()`, count: 1 })
      .onConflictDoUpdate({
        target: requestRateLimits.key,
        set: {
          count: sql`case when ${expired} then 1 else ${requestRateLimits.count} + 1 end`,
          windowStartedAt: sql`case when ${expired} then now() else ${requestRateLimits.windowStartedAt} end`,
        },
      })
      .returning({
        count: requestRateLimits.count,
        retryAfter: sql<number>`ceil(extract(epoch from (${requestRateLimits.windowStartedAt} + ${window} - now())))::int`,
      }),
    "the rate limit counter",
  );
  return {
    allowed: row.count <= rule.max,
    retryAfterSeconds: Math.max(1, Number(row.retryAfter)),
  };
}

export const TOO_MANY_REQUESTS = "Too many attempts. Please wait a minute and try again.";
