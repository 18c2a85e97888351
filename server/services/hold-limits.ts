// Nobody can hoard (decision 0012): per client address, as TRUST_PROXY
// resolves it, a number of live holds at once and of holds started an hour,
// both in the saved settings. Each refusal is a 429 that says when to try again.
import { and, asc, eq, gt, ne, sql } from "drizzle-orm";
import type { Settings } from "#domain/forms/settings.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings } from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import { hitRateLimit } from "./rate-limit";

export const tooManyLiveHolds = (max: number) =>
  `You already have ${max} ${max === 1 ? "booking" : "bookings"} waiting for payment. Please pay for or cancel one, or try again when its hold ends.`;

export const TOO_MANY_HOLDS_STARTED =
  "You have started a lot of bookings in the last hour. Please try again later.";

/**
 * Both limits for a hold just inserted (`heldId`), in its transaction: a
 * refusal rolls the hold back, and the hour's count with it, so a refused
 * client stays refused until the window ends.
 */
export async function checkHoldLimits(
  tx: Executor,
  hold: { clientAddress: string; heldId: string },
  settings: Pick<Settings, "maxLiveHoldsPerClient" | "holdsPerClientPerHour">,
  now: Date,
) {
  await checkLiveHolds(tx, hold, settings, now);
  await countHoldStarted(tx, hold.clientAddress, settings);
}

/**
 * Refuses a new hold while the client has `maxLiveHoldsPerClient` other live
 * ones. The advisory lock (until the transaction ends) keeps one client's
 * racing requests from all passing the count.
 */
async function checkLiveHolds(
  tx: Executor,
  { clientAddress, heldId }: { clientAddress: string; heldId: string },
  settings: Pick<Settings, "maxLiveHoldsPerClient">,
  now: Date,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`holds:${clientAddress}`}))`);
  const live = await tx
    .select({ until: bookings.holdExpiresAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.clientAddress, clientAddress),
        eq(bookings.status, "pending"),
        gt(bookings.holdExpiresAt, now),
        ne(bookings.id, heldId),
      ),
    )
    .orderBy(asc(bookings.holdExpiresAt));
  const max = settings.maxLiveHoldsPerClient;
  if (live.length < max) return;
  const firstEnds = live[0]?.until?.getTime() ?? now.getTime();
  throw new AppError("rate_limited", tooManyLiveHolds(max), {
    code: "too_many_holds",
    retryAfterSeconds: Math.max(1, Math.ceil((firstEnds - now.getTime()) / 1000)),
  });
}

/** Counts a hold started by the client; refuses past `holdsPerClientPerHour`. */
async function countHoldStarted(
  db: Executor,
  clientAddress: string,
  settings: Pick<Settings, "holdsPerClientPerHour">,
) {
  const rule = { name: "booking-hold", max: settings.holdsPerClientPerHour, windowSeconds: 3600 };
  const result = await hitRateLimit(db, rule, clientAddress);
  if (!result.allowed)
    throw new AppError("rate_limited", TOO_MANY_HOLDS_STARTED, {
      code: "too_many_holds",
      retryAfterSeconds: result.retryAfterSeconds,
    });
}
