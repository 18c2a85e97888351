// Paying by a link (issue 28): a booking the farm holds while the guest pays,
// or what a booking still owes after the farm changed it. The email with the
// link, the page it opens, the checkout it starts, and the notice when the
// time the farm gave runs out and the unit is released.
import { eq, sql } from "drizzle-orm";
import { siteConfig } from "#content/site.ts";
import { formatFarmDateTime } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import { POLICY_NOT_ACCEPTED } from "#domain/forms/booking-request.ts";
import { farmToday, nightsBetween } from "#domain/rules/dates.ts";
import { keptCardChargedOn } from "#domain/rules/deposits.ts";
import { guestBookingPath, guestPaymentPath } from "#domain/rules/my-booking.ts";
import type { PriceLine } from "#domain/rules/rates.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings, campsites, payments } from "#server/db/schema.ts";
import { conflict, invalid, notFound } from "#server/errors.ts";
import { acceptPolicy, policyOffered } from "#server/services/accepted-policy.ts";
import { enqueueGuestNotice } from "#server/services/booking-emails.ts";
import { looksLikeGuestToken } from "#server/services/guest-token.ts";
import { PAYMENT_CURRENCY } from "#server/services/payment-messages.ts";
import { depsOf, type PaymentDeps } from "#server/services/payments/deps.ts";
import { paidCentsOf } from "#server/services/payments/paid.ts";
import { createSession, openSession } from "#server/services/payments/start.ts";
import { type RateLimitRule, spendRateLimit } from "#server/services/rate-limit.ts";

type BookingRow = typeof bookings.$inferSelect;

export const LINK_NOT_FOUND = "Booking not found.";
export const NOTHING_DUE = "This booking is paid: there is nothing more to pay.";
export const LINK_LAPSED =
  "The time to pay for this booking has passed, and the site was released. Please call us to book again.";

/** Payment starts per client: a guest pays once or twice; guessing tokens needs millions. */
export const PAY_LINK_RATE_LIMIT: RateLimitRule = { name: "pay-link", max: 20, windowSeconds: 600 };

const payUrl = (booking: Pick<BookingRow, "guestToken">) =>
  `${depsOf().publicUrl}${guestPaymentPath(booking.guestToken ?? "")}`;

/** Emails the guest the link to pay, with the time the farm holds the site until. */
export async function queuePaymentLink(tx: Executor, booking: BookingRow, campsiteName: string) {
  const until = formatFarmDateTime(booking.holdExpiresAt ?? new Date());
  await enqueueGuestNotice(tx, booking, campsiteName, {
    kind: "payment-link",
    subject: `Pay for your booking: ${booking.bookingReference} at ${siteConfig().farmName} Station`,
    lines: [
      `We are holding ${campsiteName} for you. To confirm your booking, please pay ${formatMoney(booking.finalAmountCents)} by ${until}:`,
      payUrl(booking),
      "",
      "If it is not paid by then, the site is released and we will let you know.",
    ],
  });
}

/** Emails the guest the link to pay what their changed booking still owes. */
export async function queueBalanceLink(
  tx: Executor,
  booking: BookingRow,
  campsiteName: string,
  cents: number,
) {
  await enqueueGuestNotice(tx, booking, campsiteName, {
    kind: "payment-link",
    subject: `Pay for your changed booking: ${booking.bookingReference} at ${siteConfig().farmName} Station`,
    lines: [
      `Your changed stay at ${campsiteName} leaves ${formatMoney(cents)} to pay. You can pay it by card here:`,
      payUrl(booking),
      "",
      "Or pay it when you arrive.",
    ],
  });
}

/** What the payment page shows. */
export type PaymentLinkView = {
  reference: string;
  campsite: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  guests: number;
  dogs: number;
  lines: Pick<PriceLine, "description" | "amountCents">[];
  /** What comes off the lines: a discount code, prepaid credit. */
  discountAmountCents: number;
  prepaidAmountCents: number;
  /** The booking's total, and what it has paid of it already (a deposit, say). */
  totalCents: number;
  paidCents: number;
  amountCents: number;
  /** Until when the farm holds a booking awaiting its first payment; null for a balance. */
  payBy: string | null;
  /** The day still to come when the kept card is charged the balance, if it will be. */
  cardChargedOn: string | null;
  state: "due" | "lapsed" | "paid";
  bookingPath: string;
  /** A first payment accepts the stay's cancellation policy and the Terms: what to accept. */
  toAccept: { policy: string; termsVersion: string } | null;
};

/** The booking at `token`, for its payment page; undefined for any token without one. */
export async function paymentLinkView(
  db: Executor,
  token: string,
  now: Date = new Date(),
): Promise<PaymentLinkView | undefined> {
  const found = await bookingToPay(db, token);
  if (!found) return undefined;
  const { booking, campsiteName } = found;
  const due = await amountDue(db, booking, now);
  return {
    reference: booking.bookingReference,
    campsite: campsiteName,
    checkIn: booking.checkInDate,
    checkOut: booking.checkOutDate,
    nights: nightsBetween(booking.checkInDate, booking.checkOutDate),
    guests: booking.numberOfGuests,
    dogs: booking.numberOfDogs,
    lines: booking.priceLines.map(({ description, amountCents }) => ({ description, amountCents })),
    discountAmountCents: booking.discountAmountCents,
    prepaidAmountCents: booking.prepaidAmountUsedCents,
    totalCents: booking.finalAmountCents,
    paidCents: due.paidCents,
    amountCents: due.cents,
    payBy: booking.status === "pending" ? (booking.holdExpiresAt?.toISOString() ?? null) : null,
    cardChargedOn: chargedLater(booking, now),
    state: due.state,
    bookingPath: guestBookingPath(token),
    // A held booking's first payment accepts the policy, as the online step 3 states it.
    toAccept: booking.status === "pending" ? await toAccept(db, booking.checkInDate, now) : null,
  };
}

/** The kept card's charge day, when it is still to come. */
function chargedLater(booking: BookingRow, now: Date) {
  const day = booking.status === "pending" ? null : keptCardChargedOn(booking);
  return day && day > farmToday(now) ? day : null;
}

const toAccept = async (db: Executor, checkIn: string, now: Date) => {
  const { words, termsVersion } = await policyOffered(db, checkIn, now);
  return { policy: words, termsVersion };
};

type Due = {
  state: PaymentLinkView["state"];
  cents: number;
  paidCents: number;
  forBalance: boolean;
};

/**
 * What the link pays now: a held front-desk booking's total, or what a
 * standing booking still owes after its payments (its balance); nothing for
 * a hold that lapsed or a booking paid up.
 */
async function amountDue(db: Executor, booking: BookingRow, now: Date): Promise<Due> {
  if (booking.status === "pending") {
    const held = (booking.holdExpiresAt?.getTime() ?? 0) > now.getTime();
    const state = held ? "due" : "lapsed";
    return { state, cents: booking.finalAmountCents, paidCents: 0, forBalance: false };
  }
  if (booking.status !== "paid" && booking.status !== "confirmed")
    return { state: "lapsed", cents: 0, paidCents: 0, forBalance: false };
  const paidCents = await paidCentsOf(db, booking.id);
  const balance = booking.finalAmountCents - paidCents;
  return {
    state: balance > 0 ? "due" : "paid",
    cents: Math.max(0, balance),
    paidCents,
    forBalance: true,
  };
}

/** The booking at the token that a link may pay: any but a camper's own unpaid hold. */
async function bookingToPay(db: Executor, token: string, { lock = false } = {}) {
  if (!looksLikeGuestToken(token)) return undefined;
  const query = db
    .select({ booking: bookings, campsiteName: campsites.name })
    .from(bookings)
    .innerJoin(campsites, eq(campsites.id, bookings.campsiteId))
    .where(eq(bookings.guestToken, token));
  const [found] = lock ? await query.for("update", { of: bookings }) : await query;
  const onlineHold =
    found?.booking.origin === "online" &&
    (found.booking.status === "pending" || found.booking.status === "expired");
  return onlineHold ? undefined : found;
}

/** The guest pays: the provider's page for what is due (the same session while one is open). */
export async function payByLink(
  db: Executor,
  token: string,
  clientAddress: string,
  deps: PaymentDeps & { accepted?: { policy: string; termsVersion: string } } = {},
): Promise<{ url: string }> {
  await spendRateLimit(db, PAY_LINK_RATE_LIMIT, clientAddress);
  const { provider, publicUrl, now } = depsOf(deps);
  return db.transaction(async (tx) => {
    const found = await bookingToPay(tx, token, { lock: true });
    if (!found) throw notFound(LINK_NOT_FOUND);
    const { booking, campsiteName } = found;
    const due = await amountDue(tx, booking, now);
    if (due.state === "paid") throw conflict(NOTHING_DUE, "nothing_due");
    if (due.state !== "due") throw conflict(LINK_LAPSED, "link_lapsed");
    if (booking.status === "pending") {
      if (!deps.accepted) throw invalid(POLICY_NOT_ACCEPTED, { field: "acceptPolicy" });
      await acceptPolicy(tx, booking, deps.accepted, now);
    }
    const open = await openSession(tx, booking.id, now);
    if (open) return { url: open };
    const cancelUrl = `${publicUrl}${guestPaymentPath(token)}`;
    const session = await createSession(provider, booking, campsiteName, publicUrl, now, {
      cancelUrl,
      amountCents: due.cents,
    });
    await tx.insert(payments).values({
      bookingId: booking.id,
      provider: provider.name,
      stripeSessionId: session.id,
      sessionUrl: session.url,
      guestEmail: booking.guestEmail,
      amountCents: due.cents,
      currency: PAYMENT_CURRENCY,
      status: "pending",
      sessionExpiresAt: session.expiresAt,
      forBalance: due.forBalance,
    });
    // The farm's hold is never shortened by the session's.
    if (booking.holdExpiresAt && session.expiresAt > booking.holdExpiresAt)
      await tx
        .update(bookings)
        .set({ holdExpiresAt: session.expiresAt })
        .where(eq(bookings.id, booking.id));
    return { url: session.url };
  });
}

/**
 * The sweeper's part: each front-desk hold whose time ran out (expired, and
 * the guest not yet told) tells the guest the site was released, once.
 */
export async function tellLapsedPaymentLinks(db: Executor): Promise<number> {
  return db.transaction(async (tx) => {
    const lapsed = await tx
      .update(bookings)
      .set({ lapseNoticeAt: new Date() })
      // Written out, not parameters: the kept plan may then use the partial index of these few.
      .where(
        sql`${bookings.origin} = 'front-desk' and ${bookings.status} = 'expired' and ${bookings.lapseNoticeAt} is null`,
      )
      .returning();
    for (const booking of lapsed) await tellReleased(tx, booking);
    return lapsed.length;
  });
}

async function tellReleased(tx: Executor, booking: BookingRow) {
  const [campsite] = await tx
    .select({ name: campsites.name })
    .from(campsites)
    .where(eq(campsites.id, booking.campsiteId));
  await enqueueGuestNotice(tx, booking, campsite?.name ?? "Campsite", {
    kind: "payment-link-lapsed",
    subject: `Booking released: ${booking.bookingReference} at ${siteConfig().farmName} Station`,
    lines: [
      `The time to pay for booking ${booking.bookingReference} has passed, so we have released the site.`,
      "If you would still like to stay, please call us or book again on our website.",
    ],
  });
}
