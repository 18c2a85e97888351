// A card payment for a changed stay has arrived (decision 0019): the change
// it pays for is made, and the booking's earlier card payment is owed back; or
// the change cannot be made any more, and this payment is owed back. Either
// way fulfilCheckout marks the payment owed in this transaction and refunds it
// after, and the sweeper retries a refund the provider did not take.
import { and, eq, isNull, ne } from "drizzle-orm";
import { farmToday } from "#domain/rules/dates.ts";
import { refundableCents } from "#domain/rules/refunds.ts";
import { basisOf, type PaidStayChange, stayChangeProblem } from "#domain/rules/stay-change.ts";
import type { Tx } from "#server/db/client.ts";
import { campsites, payments } from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import type { RefundReason } from "#server/services/payment-messages.ts";
import { moveStay, recordChange } from "#server/services/stay-moves.ts";
import type { BookingRow, PaymentRow } from "./deps";
import type { OwedRefund } from "./refunds";

const sameBasis = (a: PaidStayChange["basedOn"], b: PaidStayChange["basedOn"]) =>
  (Object.keys(a) as (keyof typeof a)[]).every((key) => a[key] === b[key]);

/** Why the paid change can no longer be made; undefined when it can. */
function staleReason(
  payment: PaymentRow,
  paidCents: number | null,
  change: PaidStayChange,
  booking: BookingRow,
  now: Date,
) {
  if (paidCents !== null && paidCents !== payment.amountCents) return "amount";
  const problem = stayChangeProblem(booking, change.stay, farmToday(now));
  if (problem || !sameBasis(basisOf(booking), change.basedOn)) return "changeStale";
  return undefined;
}

/**
 * Settles a succeeded change payment, inside fulfilCheckout's transaction,
 * with the booking's row locked there. Answers whether the change was made,
 * and the refunds now owed.
 */
export async function settlePaidStayChange(
  tx: Tx,
  payment: PaymentRow,
  change: PaidStayChange,
  booking: BookingRow,
  /** What the provider says it took; null when it did not say. */
  paidCents: number | null,
  now: Date,
): Promise<{ made: boolean; owed: OwedRefund[] }> {
  const refuse = (reason: RefundReason) => ({
    made: false,
    owed: [{ paymentId: payment.id, reason }],
  });
  const stale = staleReason(payment, paidCents, change, booking, now);
  if (stale) return refuse(stale);
  let moved: BookingRow;
  try {
    moved = await tx.transaction((sp) => moveStay(sp, booking, change.stay, change.amounts, now));
  } catch (error) {
    if (error instanceof AppError && error.refusal === "conflict") return refuse("changeTaken");
    throw error;
  }
  const earlier = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, booking.id),
        eq(payments.status, "succeeded"),
        ne(payments.id, payment.id),
        // One already owed back goes back for its own reason.
        isNull(payments.refundOwedAt),
      ),
    );
  const replaced = earlier.filter((p) => refundableCents(p) > 0).map((p) => p.id);
  const [campsite] = await tx
    .select({ name: campsites.name })
    .from(campsites)
    .where(eq(campsites.id, booking.campsiteId));
  await recordChange(tx, null, booking, moved, campsite?.name ?? "Campsite", {
    kind: "pay",
    cardCents: payment.amountCents,
    replacedCents: earlier.reduce((sum, p) => sum + refundableCents(p), 0),
  });
  return {
    made: true,
    owed: replaced.map((paymentId) => ({ paymentId, reason: "replaced" as const })),
  };
}
