// The farm takes a booking by phone or at the gate (issue 28): priced by the
// same rates and held to the same rules as online, under the same locks and
// exclusion constraint. The owner may set aside a rule or the price, with a
// reason. Paid now (recorded), confirmed with the balance due on arrival, or
// held until a time the farm picks while the guest pays by a link.
import { siteConfig } from "#content/site.ts";
import type { DeskQuote } from "#domain/api/front-desk.ts";
import { formatMoney } from "#domain/format/money.ts";
import {
  type FrontDeskBooking,
  type FrontDeskQuote,
  overridesOf,
} from "#domain/forms/front-desk-booking.ts";
import { addDays, farmInstant, startOfFarmDay } from "#domain/rules/dates.ts";
import { priceStay } from "#domain/rules/pricing.ts";
import { linesTotal, type PriceLine } from "#domain/rules/rates.ts";
import type { Executor, Tx } from "#server/db/client.ts";
import type { bookings } from "#server/db/schema.ts";
import { conflict, invalid } from "#server/errors.ts";
import { recordAudit } from "#server/services/audit-log.ts";
import {
  askedAnswers,
  holdFirstFreeUnit,
  insertBooking,
  lockFreeUnits,
  type PricedStay,
  priceRequest,
  unavailable,
} from "#server/services/bookings.ts";
import { retryOnDeadlock } from "#server/services/database-errors.ts";
import { claimSubmission } from "#server/services/form-submissions.ts";
import { newGuestToken } from "#server/services/guest-token.ts";
import { sendConfirmation } from "#server/services/payments/settle.ts";
import { requireOwner, type StaffActor } from "./actor";
import { queuePaymentLink } from "./payment-link";
import { insertRecordedPayment } from "./recorded-payment";

type BookingRow = typeof bookings.$inferSelect;

const unitTaken = () =>
  conflict(
    "That unit is not free for those dates. Choose another unit, or any free unit.",
    "unavailable",
  );

/** The owner's price on the guest's invoice and page: the reason stays in the audit log. */
export const PRICE_AGREED = "Price agreed with the farm";

export const ALREADY_TAKEN =
  "This form has already taken its booking: find it under Bookings, or open a new form for another.";

export const PAY_BY_PAST = "The payment link must give the guest some time: choose a later time.";
export const PAY_BY_AFTER_ARRIVAL =
  "The payment link must be paid by the end of the arrival day at the latest: choose an earlier time.";
export const AMOUNT_ABOVE_TOTAL = (total: string) =>
  `The amount received is more than the booking's total of ${total}.`;

/**
 * Takes the booking: checks the actor may (overrides are the owner's), prices
 * it, and in one transaction takes a free unit (the one asked for, or the
 * first free), records the payment, the audit entry and the guest's email.
 */
export async function takeBooking(
  db: Executor,
  actor: StaffActor,
  input: FrontDeskBooking,
  now: Date = new Date(),
): Promise<BookingRow> {
  if (overridesOf(input)) requireOwner(actor);
  const priced = await priceFrontDesk(db, input, now);
  const plan = paymentPlan(input, priced.quote.finalAmountCents, now);
  // The desk may leave a required question for the gate: a caller may not know their registration.
  const guestAnswers = askedAnswers(priced.settings, input.answers, { required: false });
  const stay = { ...input, changeoverNights: priced.settings.autoBlockAfterBooking };
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      if (input.submission && !(await claimSubmission(tx, `take-booking:${input.submission}`)))
        throw conflict(ALREADY_TAKEN, "already_taken");
      const free = await lockFreeUnits(tx, stay, now);
      const units = input.unitId ? free.filter((id) => id === input.unitId) : free;
      if (units.length === 0) throw input.unitId ? unitTaken() : unavailable();
      const booking = await holdFirstFreeUnit(units, (unitId) =>
        insertBooking(tx, { ...bookingValues(input, priced, plan, unitId), guestAnswers }),
      );
      await recordPayment(tx, booking, input);
      await recordAudit(
        tx,
        actor,
        "booking.created",
        { type: "booking", id: booking.id },
        {
          bookingReference: booking.bookingReference,
          origin: "front-desk",
          payment: input.payment,
          totalCents: booking.finalAmountCents,
          ...(overridesOf(input) ? { overrideReason: input.overrideReason } : {}),
          ...(input.overridePrice !== undefined ? { overridePriceCents: input.overridePrice } : {}),
          ...(input.overrideRules ? { rulesWaived: true } : {}),
        },
      );
      if (input.payment === "link") await queuePaymentLink(tx, booking, priced.campsite.name);
      else await sendConfirmation(tx, booking.id);
      return booking;
    }),
  );
}

/** 'Check price': the stay priced as taking it would, changing nothing. */
export async function quoteBooking(
  db: Executor,
  actor: StaffActor,
  input: FrontDeskQuote,
  now: Date = new Date(),
): Promise<DeskQuote> {
  if (overridesOf(input)) requireOwner(actor);
  const { quote } = await priceFrontDesk(db, input, now);
  return {
    lines: quote.lines.map(({ description, amountCents }) => ({ description, amountCents })),
    totalCents: quote.finalAmountCents,
    gstCents: quote.gstAmountCents,
  };
}

/** The stay priced by the rates (rules set aside if the owner said so), then the owner's price. */
async function priceFrontDesk(db: Executor, input: FrontDeskQuote, now: Date) {
  const priced = await priceRequest(db, input, now, { rulesWaived: input.overrideRules });
  if (input.overridePrice === undefined) return priced;
  const difference = input.overridePrice - linesTotal(priced.quote.lines);
  if (difference === 0) return priced;
  const adjustment: PriceLine = {
    kind: "adjustment",
    // The reason is the farm's own (audited); the guest sees the price agreed.
    description: PRICE_AGREED,
    amountCents: difference,
  };
  const quote = priceStay({
    ...input,
    lines: [...priced.quote.lines, adjustment],
    gstRegistered: siteConfig().business.gstRegistered,
  });
  return { ...priced, quote };
}

/** What the farm still has to collect is the total less the succeeded payments (Today). */
type PaymentPlan = { status: "pending" | "paid" | "confirmed"; holdUntil: Date | null };

/** What the booking's status and balance are, from how the guest pays. */
function paymentPlan(input: FrontDeskBooking, totalCents: number, now: Date): PaymentPlan {
  if (input.payment === "link") {
    const holdUntil = farmInstant(input.payBy ?? "");
    if (!(holdUntil.getTime() > now.getTime() + 10 * 60_000))
      throw invalid(PAY_BY_PAST, { field: "payBy" });
    // The unit is held for the link: not past the day the guest arrives.
    if (holdUntil.getTime() > startOfFarmDay(addDays(input.checkIn, 1)).getTime())
      throw invalid(PAY_BY_AFTER_ARRIVAL, { field: "payBy" });
    return { status: "pending", holdUntil };
  }
  const received = input.payment === "recorded" ? (input.amount ?? 0) : 0;
  if (received > totalCents)
    throw invalid(AMOUNT_ABOVE_TOTAL(formatMoney(totalCents)), { field: "amount" });
  const status = received > 0 ? "paid" : "confirmed";
  return { status, holdUntil: null };
}

function bookingValues(
  input: FrontDeskBooking,
  { campsite, quote }: PricedStay,
  plan: PaymentPlan,
  unitId: string,
) {
  return {
    guestFirstName: input.firstName,
    guestLastName: input.lastName,
    guestEmail: input.email,
    guestPhone: input.phone ?? null,
    numberOfGuests: input.guests,
    numberOfDogs: input.dogs,
    priceLines: quote.lines,
    gstAmountCents: quote.gstAmountCents,
    campsiteId: campsite.id,
    campsiteUnitId: unitId,
    checkInDate: input.checkIn,
    checkOutDate: input.checkOut,
    status: plan.status,
    totalAmountCents: quote.subtotalCents,
    finalAmountCents: quote.finalAmountCents,
    holdExpiresAt: plan.holdUntil,
    guestToken: newGuestToken(),
    origin: "front-desk" as const,
    farmNote: input.farmNote,
  };
}

/** A payment taken with the booking. */
async function recordPayment(tx: Tx, booking: BookingRow, input: FrontDeskBooking) {
  if (input.payment !== "recorded" || !input.method || !input.amount) return;
  await insertRecordedPayment(tx, booking, {
    method: input.method,
    cents: input.amount,
    reference: input.reference,
  });
}
