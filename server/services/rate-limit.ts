// Fixed-window rate limits kept in the database, so every app process shares
// them (amendment 2.8: code and card validation, sign-in, contact messages).
import { lt, type SQL, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { rowsOf, theRow } from "#server/db/rows.ts";
import { rateLimit, requestRateLimits } from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";

export type RateLimitRule = { name: string; max: number; windowSeconds: number };
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/** What counting a request answers: the window's count so far and the seconds it has left. */
export type CountedRow = { count: number; retry_after: number };

/**
 * The statement that counts one request for `subject` (an IP address, say)
 * under `rule`, returning a `CountedRow`; usable as a CTE by a caller that
 * reads more in the same round trip (hold-limits.ts).
 */
export function countRequest(rule: RateLimitRule, subject: string): SQL {
  const key = `${rule.name}:${subject}`;
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const expired = sql`${requestRateLimits}.window_started_at <= now() - ${window}`;
  return sql`insert into ${requestRateLimits} (key, window_started_at, count)
    values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when ${expired} then 1 else ${requestRateLimits}.count + 1 end,
      window_started_at = case when ${expired} then now() else ${requestRateLimits}.window_started_at end
    returning count,
      ceil(extract(epoch from (window_started_at + ${window} - now())))::int as retry_after`;
}

/** The answer to a counted request. */
export function rateLimitResult(rule: RateLimitRule, row: CountedRow): RateLimitResult {
  return {
    allowed: Number(row.count) <= rule.max,
    retryAfterSeconds: Math.max(1, Number(row.retry_after)),
  };
}

/** Counts one request for `subject` under `rule`. */
export async function hitRateLimit(
  db: Executor,
  rule: RateLimitRule,
  subject: string,
): Promise<RateLimitResult> {
  const rows = rowsOf<CountedRow>(await db.execute(countRequest(rule, subject)));
  return rateLimitResult(rule, theRow(rows, "the rate limit counter"));
}

/** Whether one more request for `subject` would be allowed under `rule`, without counting it. */
export async function peekRateLimit(
  db: Executor,
  rule: RateLimitRule,
  subject: string,
): Promise<RateLimitResult> {
  const key = `${rule.name}:${subject}`;
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const [row] = rowsOf<CountedRow>(
    await db.execute(sql`select count,
        ceil(extract(epoch from (window_started_at + ${window} - now())))::int as retry_after
      from ${requestRateLimits}
      where key = ${key} and window_started_at > now() - ${window}`),
  );
  if (!row) return { allowed: true, retryAfterSeconds: 0 };
  return { ...rateLimitResult(rule, row), allowed: Number(row.count) < rule.max };
}

/** The refusal, saying when to try again as the Retry-After header does. */
export function tooManyRequests(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait =
    retryAfterSeconds < 60
      ? `${Math.max(1, retryAfterSeconds)} seconds`
      : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `Too many attempts. Please try again in ${wait}.`;
}

/** Counts the request, or refuses it (429 with when to try again) past the rule's limit. */
export async function spendRateLimit(db: Executor, rule: RateLimitRule, subject: string) {
  const limit = await hitRateLimit(db, rule, subject);
  if (!limit.allowed)
    throw new AppError("rate_limited", tooManyRequests(limit.retryAfterSeconds), {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
}

/** Counters idle this long are dropped; the longest window is an hour. */
const KEPT_FOR_MS = 24 * 60 * 60 * 1000;

/**
 * Drops the counters of windows long over, ours and Better Auth's, so the
 * tables hold the clients of the last day, not of every day. Returns how many.
 */
export async function pruneRateLimits(db: Executor, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - KEPT_FOR_MS);
  const ours = await db
    .delete(requestRateLimits)
    .where(lt(requestRateLimits.windowStartedAt, before))
    .returning({ key: requestRateLimits.key });
  const theirs = await db
    .delete(rateLimit)
    .where(lt(rateLimit.lastRequest, before.getTime()))
    .returning({ key: rateLimit.key });
  return ours.length + theirs.length;
}
