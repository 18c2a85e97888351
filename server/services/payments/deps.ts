// What every payment step needs, and one way to get it: the provider (the
// configured one, or the one that took a given payment), the site's public
// address and the clock, each replaceable by tests.
import { eq } from "drizzle-orm";
import { isRecordedPayment } from "#domain/rules/statuses.ts";
import { publicUrl as configuredPublicUrl } from "#server/config.ts";
import type { Executor } from "#server/db/client.ts";
import { type bookings, payments } from "#server/db/schema.ts";
import { paymentProvider } from "#server/payments/index.ts";
import type { PaymentProvider } from "#server/payments/provider.ts";
import { createTestProvider } from "#server/payments/test-checkout.ts";

export type BookingRow = typeof bookings.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export type PaymentDeps = { provider?: PaymentProvider; publicUrl?: string; now?: Date };

export const depsOf = (deps: PaymentDeps = {}) => ({
  provider: deps.provider ?? paymentProvider(),
  publicUrl: deps.publicUrl ?? configuredPublicUrl(),
  now: deps.now ?? new Date(),
});

export async function findPayment(db: Executor, sessionId: string) {
  const [payment] = await db.select().from(payments).where(eq(payments.stripeSessionId, sessionId));
  return payment;
}

/** The adapter that took a payment: the configured one, or the test checkout for its own sessions. */
export function providerFor(
  payment: PaymentRow,
  options: PaymentDeps,
): PaymentProvider | undefined {
  // Nothing to ask of a provider: no card, or money the farm took and recorded itself.
  if (payment.provider === "none" || isRecordedPayment(payment.provider)) return undefined;
  const { provider, publicUrl } = depsOf(options);
  if (payment.provider === provider.name) return provider;
  if (payment.provider === "test") return createTestProvider(publicUrl);
  throw new Error(
    `payment ${payment.id} was taken by ${payment.provider}, which is not configured`,
  );
}

/** Where the provider sends the camper after paying. */
export const successUrl = (base: string, sessionId: string) =>
  `${base}/booking-success?session_id=${encodeURIComponent(sessionId)}`;

/** The booking page for the same stay: where 'Cancel payment' takes the camper back to. */
export const stayPageUrl = (
  base: string,
  booking: Pick<BookingRow, "campsiteId" | "checkInDate" | "checkOutDate" | "numberOfGuests">,
) =>
  `${base}/bookings?${new URLSearchParams({
    campsite: booking.campsiteId,
    checkIn: booking.checkInDate,
    checkOut: booking.checkOutDate,
    guests: String(booking.numberOfGuests),
  })}`;
