import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FrontDeskBooking } from "#domain/forms/front-desk-booking.ts";
import { frontDeskBookingSchema } from "#domain/forms/front-desk-booking.ts";
import { frontDeskChangeSchema } from "#domain/forms/front-desk-change.ts";
import { defaultSettings } from "#domain/forms/settings.ts";
import type { BookingQuestion } from "#domain/rules/booking-questions.ts";
import { addDays } from "#domain/rules/dates.ts";
import {
  PAY_BY_AFTER_ARRIVAL,
  payByLink,
  paymentLinkView,
  previewChange,
  recordBalancePayment,
  saveFarmNote,
  takeBooking,
} from "#server/bookings/index.ts";
import { bookings, payments, user } from "#server/db/schema.ts";
import type { PaymentProvider } from "#server/payments/provider.ts";
import { expireStaleHolds } from "#server/services/bookings.ts";
import { saveSettings } from "#server/services/settings.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite, deskBooking, unitOf } from "#server/testing/factories.ts";
import { expectLedgerAgrees } from "#server/testing/ledger-check.ts";
import { present } from "#server/testing/present.ts";
import { auditEntries, queuedEmails } from "#server/testing/queued.ts";
import { refusal } from "#server/testing/refusal.ts";
import { tellLapsedPaymentLinks } from "./payment-link";

const database = setupTestDatabase();
// Every history these tests make leaves the ledger adding up (issue 29).
afterAll(() => expectLedgerAgrees(database().db));
const owner = { id: "owner-1", role: "owner" as const };
const staff = { id: "staff-1", role: "staff" as const };
// The farm's clock for these tests: 1 June 2031, 10 am in Queensland.
const now = new Date("2031-06-01T00:00:00Z");

type Campsite = Awaited<ReturnType<typeof createCampsite>>;
let creekside: Campsite;
let powered: Campsite;

beforeAll(async () => {
  const { db } = database();
  await db.insert(user).values([
    { id: owner.id, name: "Owner", email: "owner@example.com" },
    { id: staff.id, name: "Staff", email: "staff@example.com" },
  ]);
  creekside = await createCampsite(db, { name: "Creekside Camp", quantity: 3, capacity: 4 });
  powered = await createCampsite(db, { name: "Powered Caravan Site", quantity: 1 });
});

let week = 0;
/** A two-night stay a week after the previous one, paid in cash unless `changes` say otherwise. */
const phoneBooking = (campsite: Campsite, changes: Partial<FrontDeskBooking> = {}) =>
  deskBooking(campsite, addDays("2031-06-10", 7 * week++), changes);

const paymentsOf = (id: string) =>
  database().db.select().from(payments).where(eq(payments.bookingId, id));

describe("a booking the farm takes at the front desk", () => {
  it("recorded as cash: paid, with its payment and reference, confirmed to the guest, audited", async () => {
    const { db } = database();
    const input = phoneBooking(creekside, { reference: "Till 2", farmNote: "Horse float" });
    const booking = await takeBooking(db, staff, input, now);
    expect(booking).toMatchObject({
      status: "paid",
      origin: "front-desk",
      finalAmountCents: 10000,
      farmNote: "Horse float",
      holdExpiresAt: null,
    });
    expect(await paymentsOf(booking.id)).toMatchObject([
      { provider: "cash", amountCents: 10000, status: "succeeded", reference: "Till 2" },
    ]);
    const [confirmation] = await queuedEmails(db, booking.id, "booking-confirmation");
    expect(present(confirmation, "the confirmation").textBody).toContain(
      `/my-booking/${booking.guestToken}`,
    );
    const [entry] = await auditEntries(db, booking.id, "booking.created");
    expect(entry).toMatchObject({ actorUserId: staff.id });
    expect(entry?.details).toMatchObject({ origin: "front-desk", payment: "recorded" });
  });

  it("confirmed with the balance due on arrival; part paid leaves the rest due", async () => {
    const { db } = database();
    const later = await takeBooking(
      db,
      staff,
      phoneBooking(creekside, { payment: "on-arrival" }),
      now,
    );
    expect(later).toMatchObject({ status: "confirmed", finalAmountCents: 10000 });
    expect(await paymentsOf(later.id)).toEqual([]);
    expect(await queuedEmails(db, later.id, "booking-confirmation")).toHaveLength(1);

    // The guest pays the rest at the desk: a payment of the balance, never more than is owed.
    const desk = { bookingId: later.id, method: "eftpos" as const, reference: "" };
    expect(
      await refusal(recordBalancePayment(db, staff, { ...desk, amount: 10001 })),
    ).toMatchObject({ fieldErrors: { amount: "Enter an amount up to the $100.00 owed." } });
    await expect(recordBalancePayment(db, staff, { ...desk, amount: 10000 })).resolves.toEqual({
      bookingReference: later.bookingReference,
      leftCents: 0,
    });
    expect(await paymentsOf(later.id)).toMatchObject([
      { provider: "eftpos", amountCents: 10000, forBalance: true },
    ]);
    const [recorded] = await db.select().from(bookings).where(eq(bookings.id, later.id));
    expect(recorded?.status).toBe("paid");
    expect(await refusal(recordBalancePayment(db, staff, { ...desk, amount: 100 }))).toMatchObject({
      refusal: "conflict",
    });

    const part = await takeBooking(db, staff, phoneBooking(creekside, { amount: 4000 }), now);
    expect(part).toMatchObject({ status: "paid", finalAmountCents: 10000 });
    expect(await paymentsOf(part.id)).toMatchObject([{ amountCents: 4000 }]);

    // 'Record payment' pressed twice: the form said $60 was owed, so the second finds it changed.
    const twice = {
      bookingId: part.id,
      method: "cash" as const,
      reference: "",
      amount: 1000,
      owed: 6000,
    };
    const presses = await Promise.allSettled([
      recordBalancePayment(db, staff, twice),
      recordBalancePayment(db, staff, twice),
    ]);
    expect(presses.map((p) => p.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await paymentsOf(part.id)).toHaveLength(2);
  });

  it("takes one booking from one form, however often 'Take booking' is pressed", async () => {
    const { db } = database();
    const form = phoneBooking(creekside, { submission: crypto.randomUUID() });
    const presses = await Promise.allSettled(
      [0, 1, 2].map(() => takeBooking(db, staff, form, now)),
    );
    expect(presses.filter((p) => p.status === "fulfilled")).toHaveLength(1);
    const refused = presses.find((p) => p.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toMatchObject({
      code: "already_taken",
    });
    const taken = await db.select().from(bookings).where(eq(bookings.guestEmail, form.email));
    expect(taken.filter((b) => b.checkInDate === form.checkIn)).toHaveLength(1);
  });

  it("refuses more money than the total, and a unit that is taken, writing nothing", async () => {
    const { db } = database();
    const tooMuch = phoneBooking(powered, { amount: 10001 });
    expect(await refusal(takeBooking(db, owner, tooMuch, now))).toMatchObject({
      refusal: "invalid",
      fieldErrors: { amount: expect.stringContaining("$100.00") },
    });
    const first = await takeBooking(db, owner, phoneBooking(powered), now);
    const again = {
      ...phoneBooking(powered),
      checkIn: first.checkInDate,
      checkOut: first.checkOutDate,
    };
    expect(await refusal(takeBooking(db, owner, again, now))).toMatchObject({
      refusal: "conflict",
    });
    const taken = phoneBooking(creekside, { unitId: unitOf(creekside, 2).id });
    await takeBooking(db, owner, taken, now);
    expect(await refusal(takeBooking(db, owner, taken, now))).toMatchObject({
      refusal: "conflict",
    });
    const rows = await db.select().from(bookings).where(eq(bookings.campsiteId, powered.id));
    expect(rows).toHaveLength(1);
  });

  it("holds to the online rules; only the owner sets them or the price aside, with the reason audited", async () => {
    const { db } = database();
    const oneNight = phoneBooking(creekside);
    oneNight.checkOut = addDays(oneNight.checkIn, 1);
    expect(await refusal(takeBooking(db, owner, oneNight, now))).toMatchObject({
      fieldErrors: { checkOut: "The minimum stay is 2 nights." },
    });
    const waived = {
      ...oneNight,
      overrideRules: true,
      overrideReason: "Regular, one night only",
      amount: 5000,
    };
    expect(await refusal(takeBooking(db, staff, waived, now))).toMatchObject({
      refusal: "forbidden",
    });
    const booking = await takeBooking(db, owner, waived, now);
    expect(booking).toMatchObject({ status: "paid", finalAmountCents: 5000 });
    const [entry] = await auditEntries(db, booking.id, "booking.created");
    expect(entry?.details).toMatchObject({
      rulesWaived: true,
      overrideReason: "Regular, one night only",
    });

    const priced = phoneBooking(creekside, {
      overridePrice: 7550,
      overrideReason: "Drought rate",
      amount: 7550,
    });
    const cheaper = await takeBooking(db, owner, priced, now);
    expect(cheaper.finalAmountCents).toBe(7550);
    expect(cheaper.priceLines.at(-1)).toMatchObject({
      kind: "adjustment",
      description: "Price agreed with the farm",
      amountCents: -2450,
    });
    // The reason is the farm's, in the audit log, not on the guest's invoice.
    const [pricedEntry] = await auditEntries(db, cheaper.id, "booking.created");
    expect(pricedEntry?.details).toMatchObject({ overrideReason: "Drought rate" });
    // Staff cannot undo the owner's price by changing the stay.
    const move = frontDeskChangeSchema.parse({
      campsiteId: creekside.id,
      checkIn: cheaper.checkInDate,
      checkOut: cheaper.checkOutDate,
      guests: "2",
      version: String(cheaper.calendarSequence),
      collect: "on-arrival",
    });
    expect(await refusal(previewChange(db, staff, cheaper.id, move, now))).toMatchObject({
      refusal: "forbidden",
      message: "The owner set this booking's price, so only the owner can change or move it.",
    });
  });
});

describe("the farm's private note", () => {
  it("is saved and audited with what it was; saving it unchanged writes nothing", async () => {
    const { db } = database();
    const booking = await takeBooking(
      db,
      staff,
      phoneBooking(creekside, { farmNote: "Gate code 42" }),
      now,
    );
    await saveFarmNote(db, staff, booking.id, "Horse float, arriving 6 pm");
    await saveFarmNote(db, staff, booking.id, "Horse float, arriving 6 pm");
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.farmNote).toBe("Horse float, arriving 6 pm");
    const entries = await auditEntries(db, booking.id, "booking.note_changed");
    expect(entries.map((e) => e.details)).toEqual([
      expect.objectContaining({
        changes: { note: { from: "Gate code 42", to: "Horse float, arriving 6 pm" } },
      }),
    ]);
    expect(await refusal(saveFarmNote(db, staff, crypto.randomUUID(), "x"))).toMatchObject({
      refusal: "not_found",
    });
  });
});

describe("the farm's questions at the desk", () => {
  it("keeps the answers given; a required question may wait for the gate", async () => {
    const { db } = database();
    const rego = { id: "vehicle-registration", question: "Vehicle registration", kind: "text" };
    const rig = { id: "rig-length", question: "Caravan or rig length", kind: "text" };
    await saveSettings(db, {
      bookingQuestions: [
        { ...rego, required: true },
        { ...rig, required: false },
      ] as BookingQuestion[],
    });
    const answers = { "rig-length": "7.5 m" };
    const booking = await takeBooking(db, staff, phoneBooking(creekside, { answers }), now);
    expect(booking.guestAnswers).toEqual([{ question: "Caravan or rig length", answer: "7.5 m" }]);
    await saveSettings(db, { bookingQuestions: defaultSettings.bookingQuestions });
  });
});

describe("a payment link", () => {
  const sessions: { cancelUrl: string; amountCents: number }[] = [];
  const provider: PaymentProvider = {
    name: "test",
    createCheckoutSession: async (request) => {
      sessions.push({ cancelUrl: request.cancelUrl, amountCents: request.amountCents });
      return {
        id: `cs_${sessions.length}`,
        url: `https://pay.example/${sessions.length}`,
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

  it("holds the unit until the farm's time, emails the link, starts one checkout, and tells the guest once when it lapses", async () => {
    const { db } = database();
    const input = phoneBooking(creekside, { payment: "link", payBy: "2031-06-03T17:00" });
    const booking = await takeBooking(db, owner, input, now);
    // 5 pm in Queensland (UTC+10) is 7 am UTC.
    expect(booking).toMatchObject({
      status: "pending",
      holdExpiresAt: new Date("2031-06-03T07:00:00Z"),
    });
    const token = present(booking.guestToken, "the token");
    const [link] = await queuedEmails(db, booking.id, "payment-link");
    expect(present(link, "the link").textBody).toContain(`/my-booking/${token}/pay`);
    expect(await queuedEmails(db, booking.id, "booking-confirmation")).toEqual([]);

    const view = present(await paymentLinkView(db, token, now), "the page");
    expect(view).toMatchObject({ state: "due", amountCents: 10000 });
    // The first payment accepts the stay's policy and the Terms, as the online step 3 does.
    const accepted = present(view.toAccept, "the policy to accept");
    expect(accepted.policy).toMatch(/^Full refund if you cancel by /);
    const deps = { provider, now, publicUrl: "http://farm.test" };
    expect(await refusal(payByLink(db, token, "192.0.2.1", deps))).toMatchObject({
      fieldErrors: { acceptPolicy: expect.stringContaining("accept the cancellation policy") },
    });
    const first = await payByLink(db, token, "192.0.2.1", { ...deps, accepted });
    const second = await payByLink(db, token, "192.0.2.1", { ...deps, accepted });
    expect(second).toEqual(first);
    expect(sessions).toEqual([
      { cancelUrl: `http://farm.test/my-booking/${token}/pay`, amountCents: 10000 },
    ]);
    const [held] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(held?.holdExpiresAt).toEqual(new Date("2031-06-03T07:00:00Z"));
    expect(held?.acceptedPolicy?.words).toBe(accepted.policy);

    const after = new Date("2031-06-03T07:00:01Z");
    await expireStaleHolds(db, after);
    expect(await paymentLinkView(db, token, after)).toMatchObject({ state: "lapsed" });
    expect(
      await refusal(payByLink(db, token, "192.0.2.1", { provider, now: after, accepted })),
    ).toMatchObject({
      refusal: "conflict",
    });
    await tellLapsedPaymentLinks(db);
    await tellLapsedPaymentLinks(db);
    expect(await queuedEmails(db, booking.id, "payment-link-lapsed")).toHaveLength(1);
  });

  it("refuses a time already past or after arrival, one that is no time, and a page for any other token", async () => {
    const { db } = database();
    const input = phoneBooking(creekside, { payment: "link", payBy: "2031-06-01T09:00" });
    expect(await refusal(takeBooking(db, owner, input, now))).toMatchObject({
      fieldErrors: { payBy: expect.any(String) },
    });
    const late = phoneBooking(creekside, { payment: "link" });
    const afterArrival = { ...late, payBy: `${addDays(late.checkIn, 1)}T09:00` };
    expect(await refusal(takeBooking(db, owner, afterArrival, now))).toMatchObject({
      fieldErrors: { payBy: PAY_BY_AFTER_ARRIVAL },
    });
    for (const payBy of ["2026-13-45T25:99", "2027-02-30T10:00"]) {
      const issues = frontDeskBookingSchema.safeParse({ ...late, payBy }).error?.issues ?? [];
      expect(issues.find((i) => i.path[0] === "payBy")?.message).toBe(
        "That is not a date and time: choose when the link must be paid by.",
      );
    }
    expect(await paymentLinkView(db, "x".repeat(43), now)).toBeUndefined();
  });
});
