// The camper changes the dates, guests or dogs of their paid stay from their
// booking page (issue 14, decision 0019). The server prices the new stay with
// the booking's extras and discount code; domain/rules/stay-change.ts says
// who pays whom. A cheaper or equal stay is changed at once, in one
// transaction with its refund; a dearer one is paid through the provider
// first, and payments/stay-change-payment.ts makes the change when the
// payment arrives. The stay is moved by one UPDATE (stay-moves.ts), so the
// site is never released before the new nights are held.
import { and, eq, isNotNull } from "drizzle-orm";
import { siteConfig } from "#content/site.ts";
import type { StayChangePreview } from "#domain/api/my-booking.ts";
import type { CancelOptions } from "#domain/rules/cancellation.ts";
import { refundPercent } from "#domain/rules/cancellation-policy.ts";
import { farmToday, nightsBetween } from "#domain/rules/dates.ts";
import { CHECKOUT_SESSION_MINUTES } from "#domain/rules/hold.ts";
import { guestBookingPath } from "#domain/rules/my-booking.ts";
import { discountAmount, discountableTotal } from "#domain/rules/pricing.ts";
import { atDeskCents, spreadRefund } from "#domain/rules/refunds.ts";
import {
  basisOf,
  type ChangeMoney,
  changeStatement,
  extrasOf,
  keptLines,
  planStayChange,
  type StayChangePlan,
  type StayChangeRequest,
  stayChangeProblem,
} from "#domain/rules/stay-change.ts";
import type { Executor, Tx } from "#server/db/client.ts";
import { discountCodes, payments } from "#server/db/schema.ts";
import { AppError, conflict, notFound } from "#server/errors.ts";
import { log } from "#server/log.ts";
import { policyOf } from "#server/services/accepted-policy.ts";
import type { JoinedRow } from "#server/services/admin-bookings/list.ts";
import { bookingIdAt } from "#server/services/booking-page.ts";
import { freeUnits, priceRequest, unavailable } from "#server/services/bookings.ts";
import { PAYMENT_CURRENCY, PROVIDER_UNAVAILABLE } from "#server/services/payment-messages.ts";
import { loadForCancel } from "#server/services/payments/cancel.ts";
import {
  depsOf,
  findPayment,
  type PaymentDeps,
  providerFor,
} from "#server/services/payments/deps.ts";
import { paidCentsOf } from "#server/services/payments/paid.ts";
import { verifyPayment } from "#server/services/payments/verify.ts";
import { creditPrepaidCard } from "#server/services/prepaid-cards.ts";
import { type RateLimitRule, spendRateLimit } from "#server/services/rate-limit.ts";
import { moveStay, recordChange } from "#server/services/stay-moves.ts";
import { BOOKING_NOT_FOUND, refundCardOrRefuse } from "./guest-cancel";

/** Change attempts per client: a camper tries a few stays; guessing tokens needs millions. */
export const GUEST_CHANGE_RATE_LIMIT: RateLimitRule = {
  name: "guest-change",
  max: 30,
  windowSeconds: 10 * 60,
};

type PricedChange = { row: JoinedRow; can: CancelOptions; plan: StayChangePlan };

/**
 * The booking, and the change priced: the stay checked as a new booking would
 * be (capacity, minimum stay, the calendar, free units, the booking itself
 * left out), with the booking's extras, its code and what earlier changes kept.
 */
async function priceChange(
  db: Executor,
  bookingId: string,
  request: StayChangeRequest,
  now: Date,
): Promise<PricedChange> {
  const { row, can } = await loadForCancel(db, bookingId);
  const { booking } = row;
  const policy = await policyOf(db, booking);
  const percent = refundPercent(booking.checkInDate, policy, farmToday(now));
  const problem = stayChangeProblem(booking, request, farmToday(now), percent);
  if (problem) throw conflict(problem, "not_changeable");
  const priced = await priceRequest(
    db,
    { campsiteId: booking.campsiteId, ...request, extras: extrasOf(booking.priceLines) },
    now,
  );
  const free = await freeUnits(
    db,
    booking.campsiteId,
    request.checkIn,
    request.checkOut,
    now,
    booking.id,
  );
  if (free.length === 0) throw unavailable();
  const lines = [...priced.quote.lines, ...keptLines(booking.priceLines)];
  const [code] = booking.discountCodeId
    ? await db.select().from(discountCodes).where(eq(discountCodes.id, booking.discountCodeId))
    : [];
  const plan = planStayChange({
    booking,
    newStay: {
      lines,
      discountAmountCents: code ? discountAmount(code, discountableTotal(lines)) : 0,
    },
    cardRefundableCents: can.allowed && can.refundable ? can.refundableCents : 0,
    percent,
    gstRegistered: siteConfig().business.gstRegistered,
    owedCents: Math.max(0, booking.finalAmountCents - (await paidCentsOf(db, booking.id))),
  });
  // What of the card refund goes back to money paid at the farm, for the camper's words.
  if (plan.money.kind === "refund" && can.allowed && can.refundable) {
    const parts = spreadRefund(can.payments, plan.money.cardCents) ?? [];
    return {
      row,
      can,
      plan: { ...plan, money: { ...plan.money, atDeskCents: atDeskCents(parts) } },
    };
  }
  return { row, can, plan };
}

async function requireBookingAt(db: Executor, token: string, lock = false) {
  const found = await bookingIdAt(db, token, { lock });
  if (!found) throw notFound(BOOKING_NOT_FOUND);
  return found.id;
}

/** What the change would be: the new stay's lines and who pays whom. Changes nothing. */
export async function previewStayChange(
  db: Executor,
  token: string,
  request: StayChangeRequest,
  now = new Date(),
): Promise<StayChangePreview> {
  const { plan } = await priceChange(db, await requireBookingAt(db, token), request, now);
  return {
    ...request,
    nights: nightsBetween(request.checkIn, request.checkOut),
    lines: plan.amounts.priceLines.map(({ description, amountCents }) => ({
      description,
      amountCents,
    })),
    totalCents: plan.amounts.totalAmountCents - plan.amounts.discountAmountCents,
    discountCents: plan.amounts.discountAmountCents,
    pays: plan.money.kind === "pay",
    statement: changeStatement(plan.money),
  };
}

/** A change made at once names the booking's version it made (GuestBookingView.version). */
export type StayChangeResult = { kind: "changed"; version: number } | { kind: "pay"; url: string };

/**
 * The camper confirms the change. Rate limited per client, then in one
 * transaction holding the booking's row lock: priced again, and either
 * changed with its refund (a refund the provider refuses rolls it all back)
 * or sent to pay the new total.
 */
export async function changeOwnStay(
  db: Executor,
  token: string,
  request: StayChangeRequest,
  clientAddress: string,
  deps: PaymentDeps = {},
): Promise<StayChangeResult> {
  await spendRateLimit(db, GUEST_CHANGE_RATE_LIMIT, clientAddress);
  const { now } = depsOf(deps);
  return db.transaction(async (tx) => {
    const { row, can, plan } = await priceChange(
      tx,
      await requireBookingAt(tx, token, true),
      request,
      now,
    );
    if (plan.money.kind === "pay")
      return { kind: "pay", url: await startChangePayment(tx, row, token, request, plan, deps) };
    await closeOpenChangePayments(tx, row.booking.id, deps);
    const moved = await moveStay(tx, row.booking, request, plan.amounts, now);
    await recordChange(tx, null, row.booking, moved, row.campsiteName ?? "Campsite", plan.money);
    // The provider's refund last: nothing after it can fail and roll the rest back.
    await giveBackDifference(tx, row, can, plan.money, deps);
    return { kind: "changed", version: moved.calendarSequence };
  });
}

/** A cheaper stay's refund: card first, then the prepaid card; the provider's part is done last. */
async function giveBackDifference(
  tx: Tx,
  row: JoinedRow,
  can: CancelOptions,
  money: ChangeMoney,
  deps: PaymentDeps,
) {
  if (money.kind !== "refund") return;
  const { booking } = row;
  if (booking.prepaidCardId && money.creditCents > 0)
    await creditPrepaidCard(tx, {
      prepaidCardId: booking.prepaidCardId,
      amountCents: money.creditCents,
      bookingId: booking.id,
      description: `Booking ${booking.bookingReference} changed: credit returned`,
      cause: "change",
    });
  const parts = can.allowed && can.refundable && spreadRefund(can.payments, money.cardCents);
  if (parts) await refundCardOrRefuse(tx, parts, deps, "change");
}

/**
 * The checkout session for a dearer stay. One open change payment per
 * booking: a newer request closes the older one's session (a payment that
 * still arrives for it finds the booking changed or not as it was priced, and
 * goes back).
 */
async function startChangePayment(
  tx: Tx,
  row: JoinedRow,
  token: string,
  stay: StayChangeRequest,
  plan: StayChangePlan,
  deps: PaymentDeps,
): Promise<string> {
  const { provider, publicUrl, now } = depsOf(deps);
  const { booking } = row;
  await closeOpenChangePayments(tx, booking.id, deps);
  const page = `${publicUrl}${guestBookingPath(token)}`;
  const amountCents = plan.amounts.finalAmountCents;
  const session = await provider
    .createCheckoutSession({
      bookingId: booking.id,
      bookingReference: booking.bookingReference,
      description: `${row.campsiteName ?? "Campsite"}: changed stay, ${nightsBetween(stay.checkIn, stay.checkOut)} nights from ${stay.checkIn} (booking ${booking.bookingReference})`,
      amountCents,
      currency: PAYMENT_CURRENCY,
      guestEmail: booking.guestEmail,
      expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_MINUTES * 60_000),
      successUrl: `${page}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: page,
    })
    .catch((error: unknown) => {
      log.error({ err: error, bookingId: booking.id }, "could not create a change's checkout");
      throw new AppError("upstream", PROVIDER_UNAVAILABLE, {
        code: "payment_provider_unavailable",
      });
    });
  await tx.insert(payments).values({
    bookingId: booking.id,
    provider: provider.name,
    stripeSessionId: session.id,
    sessionUrl: session.url,
    guestEmail: booking.guestEmail,
    amountCents,
    currency: PAYMENT_CURRENCY,
    status: "pending",
    sessionExpiresAt: session.expiresAt,
    stayChange: { stay, amounts: plan.amounts, basedOn: basisOf(booking) },
  });
  return session.url;
}

/**
 * Closes the booking's open change checkouts. Only a session the provider
 * closed is marked canceled here; one it would not close stays pending, for
 * the sweeper to settle by what the provider says (a payment that arrives
 * finds the booking changed, and goes back).
 */
async function closeOpenChangePayments(tx: Tx, bookingId: string, deps: PaymentDeps) {
  const open = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        eq(payments.status, "pending"),
        isNotNull(payments.stayChange),
      ),
    );
  for (const payment of open) {
    try {
      await providerFor(payment, deps)?.expireCheckoutSession(payment.stripeSessionId);
      await tx.update(payments).set({ status: "canceled" }).where(eq(payments.id, payment.id));
    } catch (error) {
      log.warn({ err: error, paymentId: payment.id }, "could not close an older change's checkout");
    }
  }
}

export type ChangePaymentOutcome = "changed" | "pending" | "refused";

/**
 * Back from the provider's page with `session_id`: applies what the provider
 * says of the session (as /booking-success does) and tells how the change
 * went. Undefined for a session that is not a change of this booking.
 */
export async function changePaymentOutcome(
  db: Executor,
  token: string,
  sessionId: string,
  deps: PaymentDeps = {},
): Promise<ChangePaymentOutcome | undefined> {
  const found = await bookingIdAt(db, token);
  const payment = found && (await findPayment(db, sessionId));
  if (!found || !payment?.stayChange || payment.bookingId !== found.id) return undefined;
  await verifyPayment(db, sessionId, deps);
  const now = await findPayment(db, sessionId);
  if (now?.status === "pending") return "pending";
  return now?.status === "succeeded" && !now.refundOwedAt ? "changed" : "refused";
}
