// The booking a guest's own link leads to: found by its secret token, and
// only once it has an invoice (paid or confirmed), so a wrong token and an
// unpaid booking get the same "not found".
import { eq } from "drizzle-orm";
import type { Invoice } from "#domain/rules/invoice.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings } from "#server/db/schema.ts";
import { lockBookingForChange } from "./booking-locks";
import { looksLikeGuestToken } from "./guest-token";
import { invoiceByBookingId } from "./invoices";

/** The booking at the token, when it has a page: paid or confirmed, or ended after it was. */
export async function bookingIdAt(
  db: Executor,
  token: string,
  { lock = false } = {},
): Promise<{ id: string; invoice: Invoice } | undefined> {
  if (!looksLikeGuestToken(token)) return undefined;
  const [found] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.guestToken, token));
  if (!found) return undefined;
  // The lock makes a double click wait, then find the booking cancelled.
  if (lock) await lockBookingForChange(db, found.id);
  const invoice = await invoiceByBookingId(db, found.id);
  return invoice && { id: found.id, invoice };
}
