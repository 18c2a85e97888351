// The balance of a deposit booking (issue 31), charged to the card the camper
// let the farm keep, on its due day. Once only: the charge's payment row is
// written before the provider is asked, and every try of it carries that
// row's id as the provider's idempotency key, so a crash between the two asks
// again and is answered the same charge; a charge still processing keeps the
// provider's payment, which later runs ask about. A refusal is tried again a day later
// (BALANCE_ATTEMPTS in all); each one emails the camper the link to pay and
// tells the farm. A balance still owed on arrival shows on Today.
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, like, lt, lte, or, sql } from "drizzle-orm";
import { siteConfig } from "#content/site.ts";
import { formatLongDay } from "#domain/format/long-day.ts";
import { formatMoney } from "#domain/format/money.ts";
import { farmToday } from "#domain/rules/dates.ts";
import { BALANCE_ATTEMPTS, BALANCE_RETRY_HOURS, balanceDueOn } from "#domain/rules/deposits.ts";
import { guestPaymentPath } from "#domain/rules/my-booking.ts";
import type { Executor } from "#server/db/client.ts";
import { theRow } from "#server/db/rows.ts";
import { balanceDueDay, bookings, payments } from "#server/db/schema.ts";
import { log } from "#server/log.ts";
import type { SavedCardResult } from "#server/payments/provider.ts";
import { enqueueFarmNotice, enqueueGuestNotice } from "#server/services/booking-emails.ts";
import { lockBookingForChange } from "#server/services/booking-locks.ts";
import { findBookingWithCampsite } from "#server/services/bookings.ts";
import { enterPayment } from "#server/services/ledger.ts";
import { PAYMENT_CURRENCY } from "#server/services/payment-messages.ts";
import type { Worker } from "#server/workers.ts";
import { settleBalancePayment } from "./balance-payment";
import { type BookingRow, depsOf, type PaymentDeps, type PaymentRow } from "./deps";
import { paidCentsOf } from "./paid";
import { markRefundsOwed, refundOwed } from "./refunds";

/** A balance charge's payment row: a session id of its own, never a checkout's. */
export const BALANCE_CHARGE_PREFIX = "balance_";

export const NO_KEPT_CARD = "No card was kept for this booking.";

/** How long a run that is asking the provider keeps the booking to itself. */
export const CHARGE_LEASE_MINUTES = 10;

/** Not being charged by another run just now (its lease), or waiting for a retry. */
const free = (now: Date) => or(isNull(bookings.balanceRetryAt), lte(bookings.balanceRetryAt, now));

/**
 * A booking whose balance is due now: standing, with terms, not yet settled,
 * due by today, not given up on, and not under a card dispute (a stolen
 * card's deposit is not followed by its balance).
 */
const balanceDue = (now: Date) =>
  and(
    sql`${bookings.depositTerms} is not null`,
    isNull(bookings.balanceClosedAt),
    inArray(bookings.status, ["confirmed", "paid"]),
    sql`(${balanceDueDay(bookings)}) <= ${farmToday(now)}`,
    lt(bookings.balanceAttempts, BALANCE_ATTEMPTS),
    or(isNull(bookings.disputeStatus), eq(bookings.disputeStatus, "won")),
    free(now),
  );

/** The bookings to charge: those due, and those whose charge a crash left unanswered. */
export async function dueBalances(db: Executor, now: Date, limit = 50) {
  const due = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(balanceDue(now))
    .orderBy(sql`(${balanceDueDay(bookings)})`, asc(bookings.id))
    .limit(limit);
  const unanswered = await db
    .select({ id: bookings.id })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(unansweredCharge, free(now)))
    .limit(limit);
  return [...new Map([...due, ...unanswered].map((b) => [b.id, b])).values()];
}

/** A charge of the balance to the kept card, by its row's own session id. */
const balanceCharge = like(payments.stripeSessionId, `${BALANCE_CHARGE_PREFIX}%`);

/** A balance charge written but not settled: the provider was asked, or about to be. */
const unansweredCharge = and(eq(payments.status, "pending"), balanceCharge);

/** The worker's run: each balance due is charged; one that fails to be asked waits for the next run. */
export async function chargeDueBalances(db: Executor, options: PaymentDeps = {}) {
  const { now } = depsOf(options);
  let charged = 0;
  for (const { id } of await dueBalances(db, now)) {
    try {
      if ((await chargeBalance(db, id, options)) === "paid") charged += 1;
    } catch (error) {
      log.error({ err: error, bookingId: id }, "could not charge a balance; will try again");
    }
  }
  return charged;
}

export type BalanceOutcome =
  | "paid"
  | "declined"
  | "processing"
  | "nothing-owed"
  | "not-due"
  | "refunding";

/** Charges one booking's balance to its kept card: the row first, then the provider, then the result. */
export async function chargeBalance(
  db: Executor,
  bookingId: string,
  options: PaymentDeps = {},
): Promise<BalanceOutcome> {
  const deps = depsOf(options);
  const claim = await claimCharge(db, bookingId, deps.provider.name, deps.now);
  if (typeof claim === "string") return claim;
  const { payment, booking } = claim;
  const result: SavedCardResult = booking.savedCard
    ? await deps.provider.chargeSavedCard({
        customerId: booking.savedCard,
        amountCents: payment.amountCents,
        currency: PAYMENT_CURRENCY,
        description: `Balance of booking ${booking.bookingReference}`,
        bookingId: booking.id,
        bookingReference: booking.bookingReference,
        idempotencyKey: `balance-${payment.id}`,
        paymentIntentId: payment.stripePaymentIntentId,
      })
    : { status: "refused", reason: NO_KEPT_CARD };
  switch (result.status) {
    case "paid":
      return settleCharge(db, payment.id, result.paymentIntentId, options);
    case "processing":
      return awaitCharge(db, payment.id, result.paymentIntentId);
    case "refused":
      return declineCharge(db, payment.id, result.reason, deps);
  }
}

/**
 * The card is still processing: the provider's payment is kept on the row,
 * which stays unanswered, so a run after the lease asks about that payment
 * rather than making another.
 */
async function awaitCharge(
  db: Executor,
  paymentId: string,
  paymentIntentId: string,
): Promise<BalanceOutcome> {
  await db
    .update(payments)
    .set({ stripePaymentIntentId: paymentIntentId })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "pending")));
  return "processing";
}

type Claim = { payment: PaymentRow; booking: BookingRow };

/**
 * In the booking's lock: the charge a crash left unanswered (asked again with
 * its key, whatever became of the booking since: its answer is settled or
 * refunded as any charge's), or else what the booking owes now in a new
 * charge's row. A booking paid up meanwhile is closed; one no longer due
 * (cancelled, disputed) is left alone.
 */
async function claimCharge(
  db: Executor,
  bookingId: string,
  providerName: string,
  now: Date,
): Promise<Claim | BalanceOutcome> {
  return db.transaction(async (tx): Promise<Claim | BalanceOutcome> => {
    await lockBookingForChange(tx, bookingId);
    const [left] = await tx
      .select({ payment: payments, booking: bookings })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(and(eq(payments.bookingId, bookingId), unansweredCharge, free(now)));
    const [booking] = left
      ? [left.booking]
      : await tx
          .select()
          .from(bookings)
          .where(and(eq(bookings.id, bookingId), balanceDue(now)));
    if (!booking) return "not-due";
    // Nobody else takes this booking while the provider is asked; after a crash, the lease runs out.
    await tx
      .update(bookings)
      .set({ balanceRetryAt: new Date(now.getTime() + CHARGE_LEASE_MINUTES * 60_000) })
      .where(eq(bookings.id, bookingId));
    if (left) return { payment: left.payment, booking } satisfies Claim;
    // Never more than the camper agreed to have charged to the card, less what it was charged.
    const owed = Math.min(
      booking.finalAmountCents - (await paidCentsOf(tx, bookingId)),
      (booking.balanceAgreedCents ?? Number.POSITIVE_INFINITY) -
        (await paidCentsOf(tx, bookingId, { only: balanceCharge })),
    );
    if (owed <= 0) {
      await tx
        .update(bookings)
        .set({ balanceClosedAt: now, balanceRetryAt: null })
        .where(eq(bookings.id, bookingId));
      return "nothing-owed";
    }
    const inserted = await tx
      .insert(payments)
      .values({
        bookingId,
        provider: providerName,
        stripeSessionId: `${BALANCE_CHARGE_PREFIX}${randomUUID()}`,
        guestEmail: booking.guestEmail,
        amountCents: owed,
        currency: PAYMENT_CURRENCY,
        status: "pending",
        forBalance: true,
      })
      .returning();
    return { payment: theRow(inserted, "the balance's payment"), booking };
  });
}

/** The card paid: the payment is entered in the ledger and the booking becomes paid. */
async function settleCharge(
  db: Executor,
  paymentId: string,
  paymentIntentId: string,
  options: PaymentDeps,
): Promise<BalanceOutcome> {
  const { now } = depsOf(options);
  const outcome = await db.transaction(async (tx) => {
    const { payment, booking } = await lockCharge(tx, paymentId);
    if (payment.status !== "pending") return { outcome: "paid" as const };
    await tx
      .update(payments)
      .set({
        status: "succeeded",
        stripePaymentIntentId: paymentIntentId,
        capturedAmountCents: payment.amountCents,
      })
      .where(eq(payments.id, payment.id));
    await enterPayment(tx, payment.id, "balance", now);
    const settled = await settleBalancePayment(tx, payment, booking, payment.amountCents);
    // Anything still owed past the agreed balance (a dearer change) closes it on the next run.
    await tx
      .update(bookings)
      .set({ balanceRetryAt: null, ...(settled.outcome === "paid" && { balanceClosedAt: now }) })
      .where(eq(bookings.id, booking.id));
    // Cancelled, or paid another way, while the card was charged: owed back, so the sweeper retries.
    await markRefundsOwed(tx, settled.owed ?? [], now);
    return settled;
  });
  await refundOwed(db, outcome.owed, options);
  return outcome.outcome;
}

/** The card was refused: the camper gets the link to pay, the farm is told, and it is tried again later. */
async function declineCharge(
  db: Executor,
  paymentId: string,
  reason: string,
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<BalanceOutcome> {
  return db.transaction(async (tx): Promise<BalanceOutcome> => {
    const { payment, booking } = await lockCharge(tx, paymentId);
    if (payment.status !== "pending") return "declined";
    await tx.update(payments).set({ status: "failed" }).where(eq(payments.id, payment.id));
    const attempts = booking.balanceAttempts + 1;
    const again = attempts < BALANCE_ATTEMPTS;
    await tx
      .update(bookings)
      .set({
        balanceAttempts: attempts,
        balanceRetryAt: again ? new Date(now.getTime() + BALANCE_RETRY_HOURS * 3_600_000) : null,
      })
      .where(eq(bookings.id, booking.id));
    const link = `${publicUrl}${guestPaymentPath(booking.guestToken ?? "")}`;
    const campsiteName =
      (await findBookingWithCampsite(tx, booking.id))?.campsiteName ?? "Campsite";
    await tellCamper(tx, booking, campsiteName, {
      cents: payment.amountCents,
      reason,
      link,
      again,
    });
    await tellFarm(
      tx,
      booking,
      campsiteName,
      `The balance of ${formatMoney(payment.amountCents)} could not be charged to the kept card: ${reason} ${
        again
          ? `It is tried again in ${BALANCE_RETRY_HOURS} hours; the camper has a link to pay it.`
          : "It is not tried again: the camper has a link to pay it, or it is paid on arrival."
      }`,
    );
    return "declined";
  });
}

async function lockCharge(tx: Executor, paymentId: string) {
  const payment = theRow(
    await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update"),
    "the balance's payment",
  );
  const booking = theRow(
    await tx.select().from(bookings).where(eq(bookings.id, payment.bookingId)).for("update"),
    "the balance's booking",
  );
  return { payment, booking };
}

async function tellCamper(
  tx: Executor,
  booking: BookingRow,
  campsiteName: string,
  { cents, reason, link, again }: { cents: number; reason: string; link: string; again: boolean },
) {
  const dueOn = booking.depositTerms && balanceDueOn(booking.depositTerms, booking.checkInDate);
  await enqueueGuestNotice(tx, booking, campsiteName, {
    kind: "balance-declined",
    subject: `Please pay the balance: ${booking.bookingReference} at ${siteConfig().farmName} Station`,
    lines: [
      `We could not charge the balance of ${formatMoney(cents)}${dueOn ? ` due on ${formatLongDay(dueOn)}` : ""} to your card. ${reason}`,
      "",
      "Please pay it by card here:",
      link,
      "",
      again
        ? `If it is not paid, we try your card again in ${BALANCE_RETRY_HOURS} hours. You can also pay it when you arrive.`
        : "You can also pay it when you arrive.",
    ],
  });
}

/** The farm is told of a refused charge whatever its notification setting: money it expected is missing. */
async function tellFarm(tx: Executor, booking: BookingRow, campsiteName: string, line: string) {
  await enqueueFarmNotice(tx, booking, campsiteName, {
    kind: "balance-charge",
    subject: `Balance of booking ${booking.bookingReference}`,
    lines: [line],
  });
}

/** Every few minutes: a balance due today is charged soon after the farm's midnight. */
export const balanceCharger: Worker = {
  name: "balance-charger",
  intervalMs: 5 * 60_000,
  run: async ({ db }) => {
    await chargeDueBalances(db);
  },
};
