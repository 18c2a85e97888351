// The farm's private note on a booking (issue 28): what the desk needs to
// remember, never shown to the guest. Staff and owner may write it; audited.
import { eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { bookings } from "#server/db/schema.ts";
import { notFound } from "#server/errors.ts";
import { recordAudit } from "#server/services/audit-log.ts";
import type { StaffActor } from "./actor";

export async function saveFarmNote(
  db: Executor,
  actor: StaffActor,
  bookingId: string,
  note: string,
): Promise<{ bookingReference: string }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ note: bookings.farmNote, reference: bookings.bookingReference })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for("update");
    if (!before) throw notFound("Booking not found.");
    if (before.note === note) return { bookingReference: before.reference };
    await tx.update(bookings).set({ farmNote: note }).where(eq(bookings.id, bookingId));
    await recordAudit(
      tx,
      actor,
      "booking.note_changed",
      { type: "booking", id: bookingId },
      {
        bookingReference: before.reference,
        changes: { note: { from: before.note, to: note } },
      },
    );
    return { bookingReference: before.reference };
  });
}
