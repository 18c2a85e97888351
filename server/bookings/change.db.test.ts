import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FrontDeskChange } from "#domain/forms/front-desk-change.ts";
import { addDays } from "#domain/rules/dates.ts";
import { changeBooking, payByLink, previewChange, takeBooking } from "#server/bookings/index.ts";
import { bookings, payments, user } from "#server/db/schema.ts";
import type { PaymentProvider } from "#server/payments/provider.ts";
import { fulfilCheckout } from "#server/services/payments/settle.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, deskBooking, unitOf } from "#server/testing/factories.ts";
import { expectLedgerAgrees } from "#server/testing/ledger-check.ts";
import { present } from "#server/testing/present.ts";
import { auditEntries, queuedEmails } from "#server/testing/queued.ts";
import { refusal } from "#server/testing/refusal.ts";

const database = setupTestDatabase();
// Every history these tests make leaves the ledger adding up (issue 29).
afterAll(() => expectLedgerAgrees(database().db));
const owner = { id: "owner-1", role: "owner" as const };
const staff = { id: "staff-1", role: "staff" as const };
// 1 June 2031, 10 am in Queensland.
const now = new Date("2031-06-01T00:00:00Z");

type Campsite = Awaited<ReturnType<typeof createCampsite>>;
let creekside: Campsite;
let riverbank: Campsite;

beforeAll(async () => {
  const { db } = database();
  await db.insert(user).values([
    { id: owner.id, name: "Owner", email: "owner@example.com" },
    { id: staff.id, name: "Staff", email: "staff@example.com" },
  ]);
  // $50 a night at Creekside, $80 at Riverbank.
  creekside = await createCampsite(db, { name: "Creekside Camp", quantity: 3 });
  riverbank = await createCampsite(db, {
    name: "Riverbank",
    quantity: 2,
    pricePerNightCents: 8000,
  });
});

let week = 0;
/** A two-night Creekside stay paid $100 in cash, a week after the previous one. */
async function cashBooking(unit = 0): Promise<typeof bookings.$inferSelect> {
  const checkIn = addDays("2031-06-10", 7 * week++);
  const input = deskBooking(creekside, checkIn, {
    unitId: unitOf(creekside, unit).id,
    firstName: "Moana",
    lastName: "Moved",
    email: "moana@example.com",
  });
  return takeBooking(database().db, owner, input, now);
}

/** The change form as the booking stands, with `changes`. */
const changeOf = (
  b: typeof bookings.$inferSelect,
  changes: Partial<FrontDeskChange>,
): FrontDeskChange => ({
  campsiteId: b.campsiteId,
  checkIn: b.checkInDate,
  checkOut: b.checkOutDate,
  guests: b.numberOfGuests,
  dogs: b.numberOfDogs,
  extras: [],
  overrideRules: false,
  overrideReason: "",
  version: b.calendarSequence,
  reference: "",
  keepReason: "",
  ...changes,
});

const rowOf = async (id: string) =>
  present(
    (await database().db.select().from(bookings).where(eq(bookings.id, id)))[0],
    "the booking",
  );

describe("the farm moves a booking", () => {
  it("to another unit on the same dates: nothing owed, the guest told with a newer calendar file, audited", async () => {
    const { db } = database();
    const booking = await cashBooking(0);
    const move = changeOf(booking, { unitId: unitOf(creekside, 1).id });
    await expect(previewChange(db, staff, booking.id, move, now)).resolves.toMatchObject({
      balanceCents: 0,
      totalCents: 10000,
    });
    const moved = await changeBooking(db, staff, booking.id, move, { now });
    expect(moved).toMatchObject({
      campsiteUnitId: unitOf(creekside, 1).id,
      calendarSequence: booking.calendarSequence + 1,
      finalAmountCents: 10000,
    });
    expect(await queuedEmails(db, booking.id, "booking-confirmation")).toHaveLength(2);
    const [entry] = await auditEntries(db, booking.id, "booking.changed");
    expect(entry).toMatchObject({ actorUserId: staff.id });
    expect(entry?.details).toMatchObject({
      by: "admin",
      from: { campsiteUnitId: unitOf(creekside, 0).id },
      to: { campsiteUnitId: unitOf(creekside, 1).id },
    });
  });

  it("refuses a unit that is taken, an out-of-date form, and changes nothing", async () => {
    const { db } = database();
    const other = await cashBooking(2);
    const booking = await takeBooking(
      db,
      owner,
      deskBooking(creekside, other.checkInDate, {
        unitId: unitOf(creekside, 0).id,
        firstName: "Second",
        email: "second@example.com",
        payment: "on-arrival",
      }),
      now,
    );
    const onto = changeOf(booking, { unitId: unitOf(creekside, 2).id });
    expect(await refusal(changeBooking(db, staff, booking.id, onto, { now }))).toMatchObject({
      refusal: "conflict",
      message: expect.stringContaining("That unit is not free"),
    });
    const stale = changeOf(booking, { unitId: unitOf(creekside, 1).id, version: 7 });
    expect(await refusal(changeBooking(db, staff, booking.id, stale, { now }))).toMatchObject({
      refusal: "conflict",
    });
    expect(await rowOf(booking.id)).toMatchObject({
      campsiteUnitId: unitOf(creekside, 0).id,
      calendarSequence: 0,
    });
  });
});

describe("a dearer change", () => {
  it("to another campsite, recorded as EFTPOS: the difference is a payment of the balance", async () => {
    const { db } = database();
    const booking = await cashBooking();
    const dearer = changeOf(booking, { campsiteId: riverbank.id });
    const preview = await previewChange(db, staff, booking.id, dearer, now);
    expect(preview).toMatchObject({ totalCents: 16000, paidCents: 10000, balanceCents: 6000 });
    expect(await refusal(changeBooking(db, staff, booking.id, dearer, { now }))).toMatchObject({
      fieldErrors: { collect: "Choose how the difference is collected." },
    });
    const changed = await changeBooking(
      db,
      staff,
      booking.id,
      { ...dearer, collect: "recorded", method: "eftpos", reference: "R-88" },
      { now },
    );
    expect(changed).toMatchObject({ campsiteId: riverbank.id, finalAmountCents: 16000 });
    const paid = await db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(paid.map((p) => [p.provider, p.amountCents, p.forBalance, p.reference])).toEqual(
      expect.arrayContaining([
        ["cash", 10000, false, null],
        ["eftpos", 6000, true, "R-88"],
      ]),
    );
  });

  it("with a payment link: the guest pays the balance on the provider's page and the booking is paid", async () => {
    const { db } = database();
    const booking = await cashBooking();
    const longer = changeOf(booking, {
      checkOut: addDays(booking.checkOutDate, 1),
      collect: "link",
    });
    await changeBooking(db, staff, booking.id, longer, { now });
    const [link] = await queuedEmails(db, booking.id, "payment-link");
    expect(present(link, "the link").textBody).toContain("$50.00");

    const sessions: { id: string; amountCents: number }[] = [];
    const provider: PaymentProvider = {
      name: "test",
      createCheckoutSession: async (request) => {
        sessions.push({ id: `cs_balance_${booking.id}`, amountCents: request.amountCents });
        return {
          id: `cs_balance_${booking.id}`,
          url: "https://pay.example/b",
          expiresAt: request.expiresAt,
        };
      },
      retrieveCheckoutSession: async () => undefined,
      chargeSavedCard: async () => {
        throw new Error("not used");
      },
      expireCheckoutSession: async () => {},
      refund: async () => {},
    };
    const token = present(booking.guestToken, "the token");
    await payByLink(db, token, "192.0.2.9", { provider, now });
    expect(sessions).toEqual([{ id: `cs_balance_${booking.id}`, amountCents: 5000 }]);
    await fulfilCheckout(
      db,
      {
        sessionId: `cs_balance_${booking.id}`,
        paymentIntentId: "pi_balance",
        amountTotalCents: 5000,
      },
      { provider, now },
    );
    expect(await queuedEmails(db, booking.id, "payment-received")).toHaveLength(1);
    expect(await refusal(payByLink(db, token, "192.0.2.9", { provider, now }))).toMatchObject({
      refusal: "conflict",
      message: "This booking is paid: there is nothing more to pay.",
    });
  });
});

describe("a cheaper change", () => {
  it("keeps the difference with a reason, or (the owner only) refunds the cash", async () => {
    const { db } = database();
    const booking = await cashBooking();
    const shorter = changeOf(booking, {
      checkOut: addDays(booking.checkInDate, 1),
      overrideRules: true,
      overrideReason: "Leaving early",
    });
    // Setting the rules aside is the owner's too.
    expect(
      await refusal(
        changeBooking(db, staff, booking.id, { ...shorter, giveBack: "keep" }, { now }),
      ),
    ).toMatchObject({ refusal: "forbidden" });
    expect(
      await refusal(
        changeBooking(db, owner, booking.id, { ...shorter, giveBack: "keep" }, { now }),
      ),
    ).toMatchObject({ fieldErrors: { keepReason: "Give the reason for keeping it." } });

    const refunded = await changeBooking(
      db,
      owner,
      booking.id,
      { ...shorter, giveBack: "refund" },
      { now },
    );
    expect(refunded.finalAmountCents).toBe(5000);
    const [cash] = await db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(cash).toMatchObject({
      provider: "cash",
      refundedAmountCents: 5000,
      status: "succeeded",
    });
    // The changed confirmation says what was paid and what goes back, to the cent.
    const [, changed] = await queuedEmails(db, booking.id, "booking-confirmation");
    const text = present(changed, "the changed confirmation").textBody;
    expect(text).toContain("Total: $50.00");
    expect(text).toContain("Amount paid: $100.00");
    expect(text).toContain("Refunded: $50.00");
    expect(text).not.toContain("Still to pay");

    const again = await cashBooking();
    const kept = await changeBooking(
      db,
      owner,
      again.id,
      { ...changeOf(again, shorter), version: 0, giveBack: "keep", keepReason: "Late notice" },
      { now },
    );
    expect(kept.finalAmountCents).toBe(10000);
    expect(kept.priceLines.at(-1)).toMatchObject({
      kind: "kept",
      description: "Kept by the farm when the stay was changed: Late notice",
      amountCents: 5000,
    });
  });
});

describe("moves and new bookings racing for one unit", () => {
  it("never overlap: of 50 at once, one takes the unit", async () => {
    const { db } = database();
    const target = { checkIn: "2032-03-01", checkOut: "2032-03-03" };
    const unitId = unitOf(riverbank, 1).id;
    const placed: (typeof bookings.$inferSelect)[] = [];
    for (let i = 0; i < 25; i++) {
      const checkIn = addDays("2031-09-01", 3 * i);
      placed.push(
        await takeBooking(
          db,
          owner,
          deskBooking(creekside, checkIn, {
            guests: 1,
            firstName: `Mover${i}`,
            email: `mover${i}@example.com`,
            payment: "on-arrival",
          }),
          now,
        ),
      );
    }
    const attempts = [
      ...placed.map((m) =>
        changeBooking(
          db,
          owner,
          m.id,
          changeOf(m, { campsiteId: riverbank.id, unitId, ...target, collect: "on-arrival" }),
          { now },
        ),
      ),
      ...Array.from({ length: 50 - placed.length }, (_, i) =>
        takeBooking(
          db,
          owner,
          deskBooking(riverbank, target.checkIn, {
            unitId,
            guests: 1,
            firstName: `New${i}`,
            email: `new${i}@example.com`,
            payment: "on-arrival",
          }),
          now,
        ),
      ),
    ];
    const results = await Promise.allSettled(attempts);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const onUnit = await db
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.campsiteUnitId, unitId),
          inArray(bookings.status, ["paid", "confirmed", "pending"]),
        ),
      );
    expect(
      onUnit.filter((b) => b.checkInDate < target.checkOut && b.checkOutDate > target.checkIn),
    ).toHaveLength(1);
  });
});
