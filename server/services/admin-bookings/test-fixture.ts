// What the admin bookings tests share: a database with an administrator and
// two campsites, a payment provider that records what it is asked to do, and
// paid bookings made to order.
import { afterAll, beforeAll } from "vitest";
import { addDays } from "#domain/rules/dates.ts";
import { payments, user } from "#server/db/schema.ts";
import { setPaymentProvider } from "#server/payments/index.ts";
import type { PaymentProvider } from "#server/payments/provider.ts";
import { enterPayment } from "#server/services/ledger.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, insertBooking, unitOf } from "#server/testing/factories.ts";
import { present } from "#server/testing/present.ts";

export const admin = { id: "admin-user-1" };

type Campsite = Awaited<ReturnType<typeof createCampsite>>;

export function adminBookingsFixture() {
  const database = setupTestDatabase();
  const refunds: { paymentIntentId: string | null; amountCents: number }[] = [];
  const expiredSessions: string[] = [];
  /** `duringRefund` runs while the provider refunds, e.g. to stage a change racing the cancellation. */
  const hooks: { duringRefund?: () => Promise<void> } = {};
  const provider: PaymentProvider = {
    name: "test",
    createCheckoutSession: async () => {
      throw new Error("not used");
    },
    retrieveCheckoutSession: async () => undefined,
    chargeSavedCard: async () => {
      throw new Error("not used");
    },
    expireCheckoutSession: async (id) => {
      expiredSessions.push(id);
    },
    refund: async (input) => {
      refunds.push({ paymentIntentId: input.paymentIntentId, amountCents: input.amountCents });
      await hooks.duringRefund?.();
    },
  };

  const sites: { creekside?: Campsite; powered?: Campsite } = {};
  beforeAll(async () => {
    setPaymentProvider(provider);
    const { db } = database();
    await db.insert(user).values({ id: admin.id, name: "Owner", email: "owner@example.com" });
    sites.creekside = await createCampsite(db, { name: "Creekside Camp", quantity: 4 });
    sites.powered = await createCampsite(db, { name: "Powered Caravan Site", quantity: 1 });
  });
  afterAll(() => setPaymentProvider(undefined));

  const unit = (site: Campsite | undefined, i: number) => {
    const campsite = present(site, "the campsite of the fixture");
    return { ...campsite, units: [unitOf(campsite, i)] };
  };
  /** Unit `i` of Creekside Camp (4 units), or of the Powered Caravan Site (1). */
  const creekside = (i: number) => unit(sites.creekside, i);
  const powered = (i: number) => unit(sites.powered, i);

  let paidCount = 0;
  /** A paid 4-night stay with its succeeded card payment, a week after the last one. */
  async function paidBooking(amountCents = 20000) {
    const { db } = database();
    const checkInDate = addDays("2031-01-01", 7 * paidCount++);
    const booking = await insertBooking(db, creekside(3), {
      status: "paid",
      checkInDate,
      checkOutDate: addDays(checkInDate, 4),
      totalAmountCents: amountCents,
      finalAmountCents: amountCents,
    });
    const [payment] = await db
      .insert(payments)
      .values({
        bookingId: booking.id,
        provider: "test",
        stripeSessionId: `test_cs_${booking.id}`,
        stripePaymentIntentId: `test_pi_${booking.id}`,
        guestEmail: booking.guestEmail,
        amountCents,
        currency: "aud",
        status: "succeeded",
      })
      .returning();
    const paid = present(payment, "the inserted payment");
    // Entered in the ledger as the checkout enters it.
    await enterPayment(db, paid.id, "sale");
    return { booking, payment: paid };
  }

  return { database, refunds, expiredSessions, hooks, creekside, powered, paidBooking };
}
