// Stays by their nights, asked the way the nights index is made (decision
// 0025): the range daterange(check-in, check-out) of a live booking (pending,
// paid or confirmed), so that any period of a long history is found through
// the index, not by reading every booking. The statuses are written into the
// SQL, not sent as values, so that the planner can always see that the
// partial index covers them.
import { type SQL, sql } from "drizzle-orm";
import { addDays, startOfFarmDay } from "#domain/rules/dates.ts";
import { soldStatuses } from "#domain/rules/occupancy.ts";
import { occupyingStatuses } from "#domain/rules/statuses.ts";
import { bookings } from "#server/db/schema.ts";

const listed = (statuses: readonly string[]) =>
  sql.raw(statuses.map((s) => `'${s.replace(/'/g, "''")}'`).join(", "));

/** Paid or confirmed: the bookings the farm has sold. */
export const soldStay: SQL = sql`${bookings.status} in (${listed(soldStatuses)})`;

/** Pending, paid or confirmed: every booking that holds its unit's nights, as the index covers them. */
export const occupyingStay: SQL = sql`${bookings.status} in (${listed(occupyingStatuses)})`;

/** A pending booking (a hold), as a literal the nights index can be proven to cover. */
export const pendingStay: SQL = sql`${bookings.status} = 'pending'`;

/** Stays with a night from `from` up to, not including, `to` (yyyy-MM-dd days). */
export const nightsOverlap = (from: string, to: string): SQL =>
  sql`daterange(${bookings.checkInDate}, ${bookings.checkOutDate}) && daterange(${from}::date, ${to}::date)`;

/** When a booking was ended; one ended before the time was kept counts when it last changed. */
export const endedAt = sql<Date>`coalesce(${bookings.cancelledAt}, ${bookings.updatedAt})`;

/**
 * Bookings cancelled or refunded on the farm days from `from` to `to`, asked
 * the way the ended index is made: its expression between two instants.
 */
export function endedInDays(from: string, to: string): SQL {
  const start = startOfFarmDay(from).toISOString();
  const end = startOfFarmDay(addDays(to, 1)).toISOString();
  return sql`${bookings.status} in ('cancelled', 'refunded')
    and ${endedAt} >= ${start}::timestamptz and ${endedAt} < ${end}::timestamptz`;
}
