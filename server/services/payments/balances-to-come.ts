// The balances to come (issue 31): the deposit bookings still owing before
// their stay, soonest due first, with what is owed and where the charge
// stands, so the owner sees the money still to arrive before it is late.
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { BalanceToCome } from "#domain/api/money-figures.ts";
import { farmToday } from "#domain/rules/dates.ts";
import { balanceDueOn } from "#domain/rules/deposits.ts";
import type { Executor } from "#server/db/client.ts";
import { balanceDueDay, bookings, campsites } from "#server/db/schema.ts";
import { paidCentsSql } from "./paid";

/** Most the Payments screen lists; the soonest due come first. */
export const BALANCES_TO_COME_LIMIT = 50;

/**
 * Deposit bookings still owing before their stay starts, whatever became of
 * the card's charge (declined, paid the agreed part of a dearer stay).
 */
export async function balancesToCome(
  db: Executor,
  now: Date = new Date(),
): Promise<BalanceToCome[]> {
  const paid = sql<number>`(${paidCentsSql(db, sql`${bookings.id}`)})`;
  const rows = await db
    .select({ booking: bookings, campsiteName: campsites.name, paidCents: paid })
    .from(bookings)
    .innerJoin(campsites, eq(campsites.id, bookings.campsiteId))
    .where(
      and(
        sql`${bookings.depositTerms} is not null`,
        inArray(bookings.status, ["confirmed", "paid"]),
        gte(bookings.checkInDate, farmToday(now)),
        sql`${bookings.finalAmountCents} > ${paid}`,
      ),
    )
    .orderBy(sql`(${balanceDueDay(bookings)})`, asc(bookings.id))
    .limit(BALANCES_TO_COME_LIMIT);
  return rows.map(({ booking: b, campsiteName, paidCents }) => ({
    bookingId: b.id,
    bookingReference: b.bookingReference,
    guestName: `${b.guestFirstName} ${b.guestLastName}`.trim(),
    campsiteName,
    checkIn: b.checkInDate,
    dueOn: b.depositTerms ? balanceDueOn(b.depositTerms, b.checkInDate) : b.checkInDate,
    owedCents: b.finalAmountCents - paidCents,
    standing: standingOf(b),
  }));
}

function standingOf(b: typeof bookings.$inferSelect): BalanceToCome["standing"] {
  if (b.balanceClosedAt) return { kind: "card-paid-agreed" };
  if (b.disputeStatus === "open" || b.disputeStatus === "lost") return { kind: "disputed" };
  if (!b.savedCard) return { kind: "no-card" };
  return b.balanceAttempts > 0
    ? { kind: "declined", times: b.balanceAttempts }
    : { kind: "to-charge" };
}
