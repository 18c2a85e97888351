// The check-in and check-out marks of a stay (Today's buttons): set on one of
// the stay's own days that has come, undone on any, each change audited once.
import { eq } from "drizzle-orm";
import { farmToday, isIsoDay } from "#domain/rules/dates.ts";
import { markProblem, type StayMark } from "#domain/rules/today.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings } from "#server/db/schema.ts";
import { invalid, notFound } from "#server/errors.ts";
import { recordAudit } from "#server/services/audit-log.ts";
import type { StaffActor } from "./actor";

export type MarkInput = { bookingId: string; day: string; mark: StayMark; done: boolean };

const markColumn = { "check-in": "checkedInAt", "check-out": "checkedOutAt" } as const;
const auditAction = {
  "check-in": { true: "booking.checked_in", false: "booking.check_in_undone" },
  "check-out": { true: "booking.checked_out", false: "booking.check_out_undone" },
} as const;

/**
 * Sets (done) or clears (undo) a booking's check-in or check-out mark. Asking
 * for the mark it already has changes nothing and writes no audit entry. A
 * day the stay is not on, or a booking not paid or confirmed, is refused and
 * changes nothing.
 */
export async function markStay(
  db: Executor,
  actor: StaffActor,
  input: MarkInput,
  now: Date = new Date(),
): Promise<{ changed: boolean; bookingReference: string }> {
  if (!isIsoDay(input.day)) throw invalid("Choose a day as yyyy-MM-dd.", { field: "day" });
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select()
      .from(bookings)
      .where(eq(bookings.id, input.bookingId))
      .for("update");
    if (!booking) throw notFound("Booking not found.");
    const stay = {
      status: booking.status,
      checkIn: booking.checkInDate,
      checkOut: booking.checkOutDate,
    };
    // Undoing a mark is always allowed; setting one needs a day that has come.
    const problem = markProblem(
      input.mark,
      stay,
      input.day,
      input.done ? farmToday(now) : input.day,
    );
    if (problem) throw invalid(problem, { code: "not_markable" });
    const column = markColumn[input.mark];
    const unchanged = { changed: false, bookingReference: booking.bookingReference };
    if ((booking[column] !== null) === input.done) return unchanged;
    await tx
      .update(bookings)
      .set({ [column]: input.done ? now : null, updatedAt: now })
      .where(eq(bookings.id, booking.id));
    const action = auditAction[input.mark][input.done ? "true" : "false"];
    await recordAudit(tx, actor, action, { type: "booking", id: booking.id }, { day: input.day });
    return { changed: true, bookingReference: booking.bookingReference };
  });
}
