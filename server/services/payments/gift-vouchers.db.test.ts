import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import {
  emailOutbox,
  giftVouchers,
  ledgerEntries,
  prepaidCards,
  prepaidCardTransactions,
} from "#server/db/schema.ts";
import type { PaymentProvider } from "#server/payments/provider.ts";
import { createTestProvider } from "#server/payments/test-checkout.ts";
import { moneyFigures } from "#server/services/money-figures.ts";
import { validatePrepaidCard } from "#server/services/prepaid-cards.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { expectLedgerAgrees } from "#server/testing/ledger-check.ts";
import { pdfText } from "#server/testing/poppler.ts";
import { present } from "#server/testing/present.ts";
import {
  findGiftVoucher,
  fulfilGiftVoucher,
  reconcileStaleGiftVouchers,
  startGiftVoucher,
  withdrawGiftVoucher,
} from "./gift-vouchers";
import { completeTestCheckout, testCheckoutSession } from "./test-checkout-session";

const database = setupTestDatabase();
const deps = { provider: createTestProvider("http://farm.test"), publicUrl: "http://farm.test" };
const order = {
  amount: "120",
  buyerName: "Mia Buyer",
  buyerEmail: "mia@example.com",
  recipientName: "Zoë Ngata",
  recipientEmail: "zoe@example.com",
  message: "Happy birthday! A weekend by the creek.",
};
let client = 0;
const start = (raw: object) => startGiftVoucher(database().db, raw, `10.8.0.${++client}`, deps);
const sessionOf = (url: string) => url.split("/test-checkout/")[1] ?? "";

/** A voucher bought through the test checkout and paid. */
async function paidVoucher(raw: object) {
  const { db } = database();
  const sessionId = sessionOf((await start(raw)).url);
  expect(await completeTestCheckout(db, sessionId, deps)).toBe("paid");
  return present(await findGiftVoucher(db, sessionId), "the voucher");
}

/** A voucher's ledger entries, oldest first: kind, amount, GST. */
async function voucherEntries(giftVoucherId: string) {
  const rows = await database()
    .db.select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.giftVoucherId, giftVoucherId))
    .orderBy(asc(ledgerEntries.occurredAt), asc(ledgerEntries.createdAt));
  return rows.map((e) => [e.kind, e.amountCents, e.gstCents]);
}

describe("gift vouchers sold online", () => {
  it("becomes a prepaid card good for three years once paid, emailed as a PDF with a receipt to the buyer", async () => {
    const { db } = database();
    const { url } = await start(order);
    const sessionId = sessionOf(url);
    expect(await testCheckoutSession(db, sessionId)).toMatchObject({
      open: true,
      amountCents: 12_000,
      title: expect.stringMatching(/^Pay for gift voucher GV\d{6}$/),
    });
    // Nothing is issued before the payment.
    const [pending] = await db
      .select()
      .from(giftVouchers)
      .where(eq(giftVouchers.sessionId, sessionId));
    expect(pending).toMatchObject({ status: "pending", prepaidCardId: null });

    expect(await completeTestCheckout(db, sessionId)).toBe("paid");
    expect(await completeTestCheckout(db, sessionId)).toBe("already_settled");
    expect(await fulfilGiftVoucher(db, { sessionId, paymentIntentId: null })).toBe(
      "already_settled",
    );

    const [voucher] = await db
      .select()
      .from(giftVouchers)
      .where(eq(giftVouchers.sessionId, sessionId));
    const [card] = await db
      .select()
      .from(prepaidCards)
      .where(eq(prepaidCards.id, voucher?.prepaidCardId ?? ""));
    expect(card).toMatchObject({
      balanceCents: 12_000,
      originalBalanceCents: 12_000,
      isActive: true,
    });
    expect(card?.expiresOn).toBe(addDays(farmToday(), 1096));
    expect(await validatePrepaidCard(db, card?.cardNumber ?? "")).toMatchObject({ valid: true });
    // The card money is in the ledger once, without GST (due when the voucher is spent), and in Takings.
    expect(await voucherEntries(voucher?.id ?? "")).toEqual([["payment", 12_000, 0]]);
    const today = farmToday();
    const money = await moneyFigures(db, { from: today, to: today });
    expect(money).toMatchObject({ vouchersSoldCents: 12_000, vouchersSold: 1 });
    expect(money.takingsCents).toBeGreaterThanOrEqual(12_000);
    await expectLedgerAgrees(db);

    const emails = await db.select().from(emailOutbox).orderBy(emailOutbox.queueOrder);
    const toRecipient = emails.find((e) => e.toAddress === "zoe@example.com");
    const receipt = emails.find((e) => e.toAddress === "mia@example.com");
    expect(emails.filter((e) => e.kind.startsWith("gift-voucher"))).toHaveLength(2);
    expect(receipt?.textBody).toContain("$120.00 AUD");
    const [attachment] = toRecipient?.attachments ?? [];
    expect(attachment?.contentType).toBe("application/pdf");
    const text = await pdfText(Buffer.from(attachment?.content ?? "", "base64"));
    for (const words of [
      "Gift Voucher",
      "$120.00",
      "Zoë Ngata",
      "Mia Buyer",
      card?.cardNumber ?? "?",
      "Happy birthday!",
    ])
      expect(text).toContain(words);
  });

  it("refuses amounts outside $25 to $500 and bad emails, and stores nothing", async () => {
    const { db } = database();
    const before = await db.select().from(giftVouchers);
    await expect(start({ ...order, amount: "24" })).rejects.toThrow(/from \$25 to \$500/);
    await expect(start({ ...order, amount: "501" })).rejects.toThrow(/from \$25 to \$500/);
    await expect(start({ ...order, amount: "50.5" })).rejects.toThrow(/whole-dollar/);
    await expect(start({ ...order, recipientEmail: "zoe" })).rejects.toThrow(/valid email/);
    expect(await db.select().from(giftVouchers)).toHaveLength(before.length);
  });

  it("issues nothing for a checkout that ran out", async () => {
    const { db } = database();
    const { url } = await start(order);
    const sessionId = sessionOf(url);
    const later = new Date(Date.now() + 32 * 60_000);
    expect(await completeTestCheckout(db, sessionId, { ...deps, now: later })).toBe("expired");
    const [voucher] = await db
      .select()
      .from(giftVouchers)
      .where(eq(giftVouchers.sessionId, sessionId));
    expect(voucher).toMatchObject({ status: "expired", prepaidCardId: null });
  });

  it("issues the voucher when the provider says it was paid but its webhook never came", async () => {
    const { db } = database();
    const sessions = new Map<string, "complete" | "expired">();
    const base = createTestProvider("http://farm.test");
    // A provider that keeps its sessions' state, as Stripe does.
    const provider: PaymentProvider = {
      ...base,
      name: "stripe",
      createCheckoutSession: async (request) => ({
        id: `cs_${request.bookingId}`,
        url: "https://checkout.example/pay",
        expiresAt: request.expiresAt,
      }),
      retrieveCheckoutSession: async (id) => {
        const status = sessions.get(id) ?? "open";
        return {
          id,
          status,
          paymentStatus: status === "complete" ? "paid" : "unpaid",
          amountTotalCents: 12_000,
          paymentIntentId: status === "complete" ? `pi_${id}` : null,
          customerId: null,
        };
      },
    };
    const stripeDeps = { provider, publicUrl: "http://farm.test" };
    await startGiftVoucher(db, order, "10.9.0.1", stripeDeps);
    await startGiftVoucher(db, order, "10.9.0.2", stripeDeps);
    const [first, second] = await db
      .select()
      .from(giftVouchers)
      .where(eq(giftVouchers.provider, "stripe"))
      .orderBy(giftVouchers.createdAt);
    sessions.set(present(first, "the paid voucher").sessionId, "complete");
    sessions.set(present(second, "the lapsed voucher").sessionId, "expired");

    // Before the checkout's end nothing is asked; after it, the sweeper's part asks and applies.
    expect(await reconcileStaleGiftVouchers(db, stripeDeps)).toBe(0);
    const later = new Date(Date.now() + 32 * 60_000);
    expect(await reconcileStaleGiftVouchers(db, { ...stripeDeps, now: later })).toBe(2);
    const after = await db.select().from(giftVouchers).where(eq(giftVouchers.provider, "stripe"));
    const byId = new Map(after.map((v) => [v.id, v]));
    expect(byId.get(first?.id ?? "")).toMatchObject({
      status: "paid",
      paymentIntentId: `pi_${first?.sessionId}`,
    });
    expect(byId.get(first?.id ?? "")?.prepaidCardId).not.toBeNull();
    expect(byId.get(second?.id ?? "")).toMatchObject({ status: "expired", prepaidCardId: null });
  });

  it("withdraws the card when the buyer's payment is refunded at the provider", async () => {
    const { db } = database();
    const voucher = await paidVoucher(order);
    const cardOf = async () =>
      present(
        (
          await db
            .select()
            .from(prepaidCards)
            .where(eq(prepaidCards.id, voucher.prepaidCardId ?? ""))
        )[0],
        "the voucher's card",
      );
    const refunded = { refundedCents: 12_000 };
    expect(await withdrawGiftVoucher(db, "pi_not_a_voucher", refunded)).toBe(false);
    expect(await withdrawGiftVoucher(db, voucher.paymentIntentId, refunded)).toBe(true);
    // A replayed event changes nothing more.
    expect(await withdrawGiftVoucher(db, voucher.paymentIntentId, refunded)).toBe(true);
    expect(await cardOf()).toMatchObject({ balanceCents: 0, isActive: false });
    expect(await voucherEntries(voucher.id)).toEqual([
      ["payment", 12_000, 0],
      ["refund", -12_000, 0],
    ]);
    const history = await db
      .select()
      .from(prepaidCardTransactions)
      .where(eq(prepaidCardTransactions.prepaidCardId, voucher.prepaidCardId ?? ""));
    expect(history.map((t) => [t.transactionType, t.amountCents])).toEqual([
      ["credit", 12_000],
      ["debit", 12_000],
    ]);
    const { cardNumber } = await cardOf();
    expect(await validatePrepaidCard(db, cardNumber)).toMatchObject({ valid: false });
  });

  it("takes a part refunded off the card, which stays good for the rest, and withdraws it once refunded in full", async () => {
    const { db } = database();
    const voucher = await paidVoucher({ ...order, amount: "100" });
    const card = async () =>
      (
        await db
          .select()
          .from(prepaidCards)
          .where(eq(prepaidCards.id, voucher.prepaidCardId ?? ""))
      )[0];
    await withdrawGiftVoucher(db, voucher.paymentIntentId, { refundedCents: 3_000 });
    await withdrawGiftVoucher(db, voucher.paymentIntentId, { refundedCents: 3_000 });
    expect(await card()).toMatchObject({ balanceCents: 7_000, isActive: true });
    await withdrawGiftVoucher(db, voucher.paymentIntentId, { refundedCents: 10_000 });
    expect(await card()).toMatchObject({ balanceCents: 0, isActive: false });
    expect(await voucherEntries(voucher.id)).toEqual([
      ["payment", 10_000, 0],
      ["refund", -3_000, 0],
      ["refund", -7_000, 0],
    ]);
    await expectLedgerAgrees(db);
  });

  it("enters a dispute of a voucher's payment and its outcome, and withdraws the card while it is open", async () => {
    const { db } = database();
    const voucher = await paidVoucher({ ...order, amount: "50" });
    const dispute = (state: "open" | "won" | "lost") => ({
      dispute: { id: "dp_voucher", state, amountCents: null },
    });
    expect(await withdrawGiftVoucher(db, voucher.paymentIntentId, dispute("open"))).toBe(true);
    expect(await withdrawGiftVoucher(db, voucher.paymentIntentId, dispute("open"))).toBe(true);
    const [card] = await db
      .select()
      .from(prepaidCards)
      .where(eq(prepaidCards.id, voucher.prepaidCardId ?? ""));
    expect(card).toMatchObject({ balanceCents: 0, isActive: false });
    // Won: the money taken comes back; the card stays withdrawn until the farm decides.
    expect(await withdrawGiftVoucher(db, voucher.paymentIntentId, dispute("won"))).toBe(true);
    expect(await voucherEntries(voucher.id)).toEqual([
      ["payment", 5_000, 0],
      ["dispute", -5_000, 0],
      ["dispute", 5_000, 0],
    ]);
    await expectLedgerAgrees(db);
  });
});
