// A booking the farm holds while the guest pays by a link (issue 28): the
// email with the link, the page it opens, the checkout it starts, and the
// notice when the time the farm gave runs out and the unit is released.
import { and, eq, isNull } from "drizzle-orm";
import { siteConfig } from "#content/site.ts";
import { formatFarmDateTime } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import { nightsBetween } from "#domain/rules/dates.ts";
import { guestBookingPath, guestPaymentPath } from "#domain/rules/my-booking.ts";
import type { PriceLine } from "#domain/rules/rates.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings, campsites, payments } from "#server/db/schema.ts";
import { AppError, conflict, notFound } from "#server/errors.ts";
import { enqueueGuestNotice } from "#server/services/booking-emails.ts";
import { looksLikeGuestToken } from "#server/services/guest-token.ts";
import { depsOf, type PaymentDeps } from "#server/services/payments/deps.ts";
import { PAYMENT_CURRENCY } from "#server/services/payments/messages.ts";
import { createSession, openSession } from "#server/services/payments/start.ts";
import {
  hitRateLimit,
  type RateLimitRule,
  TOO_MANY_REQUESTS,
} from "#server/services/rate-limit.ts";

type BookingRow = typeof bookings.$inferSelect;

export const LINK_NOT_FOUND = "Booking not found.";
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
  amountCents: number;
  payBy: string;
  state: "due" | "lapsed" | "paid";
  bookingPath: string;
};

/** The booking the farm took at `token`, for its payment page; undefined for any other token. */
export async function paymentLinkView(
  db: Executor,
  token: string,
  now: Date = new Date(),
): Promise<PaymentLinkView | undefined> {
  const found = await frontDeskBookingAt(db, token);
  if (!found) return undefined;
  const { booking, campsiteName } = found;
  return {
    reference: booking.bookingReference,
    campsite: campsiteName,
    checkIn: booking.checkInDate,
    checkOut: booking.checkOutDate,
    nights: nightsBetween(booking.checkInDate, booking.checkOutDate),
    guests: booking.numberOfGuests,
    dogs: booking.numberOfDogs,
    lines: booking.priceLines.map(({ description, amountCents }) => ({ description, amountCents })),
    amountCents: booking.finalAmountCents,
    payBy: (booking.holdExpiresAt ?? booking.updatedAt).toISOString(),
    state: linkState(booking, now),
    bookingPath: guestBookingPath(token),
  };
}

function linkState(booking: BookingRow, now: Date): PaymentLinkView["state"] {
  if (booking.status === "paid" || booking.status === "confirmed") return "paid";
  const held =
    booking.status === "pending" && (booking.holdExpiresAt?.getTime() ?? 0) > now.getTime();
  return held ? "due" : "lapsed";
}

async function frontDeskBookingAt(db: Executor, token: string, { lock = false } = {}) {
  if (!looksLikeGuestToken(token)) return undefined;
  const query = db
    .select({ booking: bookings, campsiteName: campsites.name })
    .from(bookings)
    .innerJoin(campsites, eq(campsites.id, bookings.campsiteId))
    .where(and(eq(bookings.guestToken, token), eq(bookings.origin, "front-desk")));
  const [found] = lock ? await query.for("update", { of: bookings }) : await query;
  return found;
}

/**
 * The guest pays: the provider's page for the held booking (the same session
 * while one is open). The farm's hold is never shortened by the session's.
 */
export async function payByLink(
  db: Executor,
  token: string,
  clientAddress: string,
  deps: PaymentDeps = {},
): Promise<{ url: string }> {
  const limit = await hitRateLimit(db, PAY_LINK_RATE_LIMIT, clientAddress);
  if (!limit.allowed)
    throw new AppError("rate_limited", TOO_MANY_REQUESTS, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  const { provider, publicUrl, now } = depsOf(deps);
  return db.transaction(async (tx) => {
    const found = await frontDeskBookingAt(tx, token, { lock: true });
    if (!found) throw notFound(LINK_NOT_FOUND);
    const { booking, campsiteName } = found;
    if (linkState(booking, now) !== "due") throw conflict(LINK_LAPSED, "link_lapsed");
    const open = await openSession(tx, booking.id, now);
    if (open) return { url: open };
    const back = `${publicUrl}${guestPaymentPath(token)}`;
    const session = await createSession(provider, booking, campsiteName, publicUrl, now, back);
    await tx.insert(payments).values({
      bookingId: booking.id,
      provider: provider.name,
      stripeSessionId: session.id,
      sessionUrl: session.url,
      guestEmail: booking.guestEmail,
      amountCents: booking.finalAmountCents,
      currency: PAYMENT_CURRENCY,
      status: "pending",
      sessionExpiresAt: session.expiresAt,
    });
    if (session.expiresAt && booking.holdExpiresAt && session.expiresAt > booking.holdExpiresAt)
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
      .where(
        and(
          eq(bookings.origin, "front-desk"),
          eq(bookings.status, "expired"),
          isNull(bookings.lapseNoticeAt),
        ),
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
