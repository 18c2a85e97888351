// The balances to come (issue 31): the deposit bookings whose balance is not
// yet settled, soonest due first, with what is owed and where the charge
// stands, so the owner sees the money still to arrive before it is late.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { BalanceToCome } from "#domain/api/money-figures.ts";
import { balanceDueOn } from "#domain/rules/deposits.ts";
import type { Executor } from "#server/db/client.ts";
import { balanceDueDay, bookings, campsites } from "#server/db/schema.ts";
import { paidCentsSql } from "./paid";

/** Most the Payments screen lists; the soonest due come first. */
export const BALANCES_TO_COME_LIMIT = 50;

export async function balancesToCome(db: Executor): Promise<BalanceToCome[]> {
  const paid = sql<number>`(${paidCentsSql(db, sql`${bookings.id}`)})`;
  const rows = await db
    .select({
      booking: bookings,
      campsiteName: campsites.name,
      paidCents: paid,
    })
    .from(bookings)
    .innerJoin(campsites, eq(campsites.id, bookings.campsiteId))
    .where(
      and(
        sql`${bookings.depositTerms} is not null`,
        isNull(bookings.balanceClosedAt),
        inArray(bookings.status, ["confirmed", "paid"]),
      ),
    )
    .orderBy(sql`(${balanceDueDay(bookings)})`, asc(bookings.id))
    .limit(BALANCES_TO_COME_LIMIT);
  return rows.flatMap(({ booking: b, campsiteName, paidCents }) =>
    b.depositTerms && b.finalAmountCents > paidCents
      ? [
          {
            bookingId: b.id,
            bookingReference: b.bookingReference,
            guestName: `${b.guestFirstName} ${b.guestLastName}`.trim(),
            campsiteName,
            checkIn: b.checkInDate,
            dueOn: balanceDueOn(b.depositTerms, b.checkInDate),
            owedCents: b.finalAmountCents - paidCents,
            cardKept: b.savedCard !== null,
            declined: b.balanceAttempts,
          },
        ]
      : [],
  );
}
