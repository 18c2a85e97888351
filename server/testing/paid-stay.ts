// A stay made and paid the way a camper does it, for the tests of the camper's
// own page (cancel, change): a hold, then the test checkout's Pay.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings } from "#server/db/schema.ts";
import { createBooking } from "#server/services/bookings.ts";
import type { PaymentDeps } from "#server/services/payments/deps.ts";
import { startPayment } from "#server/services/payments/start.ts";
import { completeTestCheckout } from "#server/services/payments/test-checkout-session.ts";
import { createCampsite, createDiscountCode, createPrepaidCard } from "./factories";
import { present } from "./present";

/**
 * A stay of `nights` (2) at $50.00 a night on a site of `units` (1),
 * `daysAhead` from today. With `credit`, a $10 code and $25 of prepaid
 * credit (`prepaidCents`): for 2 nights the card pays $65.00, nothing when
 * the credit covers the rest. `pay: false` leaves it held.
 */
export async function paidStay(
  db: Executor,
  checkout: PaymentDeps,
  daysAhead: number,
  { credit = false, prepaidCents = 2500, pay = true, nights = 2, units = 1 } = {},
) {
  const site = await createCampsite(db, { pricePerNightCents: 5000, quantity: units });
  const code = await createDiscountCode(db, { discountType: "fixed_amount", discountValue: 1000 });
  const card = await createPrepaidCard(db, { balanceCents: prepaidCents });
  const checkIn = addDays(farmToday(), daysAhead);
  const stay = { campsiteId: site.id, checkIn, checkOut: addDays(checkIn, nights), guests: 2 };
  const made = await createBooking(db, {
    ...stay,
    firstName: "Sam",
    lastName: "Drover",
    email: "sam.drover@example.com",
    ...(credit ? { discountCode: code.code, prepaidCardNumber: card.cardNumber } : {}),
  });
  if (pay) {
    const { url } = await startPayment(db, made.id, made.holdSecret, checkout);
    // A stay the credit covers is confirmed at once, with a zero payment.
    const session = url.split("/test-checkout/")[1];
    if (session) expect(await completeTestCheckout(db, session, checkout)).toBe("paid");
  }
  const row = present((await db.select().from(bookings).where(eq(bookings.id, made.id)))[0], "it");
  return { booking: row, token: present(row.guestToken, "its token"), code, card, stay, site };
}
