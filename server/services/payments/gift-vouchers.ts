// Gift vouchers sold online (issue 31, item 2). The buyer chooses $25 to
// $500 and a message and pays by card on a checkout session of the voucher's
// own; once paid (the provider's webhook, or the test checkout's Pay), the
// voucher becomes a prepaid card good for three years, the recipient is
// emailed it as a PDF and the buyer gets a receipt, all in one transaction
// with the outbox. It is redeemed at step 3 as any prepaid card.
import { randomInt, randomUUID } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { siteConfig } from "#content/site.ts";
import { formatDay } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import { fieldErrorsOf } from "#domain/forms/form-fields.ts";
import { giftVoucherSchema, VOUCHER_YEARS } from "#domain/forms/gift-voucher.ts";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { CHECKOUT_SESSION_MINUTES } from "#domain/rules/hold.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { theRow } from "#server/db/rows.ts";
import { giftVouchers, prepaidCards, prepaidCardTransactions } from "#server/db/schema.ts";
import { AppError, invalid } from "#server/errors.ts";
import { renderVoucherPdf } from "#server/invoices/voucher-pdf.ts";
import { log } from "#server/log.ts";
import { enqueueEmail } from "#server/services/email-outbox.ts";
import { enterGiftVoucher } from "#server/services/ledger.ts";
import { PAYMENT_CURRENCY, PROVIDER_UNAVAILABLE } from "#server/services/payment-messages.ts";
import { insertNumberedCards } from "#server/services/prepaid-card-admin.ts";
import { type RateLimitRule, spendRateLimit } from "#server/services/rate-limit.ts";
import { depsOf, type PaymentDeps } from "./deps";

export const GIFT_VOUCHER_RATE_LIMIT: RateLimitRule = {
  name: "gift-voucher",
  max: 10,
  windowSeconds: 10 * 60,
};

export type GiftVoucherRow = typeof giftVouchers.$inferSelect;

export async function findGiftVoucher(db: Executor, sessionId: string) {
  const [voucher] = await db
    .select()
    .from(giftVouchers)
    .where(eq(giftVouchers.sessionId, sessionId));
  return voucher;
}

/** Checks the buyer's form and opens the card payment for it: its address. */
export async function startGiftVoucher(
  db: Database,
  raw: unknown,
  clientAddress: string,
  options: PaymentDeps = {},
): Promise<{ url: string }> {
  await spendRateLimit(db, GIFT_VOUCHER_RATE_LIMIT, clientAddress);
  const parsed = giftVoucherSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw invalid(Object.values(fieldErrors).join(" "), { fieldErrors });
  }
  const input = parsed.data;
  const { provider, publicUrl, now } = depsOf(options);
  const id = randomUUID();
  const reference = await freeReference(db);
  const amountCents = input.amount * 100;
  const session = await provider
    .createCheckoutSession({
      bookingId: id,
      bookingReference: reference,
      description: `Gift voucher ${formatMoney(amountCents)} for ${input.recipientName} (${reference})`,
      amountCents,
      currency: PAYMENT_CURRENCY,
      guestEmail: input.buyerEmail,
      expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_MINUTES * 60_000),
      successUrl: `${publicUrl}/gift-vouchers/thanks?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${publicUrl}/gift-vouchers`,
    })
    .catch((error: unknown) => {
      log.error({ err: error, voucher: reference }, "could not create a voucher's checkout");
      throw new AppError("upstream", PROVIDER_UNAVAILABLE, {
        code: "payment_provider_unavailable",
      });
    });
  await db.insert(giftVouchers).values({
    id,
    reference,
    amountCents,
    buyerName: input.buyerName,
    buyerEmail: input.buyerEmail,
    recipientName: input.recipientName,
    recipientEmail: input.recipientEmail,
    message: input.message,
    provider: provider.name,
    sessionId: session.id,
    sessionUrl: session.url,
    sessionExpiresAt: session.expiresAt,
  });
  return { url: session.url };
}

/** A voucher reference no voucher has yet: six digits, as a booking's. */
async function freeReference(db: Executor): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const reference = `GV${String(randomInt(1_000_000)).padStart(6, "0")}`;
    const [taken] = await db
      .select({ id: giftVouchers.id })
      .from(giftVouchers)
      .where(eq(giftVouchers.reference, reference));
    if (!taken) return reference;
  }
  throw new Error("no free gift voucher reference after 20 tries");
}

/**
 * The voucher's payment has succeeded: issue its card and queue both emails.
 * Undefined when the session is not a voucher's; a second call changes nothing.
 */
export async function fulfilGiftVoucher(
  db: Executor,
  paid: { sessionId: string; paymentIntentId: string | null },
  now: Date = new Date(),
): Promise<"paid" | "already_settled" | undefined> {
  return db.transaction(async (tx) => {
    const [voucher] = await tx
      .select()
      .from(giftVouchers)
      .where(eq(giftVouchers.sessionId, paid.sessionId))
      .for("update");
    if (!voucher) return undefined;
    if (voucher.status === "paid") return "already_settled";
    const expiresOn = addDays(farmToday(now), Math.ceil(VOUCHER_YEARS * 365.25));
    const card = await issueCard(tx, voucher, expiresOn);
    await tx
      .update(giftVouchers)
      .set({
        status: "paid",
        paidAt: now,
        prepaidCardId: card.id,
        paymentIntentId: paid.paymentIntentId,
      })
      .where(eq(giftVouchers.id, voucher.id));
    await enterGiftVoucher(tx, voucher.id, { receivedCents: voucher.amountCents }, now);
    await enqueueEmail(tx, await recipientEmail(voucher, card.cardNumber, expiresOn));
    await enqueueEmail(tx, buyerReceipt(voucher, now));
    return "paid";
  });
}

/**
 * Asks the provider about a voucher still pending past its checkout's end, or
 * whose buyer is back (a webhook lost or late), and applies the answer: paid,
 * expired, or still pending when the provider cannot say.
 */
export async function reconcileGiftVoucher(
  db: Executor,
  voucher: GiftVoucherRow,
  options: PaymentDeps = {},
): Promise<GiftVoucherRow["status"]> {
  if (voucher.status !== "pending") return voucher.status;
  const { provider, now } = depsOf(options);
  const asked = voucher.provider === provider.name && provider.name !== "test";
  const state = asked
    ? await provider.retrieveCheckoutSession(voucher.sessionId).catch((error: unknown) => {
        log.warn({ err: error, voucher: voucher.reference }, "could not read a voucher's checkout");
        return undefined;
      })
    : undefined;
  if (state?.status === "complete" && state.paymentStatus !== "unpaid") {
    const paid = { sessionId: voucher.sessionId, paymentIntentId: state.paymentIntentId };
    await fulfilGiftVoucher(db, paid, now);
    return "paid";
  }
  // The test checkout keeps no state of its own: its session is over once past its end.
  const over = state?.status === "expired" || (!asked && voucher.sessionExpiresAt <= now);
  if (!over) return "pending";
  await expireGiftVoucher(db, voucher.sessionId);
  return "expired";
}

/** The sweeper's part: vouchers pending past their checkout's end, asked about. */
export async function reconcileStaleGiftVouchers(db: Executor, options: PaymentDeps = {}) {
  const stale = await db
    .select()
    .from(giftVouchers)
    .where(
      sql`${giftVouchers.status} = 'pending' and ${giftVouchers.sessionExpiresAt} < ${depsOf(options).now}`,
    )
    .limit(20);
  for (const voucher of stale) await reconcileGiftVoucher(db, voucher, options);
  return stale.length;
}

/**
 * What moved at the provider for a voucher's payment after its sale: a
 * refund (what has gone back in all), or a card dispute and its state.
 */
export type VoucherMoneyBack =
  | { refundedCents: number }
  | { dispute: { id: string; state: "open" | "won" | "lost"; amountCents: number | null } };

/**
 * The buyer got a voucher's money back at the provider (a refund, or a card
 * dispute): the ledger enters it, and its card loses it. A part refunded is
 * taken off the card (a debit, so its history says why); refunded in full or
 * disputed, what is left is taken off and the card deactivated. The farm can
 * issue or reactivate a card by hand if it decides otherwise (a dispute won,
 * say). False when the payment is not a voucher's.
 */
export async function withdrawGiftVoucher(
  db: Executor,
  paymentIntentId: string | null,
  back: VoucherMoneyBack,
  now: Date = new Date(),
): Promise<boolean> {
  if (!paymentIntentId) return false;
  return db.transaction(async (tx) => {
    const [voucher] = await tx
      .select()
      .from(giftVouchers)
      .where(eq(giftVouchers.paymentIntentId, paymentIntentId))
      .for("update");
    if (!voucher) return false;
    const moved =
      "dispute" in back
        ? {
            dispute: {
              ...back.dispute,
              amountCents: back.dispute.amountCents ?? voucher.amountCents,
            },
          }
        : back;
    const { refundedNowCents, disputeApplied } = await enterGiftVoucher(tx, voucher.id, moved, now);
    if ("refundedCents" in back) {
      const whole = back.refundedCents >= voucher.amountCents;
      if (refundedNowCents > 0 || whole)
        await takeOffCard(tx, voucher, "refunded", { cents: refundedNowCents, deactivate: whole });
    } else if (disputeApplied && back.dispute.state !== "won")
      await takeOffCard(tx, voucher, "disputed", { deactivate: true });
    return true;
  });
}

/** Takes `cents` (or all that is left) off the voucher's card, and deactivates it if asked. */
async function takeOffCard(
  tx: Executor,
  voucher: GiftVoucherRow,
  why: string,
  { cents, deactivate }: { cents?: number; deactivate: boolean },
) {
  if (!voucher.prepaidCardId) return;
  const [card] = await tx
    .select()
    .from(prepaidCards)
    .where(eq(prepaidCards.id, voucher.prepaidCardId))
    .for("update");
  if (!card) return;
  const off = deactivate ? card.balanceCents : Math.min(card.balanceCents, cents ?? 0);
  await tx
    .update(prepaidCards)
    .set({ balanceCents: card.balanceCents - off, ...(deactivate && { isActive: false }) })
    .where(eq(prepaidCards.id, card.id));
  if (off > 0)
    await tx.insert(prepaidCardTransactions).values({
      prepaidCardId: card.id,
      transactionType: "debit",
      amountCents: off,
      description: `Gift voucher ${voucher.reference} ${why} to the buyer at the card provider`,
    });
  log.warn(
    { voucher: voucher.reference, why, off, deactivate },
    "a gift voucher's card lost money",
  );
}

/** A checkout that ended unpaid: the voucher is not sold. */
export async function expireGiftVoucher(db: Executor, sessionId: string) {
  const ended = await db
    .update(giftVouchers)
    .set({ status: "expired" })
    .where(sql`${giftVouchers.sessionId} = ${sessionId} and ${giftVouchers.status} = 'pending'`)
    .returning({ id: giftVouchers.id });
  return ended.length > 0;
}

async function issueCard(tx: Executor, voucher: GiftVoucherRow, expiresOn: string) {
  const issued = theRow(
    await insertNumberedCards(tx, 1, {
      balanceCents: voucher.amountCents,
      issuedTo: `${voucher.recipientName} (gift voucher ${voucher.reference})`,
      expiresOn,
    }),
    "the voucher's card",
  );
  await tx.insert(prepaidCardTransactions).values({
    prepaidCardId: issued.id,
    transactionType: "credit",
    amountCents: voucher.amountCents,
    description: `Gift voucher ${voucher.reference} bought by ${voucher.buyerName}`,
  });
  return issued;
}

async function recipientEmail(voucher: GiftVoucherRow, cardNumber: string, expiresOn: string) {
  const site = siteConfig();
  // A PDF that cannot be drawn never undoes a paid voucher: the email carries the card number.
  const pdf = await renderVoucherPdf({
    farmName: site.farmName,
    siteUrl: site.siteUrl,
    amountCents: voucher.amountCents,
    recipientName: voucher.recipientName,
    buyerName: voucher.buyerName,
    message: voucher.message,
    cardNumber,
    expiresOn,
  }).catch((error: unknown) => {
    log.error({ err: error, voucher: voucher.reference }, "could not draw the voucher's PDF");
    return undefined;
  });
  return {
    kind: "gift-voucher",
    to: voucher.recipientEmail,
    replyTo: site.email,
    subject: `${voucher.buyerName} sent you a ${formatMoney(voucher.amountCents)} gift voucher for ${site.farmName} Station`,
    text: [
      `Hello ${voucher.recipientName},`,
      "",
      `${voucher.buyerName} has given you a ${formatMoney(voucher.amountCents)} gift voucher for a stay at ${site.farmName} Station.`,
      ...(voucher.message ? ["", voucher.message] : []),
      "",
      `Card number: ${cardNumber}`,
      `Valid until: ${formatDay(expiresOn, { weekday: false })}`,
      "",
      `Book a campsite at ${site.siteUrl}/bookings and enter the card number as a prepaid card when you pay.${pdf ? " The voucher is attached as a PDF." : ""}`,
    ].join("\n"),
    attachments: pdf
      ? [
          {
            filename: `gift-voucher-${voucher.reference}.pdf`,
            contentType: "application/pdf",
            content: pdf.toString("base64"),
            encoding: "base64" as const,
          },
        ]
      : [],
  };
}

function buyerReceipt(voucher: GiftVoucherRow, paidAt: Date) {
  const site = siteConfig();
  return {
    kind: "gift-voucher-receipt",
    to: voucher.buyerEmail,
    replyTo: site.email,
    subject: `Receipt for gift voucher ${voucher.reference} from ${site.farmName} Station`,
    text: [
      `Thank you, ${voucher.buyerName}.`,
      "",
      `Receipt for gift voucher ${voucher.reference}`,
      `Paid by card on ${formatDay(farmToday(paidAt), { weekday: false })}: ${formatMoney(voucher.amountCents)} ${PAYMENT_CURRENCY}`,
      `For: ${voucher.recipientName} <${voucher.recipientEmail}>`,
      "",
      `We have emailed the voucher to ${voucher.recipientName}. It is good for ${VOUCHER_YEARS} years.`,
      "",
      `${site.business.legalName}${site.business.abn ? `, ABN ${site.business.abn}` : ""}`,
    ].join("\n"),
  };
}

/** The vouchers sold, newest first, with their buyers: the Prepaid Cards screen lists them. */
export function soldGiftVouchers(db: Executor) {
  return db
    .select({
      cardNumber: prepaidCards.cardNumber,
      reference: giftVouchers.reference,
      buyerName: giftVouchers.buyerName,
      buyerEmail: giftVouchers.buyerEmail,
      recipientName: giftVouchers.recipientName,
      paidAt: giftVouchers.paidAt,
    })
    .from(giftVouchers)
    .leftJoin(prepaidCards, eq(prepaidCards.id, giftVouchers.prepaidCardId))
    .where(eq(giftVouchers.status, "paid"))
    .orderBy(desc(giftVouchers.paidAt));
}
