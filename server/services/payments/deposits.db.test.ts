// Deposits (issue 31, item 1) against a real database: a stay booked well
// ahead pays 30% at the test checkout with the card kept; the balance worker
// charges the rest on the due day, once, however often or concurrently it
// runs; a declined card emails the camper a link to pay, tells the farm and
// is tried again a day later, three times in all. The clock is pinned.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { farmInstant } from "#domain/rules/dates.ts";
import { keptCardChargedOn } from "#domain/rules/deposits.ts";
import { payByLink, paymentLinkView } from "#server/bookings/payment-link.ts";
import { bookings, emailOutbox, ledgerEntries, payments } from "#server/db/schema.ts";
import type { PaymentProvider, SavedCardCharge } from "#server/payments/provider.ts";
import { createTestProvider } from "#server/payments/test-checkout.ts";
import { createBooking } from "#server/services/bookings.ts";
import { receiptsOf } from "#server/services/receipts.ts";
import { saveSettings } from "#server/services/settings.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite } from "#server/testing/factories.ts";
import { expectLedgerAgrees } from "#server/testing/ledger-check.ts";
import { present } from "#server/testing/present.ts";
import { chargeDueBalances, NO_KEPT_CARD } from "./balance-charges";
import { balancesToCome } from "./balances-to-come";
import { startPayment } from "./start";
import { completeTestCheckout } from "./test-checkout-session";

const database = setupTestDatabase();
afterAll(() => expectLedgerAgrees(database().db));
const db = () => database().db;
const publicUrl = "http://127.0.0.1:9";

/** Booked on Tuesday 2 April 2030, farm time; a stay 60 days out starts on Saturday 1 June. */
const BOOKED = farmInstant("2030-04-02T10:00");
const CHECK_IN = "2030-06-01";
/** 14 days before arrival. */
const DUE_ON = "2030-05-18";

/** The test checkout, with every charge of a kept card recorded. */
function chargingProvider(failFirst = false) {
  const charges: SavedCardCharge[] = [];
  const base = createTestProvider(publicUrl);
  let failed = !failFirst;
  const provider: PaymentProvider = {
    ...base,
    chargeSavedCard: async (charge) => {
      charges.push(charge);
      if (!failed) {
        failed = true;
        throw new Error("the provider did not answer");
      }
      return base.chargeSavedCard(charge);
    },
  };
  return { charges, deps: (now: Date) => ({ provider, publicUrl, now }) };
}

beforeAll(async () => {
  await saveSettings(db(), {
    depositKind: "percent",
    depositPercent: 30,
    depositDaysAhead: 30,
    balanceDueDaysBefore: 14,
  });
});

let guest = 0;
async function depositBooking(keptCard: "pays" | "declined" | undefined, checkIn = CHECK_IN) {
  const site = await createCampsite(db(), { pricePerNightCents: 10000, quantity: 1 });
  guest += 1;
  const booking = await createBooking(
    db(),
    {
      campsiteId: site.id,
      checkIn,
      checkOut: `${checkIn.slice(0, 8)}03`,
      guests: 2,
      firstName: "Dana",
      lastName: `Deposit${guest}`,
      email: `dana.${guest}@example.com`,
    },
    BOOKED,
  );
  const provider = chargingProvider();
  const { url } = await startPayment(db(), booking.id, booking.holdSecret, provider.deps(BOOKED));
  const sessionId = present(url.split("/").pop(), "the session");
  expect(await completeTestCheckout(db(), sessionId, { ...provider.deps(BOOKED), keptCard })).toBe(
    "paid",
  );
  return { booking, sessionId };
}

const row = async (id: string) =>
  present((await db().select().from(bookings).where(eq(bookings.id, id)))[0], "the booking");
const paymentsOf = (bookingId: string) =>
  db().select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(payments.createdAt);
const mailsOf = (bookingId: string, kind: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.kind, kind)));
const at = (day: string, time = "00:05") => farmInstant(`${day}T${time}`);

describe("a deposit now and the balance on its due day", () => {
  it("pays 30% at the checkout, keeps the card, and charges the 70% on the due day once", async () => {
    const { booking, sessionId } = await depositBooking("pays");
    // 2 nights at $100: $60 today, $140 on Saturday 18 May 2030.
    expect(booking.paymentPlan).toEqual({
      todayCents: 6000,
      balanceCents: 14000,
      balanceDueOn: DUE_ON,
    });
    const confirmed = await row(booking.id);
    expect(confirmed.status).toBe("confirmed");
    expect(confirmed.savedCard).toMatch(/^test_cus_pays_/);
    expect(await paymentsOf(booking.id)).toMatchObject([
      { stripeSessionId: sessionId, amountCents: 6000, status: "succeeded" },
    ]);
    const [confirmation] = await mailsOf(booking.id, "booking-confirmation");
    expect(present(confirmation, "the confirmation").textBody).toContain(
      "You have paid a deposit of $60.00. The balance of $140.00 is charged to the card you paid with on Saturday 18 May 2030.",
    );

    const provider = chargingProvider();
    // The day before: nothing is due.
    expect(await chargeDueBalances(db(), provider.deps(at("2030-05-17", "23:55")))).toBe(0);
    // Two workers on the due day, at once: one charge.
    const dueDay = provider.deps(at(DUE_ON));
    const runs = await Promise.all([
      chargeDueBalances(db(), dueDay),
      chargeDueBalances(db(), dueDay),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await chargeDueBalances(db(), provider.deps(at("2030-05-19")))).toBe(0);
    expect(provider.charges).toHaveLength(1);
    expect(provider.charges[0]).toMatchObject({
      amountCents: 14000,
      customerId: confirmed.savedCard,
    });

    expect((await row(booking.id)).status).toBe("paid");
    const [, balance] = await paymentsOf(booking.id);
    expect(balance).toMatchObject({ amountCents: 14000, status: "succeeded", forBalance: true });
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.bookingId, booking.id))
      .orderBy(ledgerEntries.createdAt);
    expect(entries.map((e) => [e.cause, e.amountCents, e.farmDay])).toEqual([
      ["sale", 6000, "2030-04-02"],
      ["balance", 14000, DUE_ON],
    ]);
    const [received] = await mailsOf(booking.id, "payment-received");
    expect(present(received, "the balance's email").textBody).toContain(
      `/my-booking/${confirmed.guestToken}/receipt/2`,
    );
    const receipts = await receiptsOf(db(), await row(booking.id));
    expect(receipts.map((r) => [r.number, r.what, r.way, r.amountCents, r.date])).toEqual([
      [`RCT-${booking.bookingReference}-1`, "Deposit for the stay", "Card", 6000, "2030-04-02"],
      [`RCT-${booking.bookingReference}-2`, "Balance of the stay", "Card", 14000, DUE_ON],
    ]);
  });

  it("asks the provider again with the same key when it did not answer: one charge", async () => {
    const { booking } = await depositBooking("pays");
    const provider = chargingProvider(true);
    expect(await chargeDueBalances(db(), provider.deps(at(DUE_ON)))).toBe(0);
    expect((await paymentsOf(booking.id)).at(-1)).toMatchObject({ status: "pending" });
    // Another run while the first could still be asking leaves it alone; after its lease, it asks again.
    expect(await chargeDueBalances(db(), provider.deps(at(DUE_ON, "00:10")))).toBe(0);
    expect(provider.charges).toHaveLength(1);
    expect(await chargeDueBalances(db(), provider.deps(at(DUE_ON, "00:20")))).toBe(1);
    const [first, second] = provider.charges;
    expect(present(second, "the second try").idempotencyKey).toBe(
      present(first, "the first try").idempotencyKey,
    );
    expect(await paymentsOf(booking.id)).toHaveLength(2);
    expect((await row(booking.id)).status).toBe("paid");
  });

  it("asks about a charge still processing after its lease, rather than charging again", async () => {
    const { booking } = await depositBooking("pays");
    const charges: SavedCardCharge[] = [];
    const provider: PaymentProvider = {
      ...createTestProvider(publicUrl),
      chargeSavedCard: async (charge) => {
        charges.push(charge);
        return charges.length === 1
          ? { status: "processing", paymentIntentId: "pi_slow_card" }
          : { status: "paid", paymentIntentId: charge.paymentIntentId ?? "pi_made_again" };
      },
    };
    const deps = (time: string) => ({ provider, publicUrl, now: at(DUE_ON, time) });
    expect(await chargeDueBalances(db(), deps("00:05"))).toBe(0);
    expect((await paymentsOf(booking.id)).at(-1)).toMatchObject({
      status: "pending",
      stripePaymentIntentId: "pi_slow_card",
    });
    expect(await chargeDueBalances(db(), deps("00:10"))).toBe(0);
    expect(charges).toHaveLength(1);
    expect(await chargeDueBalances(db(), deps("00:20"))).toBe(1);
    expect(charges[1]).toMatchObject({
      paymentIntentId: "pi_slow_card",
      idempotencyKey: charges[0]?.idempotencyKey,
    });
    expect((await paymentsOf(booking.id)).at(-1)).toMatchObject({
      status: "succeeded",
      stripePaymentIntentId: "pi_slow_card",
    });
    expect((await row(booking.id)).status).toBe("paid");
  });

  it("charges the kept card no more than the balance agreed, once; more owed after a dearer change is left to pay", async () => {
    const { booking } = await depositBooking("pays");
    expect((await row(booking.id)).balanceAgreedCents).toBe(14000);
    // The farm made the stay $30 dearer (a night's extra) after the camper agreed.
    await db()
      .update(bookings)
      .set({ totalAmountCents: 23000, finalAmountCents: 23000 })
      .where(eq(bookings.id, booking.id));
    const provider = chargingProvider();
    expect(await chargeDueBalances(db(), provider.deps(at(DUE_ON)))).toBe(1);
    expect(provider.charges.map((c) => c.amountCents)).toEqual([14000]);
    expect(await chargeDueBalances(db(), provider.deps(at("2030-05-25")))).toBe(0);
    expect(provider.charges).toHaveLength(1);
    const after = await row(booking.id);
    expect(after.status).toBe("confirmed");
    expect(after.balanceClosedAt).not.toBeNull();
    expect(keptCardChargedOn(after)).toBeNull();
    // The owner's list shows the $30 still owed, and no booking paid up.
    const toCome = await balancesToCome(db(), at("2030-05-25"));
    expect(toCome.find((b) => b.bookingId === booking.id)).toMatchObject({
      owedCents: 3000,
      dueOn: DUE_ON,
      standing: { kind: "card-paid-agreed" },
    });
    const owing = await db().select({ id: bookings.id, status: bookings.status }).from(bookings);
    for (const b of owing.filter((o) => o.status === "paid"))
      expect(toCome.map((t) => t.bookingId)).not.toContain(b.id);
  });

  it("emails a link to pay when the card is declined, tells the farm, and tries three times a day apart", async () => {
    const { booking } = await depositBooking("declined");
    const token = present((await row(booking.id)).guestToken, "the camper's token");
    // Before the due day, the page to pay says when the card will be charged; once refused, not.
    expect(await paymentLinkView(db(), token, BOOKED)).toMatchObject({
      cardChargedOn: DUE_ON,
      paidCents: 6000,
      amountCents: 14000,
    });
    const provider = chargingProvider();
    expect(await chargeDueBalances(db(), provider.deps(at(DUE_ON)))).toBe(0);
    expect(await paymentLinkView(db(), token, at(DUE_ON))).toMatchObject({ cardChargedOn: null });
    expect(
      (await balancesToCome(db(), at(DUE_ON))).find((b) => b.bookingId === booking.id),
    ).toMatchObject({ owedCents: 14000, standing: { kind: "declined", times: 1 } });
    const declined = await row(booking.id);
    expect(declined).toMatchObject({ status: "confirmed", balanceAttempts: 1 });
    const [mail] = await mailsOf(booking.id, "balance-declined");
    expect(present(mail, "the camper's email").textBody).toContain(
      `${publicUrl}/my-booking/${declined.guestToken}/pay`,
    );
    expect(mail?.textBody).toContain("Your card was declined.");
    const [farm] = await mailsOf(booking.id, "balance-charge");
    expect(present(farm, "the farm's notice").toAddress).not.toBe(declined.guestEmail);

    // Not again the same day; again after 24 hours, and a third time; then no more.
    await chargeDueBalances(db(), provider.deps(at(DUE_ON, "12:00")));
    expect(provider.charges).toHaveLength(1);
    await chargeDueBalances(db(), provider.deps(at("2030-05-19", "00:06")));
    await chargeDueBalances(db(), provider.deps(at("2030-05-20", "00:07")));
    await chargeDueBalances(db(), provider.deps(at("2030-05-25")));
    expect(provider.charges).toHaveLength(3);
    expect(await mailsOf(booking.id, "balance-declined")).toHaveLength(3);
    expect((await row(booking.id)).balanceRetryAt).toBeNull();

    // The link pays what is owed.
    const { url } = await payByLink(db(), present(declined.guestToken, "the token"), "10.0.0.1", {
      ...provider.deps(at("2030-05-26", "09:00")),
    });
    const sessionId = present(url.split("/").pop(), "the link's session");
    const [linkPayment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.stripeSessionId, sessionId));
    expect(linkPayment).toMatchObject({ amountCents: 14000, forBalance: true });
  });

  it("charges nothing for a stay booked inside the deposit window, or cancelled before the due day", async () => {
    const site = await createCampsite(db(), { pricePerNightCents: 10000, quantity: 1 });
    const soon = await createBooking(
      db(),
      {
        campsiteId: site.id,
        checkIn: "2030-04-20",
        checkOut: "2030-04-22",
        guests: 2,
        firstName: "Sid",
        lastName: "Soon",
        email: "sid@example.com",
      },
      BOOKED,
    );
    expect(soon.paymentPlan).toBeNull();

    const { booking } = await depositBooking("pays", "2030-07-01");
    await db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, booking.id));
    const provider = chargingProvider();
    await chargeDueBalances(db(), provider.deps(at("2030-06-20")));
    expect(provider.charges.filter((c) => c.bookingId === booking.id)).toHaveLength(0);
  });

  it("a deposit without a kept card is declined with the link, not charged", async () => {
    const { booking } = await depositBooking(undefined, "2030-08-01");
    expect((await row(booking.id)).savedCard).toBeNull();
    const provider = chargingProvider();
    await chargeDueBalances(db(), provider.deps(at("2030-07-18")));
    expect(provider.charges.filter((c) => c.bookingId === booking.id)).toHaveLength(0);
    const [mail] = await mailsOf(booking.id, "balance-declined");
    expect(present(mail, "the camper's email").textBody).toContain(NO_KEPT_CARD);
  });

  it("moves the due day with the stay, and leaves a booking whose deposit is disputed alone", async () => {
    const { booking } = await depositBooking("pays", "2030-09-01");
    // The stay moved a month later: due 14 days before its new check-in, not the old one.
    await db()
      .update(bookings)
      .set({ checkInDate: "2030-10-01", checkOutDate: "2030-10-03" })
      .where(eq(bookings.id, booking.id));
    const provider = chargingProvider();
    await chargeDueBalances(db(), provider.deps(at("2030-08-18")));
    expect(provider.charges.filter((c) => c.bookingId === booking.id)).toHaveLength(0);

    await db().update(bookings).set({ disputeStatus: "open" }).where(eq(bookings.id, booking.id));
    await chargeDueBalances(db(), provider.deps(at("2030-09-17")));
    expect(provider.charges.filter((c) => c.bookingId === booking.id)).toHaveLength(0);

    await db().update(bookings).set({ disputeStatus: "won" }).where(eq(bookings.id, booking.id));
    await chargeDueBalances(db(), provider.deps(at("2030-09-17")));
    expect(provider.charges.filter((c) => c.bookingId === booking.id)).toHaveLength(1);
    expect((await row(booking.id)).balanceClosedAt).not.toBeNull();
  });
});
