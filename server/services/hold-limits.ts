// Nobody can hoard (decision 0012): per client (server/http/client-address.ts),
// a number of live holds at once, the nights of sites they hold together, and
// the holds started an hour, all in the saved settings. Each refusal is a 429 that says when to try again.
import { sql } from "drizzle-orm";
import type { Settings } from "#domain/forms/settings.ts";
import type { Executor } from "#server/db/client.ts";
import { rowsOf, theRow } from "#server/db/rows.ts";
import { bookings } from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import { type CountedRow, countRequest, rateLimitResult } from "./rate-limit";

export const tooManyLiveHolds = (max: number) =>
  `You already have ${max} ${max === 1 ? "booking" : "bookings"} waiting for payment. Please pay for or cancel one, or try again when its hold ends.`;

export const tooManyHeldNights = (max: number) =>
  `That would hold more than ${max} nights of sites for you at once. Please pay for or cancel a booking waiting for payment, or try again when its hold ends.`;

export const TOO_MANY_HOLDS_STARTED =
  "You have started a lot of bookings in the last hour. Please try again later.";

/** The advisory lock that keeps one client's racing holds from all passing the count. */
export const holdLimitsLock = (clientAddress: string) => `holds:${clientAddress}`;

type LimitsRow = CountedRow & {
  /** The client's other live holds, and when the first of them ends. */
  live: number;
  first_ends: Date | string | null;
  /** Nights held by all the client's live holds, the new one too. */
  nights: number;
};

/**
 * Both limits for a hold just inserted (`heldId`), in its transaction and
 * under `holdLimitsLock` (taken with the campsite's units, bookings.ts): a
 * refusal rolls the hold back, and the hour's count with it, so a refused
 * client stays refused until the window ends. One round trip: the hour's
 * count goes up and the client's other live holds are counted.
 */
export async function checkHoldLimits(
  tx: Executor,
  { clientAddress, heldId }: { clientAddress: string; heldId: string },
  settings: Pick<
    Settings,
    "maxLiveHoldsPerClient" | "holdsPerClientPerHour" | "maxHeldNightsPerClient"
  >,
  now: Date,
) {
  const rule = { name: "booking-hold", max: settings.holdsPerClientPerHour, windowSeconds: 3600 };
  const others = sql`${bookings.id} <> ${heldId}`;
  const result = await tx.execute(sql`
    with counted as (${countRequest(rule, clientAddress)})
    select counted.count, counted.retry_after, live.live, live.first_ends, live.nights
    from counted, (
      select count(*) filter (where ${others})::int as live,
        min(${bookings.holdExpiresAt}) filter (where ${others}) as first_ends,
        coalesce(sum(${bookings.checkOutDate} - ${bookings.checkInDate}), 0)::int as nights
      from ${bookings}
      where ${bookings.clientAddress} = ${clientAddress} and ${bookings.status} = 'pending'
        and ${bookings.holdExpiresAt} > ${now.toISOString()}::timestamptz
    ) live`);
  const row = theRow(rowsOf<LimitsRow>(result), "the hold limits row");
  if (Number(row.live) >= settings.maxLiveHoldsPerClient)
    refuse(tooManyLiveHolds(settings.maxLiveHoldsPerClient), row, now);
  if (Number(row.nights) > settings.maxHeldNightsPerClient)
    refuse(tooManyHeldNights(settings.maxHeldNightsPerClient), row, now);
  const counted = rateLimitResult(rule, row);
  if (!counted.allowed)
    throw new AppError("rate_limited", TOO_MANY_HOLDS_STARTED, {
      code: "too_many_holds",
      retryAfterSeconds: counted.retryAfterSeconds,
    });
}

/** A 429 that says to try again when the client's first other hold ends. */
function refuse(message: string, row: LimitsRow, now: Date): never {
  const firstEnds = row.first_ends ? new Date(row.first_ends).getTime() : now.getTime();
  throw new AppError("rate_limited", message, {
    code: "too_many_holds",
    retryAfterSeconds: Math.max(1, Math.ceil((firstEnds - now.getTime()) / 1000)),
  });
}
