// The farm changes or moves a booking that has not ended (issue 28): dates,
// guests, dogs, extras, campsite or unit. Priced by the same rates as a new
// booking; the new price and what is owed either way are shown before saving.
// The stay moves in one UPDATE under the campsite's unit lock, so the unit is
// never let go before the new one is held. A dearer change is collected (a
// link, a recorded payment, or on arrival); a cheaper one is refunded, put on
// the guest's prepaid card, or kept with a reason. The guest gets the changed
// confirmation (its calendar file has the same UID and a higher SEQUENCE).
import { eq, sql } from "drizzle-orm";
import { siteConfig } from "#content/site.ts";
import type { DeskBookingToChange, DeskChangePreview } from "#domain/api/front-desk.ts";
import { formatMoney } from "#domain/format/money.ts";
import { overridesOf } from "#domain/forms/front-desk-booking.ts";
import type { FrontDeskChange } from "#domain/forms/front-desk-change.ts";
import { REFUND_UNAVAILABLE } from "#domain/rules/cancellation.ts";
import { stayStarted } from "#domain/rules/cancellation-policy.ts";
import { farmToday } from "#domain/rules/dates.ts";
import {
  balanceAfter,
  balanceStatement,
  CHANGE_ERRORS,
  type DeskChangeBalance,
  moneyChoice,
} from "#domain/rules/front-desk-change.ts";
import { discountAmount, discountableTotal } from "#domain/rules/pricing.ts";
import { gstIncluded, linesTotal, type PriceLine } from "#domain/rules/rates.ts";
import { heldCents, livePayments, spreadRefund, totalRefundable } from "#domain/rules/refunds.ts";
import type { BookingAmounts } from "#domain/rules/stay-change.ts";
import { extrasOf, keptLines } from "#domain/rules/stay-change.ts";
import type { Executor, Tx } from "#server/db/client.ts";
import { theRow } from "#server/db/rows.ts";
import {
  bookings,
  campsites,
  campsiteUnits,
  discountCodes,
  payments,
  prepaidCards,
} from "#server/db/schema.ts";
import { AppError, conflict, invalid, notFound } from "#server/errors.ts";
import { recordAudit } from "#server/services/audit-log.ts";
import { enqueueBookingConfirmation } from "#server/services/booking-emails.ts";
import { lockBookingForChange } from "#server/services/booking-locks.ts";
import { freeUnits, priceRequest, unavailable, withFreeUnit } from "#server/services/bookings.ts";
import type { PaymentDeps } from "#server/services/payments/deps.ts";
import { refundOrRefuse } from "#server/services/payments/refunds.ts";
import { creditPrepaidCard } from "#server/services/prepaid-cards.ts";
import { requireOwner, type StaffActor } from "./actor";
import { queueBalanceLink } from "./payment-link";
import { insertRecordedPayment } from "./recorded-payment";
import { PRICE_AGREED } from "./take";

type BookingRow = typeof bookings.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

const unitTaken = () =>
  conflict(
    "That unit is not free for those dates. Choose another unit, or any free unit.",
    "unavailable",
  );

/** The booking, its campsite's name, its payments and what they have paid (less refunds). */
async function loadForChange(db: Executor, bookingId: string) {
  const [found] = await db
    .select({ booking: bookings, campsiteName: campsites.name })
    .from(bookings)
    .innerJoin(campsites, eq(campsites.id, bookings.campsiteId))
    .where(eq(bookings.id, bookingId));
  if (!found) throw notFound("Booking not found.", "booking_not_found");
  const paid = await db.select().from(payments).where(eq(payments.bookingId, bookingId));
  // A payment owed back (replaced by a camper's change) is already on its way back.
  const live = paid.filter((p) => p.status === "succeeded" && !p.refundOwedAt);
  const paidCents = live.reduce((sum, p) => sum + heldCents(p), 0);
  return { ...found, live, paidCents };
}

function checkChangeable(booking: BookingRow, input: FrontDeskChange, today: string) {
  if (booking.status !== "paid" && booking.status !== "confirmed")
    throw conflict(CHANGE_ERRORS.closed, "not_changeable");
  if (booking.checkOutDate <= today) throw conflict(CHANGE_ERRORS.ended, "not_changeable");
  if (stayStarted(booking.checkInDate, today) && input.checkIn !== booking.checkInDate)
    throw invalid(CHANGE_ERRORS.startedMove, { field: "checkIn" });
}

/** The booking as the change form starts from, with why it cannot change, if so. */
export async function bookingToChange(
  db: Executor,
  bookingId: string,
  now: Date = new Date(),
): Promise<DeskBookingToChange> {
  const { booking: b, campsiteName, paidCents } = await loadForChange(db, bookingId);
  const [unit] = await db
    .select({ name: campsiteUnits.name })
    .from(campsiteUnits)
    .where(eq(campsiteUnits.id, b.campsiteUnitId));
  const today = farmToday(now);
  const closed =
    b.status !== "paid" && b.status !== "confirmed"
      ? CHANGE_ERRORS.closed
      : b.checkOutDate <= today
        ? CHANGE_ERRORS.ended
        : null;
  const extras = Object.fromEntries(
    extrasOf(b.priceLines).map((e) => [`extra:${e.extraId}`, String(e.quantity)]),
  );
  return {
    id: b.id,
    reference: b.bookingReference,
    guestName: `${b.guestFirstName} ${b.guestLastName}`,
    status: b.status,
    campsiteName,
    unitName: unit?.name ?? "",
    checkIn: b.checkInDate,
    checkOut: b.checkOutDate,
    totalCents: b.finalAmountCents,
    paidCents,
    hasPrepaidCard: b.prepaidCardId !== null,
    closed,
    values: {
      campsiteId: b.campsiteId,
      unitId: b.campsiteUnitId,
      checkIn: b.checkInDate,
      checkOut: b.checkOutDate,
      guests: String(b.numberOfGuests),
      dogs: String(b.numberOfDogs),
      version: String(b.calendarSequence),
      ...extras,
    },
  };
}

/** A price the owner set is the owner's to change: a change would price it at the rates again. */
function refuseOwnerPriced(actor: StaffActor, booking: BookingRow) {
  if (actor.role !== "owner" && booking.priceLines.some((l) => l.kind === "adjustment"))
    throw new AppError("forbidden", CHANGE_ERRORS.ownerPriced, { code: "owner_only" });
}

/** The new stay's amounts: the rates (or the owner's price), the booking's code, what it kept. */
async function priceChange(db: Executor, booking: BookingRow, input: FrontDeskChange, now: Date) {
  const started = stayStarted(booking.checkInDate, farmToday(now));
  const priced = await priceRequest(db, input, now, {
    rulesWaived: input.overrideRules,
    exceptBookingId: booking.id,
    earliestCheckIn: started ? booking.checkInDate : undefined,
  });
  const lines: PriceLine[] = [...priced.quote.lines, ...keptLines(booking.priceLines)];
  if (input.overridePrice !== undefined && input.overridePrice !== linesTotal(lines))
    lines.push({
      kind: "adjustment",
      // The reason is the farm's own (audited); the guest sees the price agreed.
      description: PRICE_AGREED,
      amountCents: input.overridePrice - linesTotal(lines),
    });
  const [code] = booking.discountCodeId
    ? await db.select().from(discountCodes).where(eq(discountCodes.id, booking.discountCodeId))
    : [];
  return { campsite: priced.campsite, amounts: amountsOf(booking, lines, code) };
}

/** A booking's amounts for `lines`: its code's discount, its prepaid credit (never more than is due). */
function amountsOf(
  booking: BookingRow,
  lines: PriceLine[],
  code?: Parameters<typeof discountAmount>[0],
): BookingAmounts {
  const total = linesTotal(lines);
  const discount = code
    ? discountAmount(code, discountableTotal(lines))
    : booking.discountAmountCents;
  const prepaid = Math.min(booking.prepaidAmountUsedCents, total - discount);
  return {
    priceLines: lines,
    totalAmountCents: total,
    discountAmountCents: discount,
    prepaidAmountUsedCents: prepaid,
    finalAmountCents: total - discount - prepaid,
    gstAmountCents: gstOf(total - discount),
  };
}

/** The price and what is owed either way, changing nothing. */
export async function previewChange(
  db: Executor,
  actor: StaffActor,
  bookingId: string,
  input: FrontDeskChange,
  now: Date = new Date(),
): Promise<DeskChangePreview> {
  if (overridesOf(input)) requireOwner(actor);
  const { booking, paidCents } = await loadForChange(db, bookingId);
  checkChangeable(booking, input, farmToday(now));
  refuseOwnerPriced(actor, booking);
  const { amounts } = await priceChange(db, booking, input, now);
  const free = await freeUnits(
    db,
    input.campsiteId,
    input.checkIn,
    input.checkOut,
    now,
    booking.id,
  );
  if (free.length === 0) throw unavailable();
  if (input.unitId && !free.includes(input.unitId)) throw unitTaken();
  const balance = balanceAfter(amounts.finalAmountCents, paidCents);
  const dearer = amounts.finalAmountCents > booking.finalAmountCents;
  return {
    lines: amounts.priceLines.map(({ description, amountCents }) => ({ description, amountCents })),
    totalCents: amounts.finalAmountCents,
    gstCents: amounts.gstAmountCents,
    beforeCents: booking.finalAmountCents,
    ...balance,
    statement: balanceStatement(balance, dearer),
    version: booking.calendarSequence,
    choice: moneyChoice(balance.balanceCents, dearer),
  };
}

/**
 * Makes the change in one transaction holding the booking's row lock: priced
 * again, moved, its money collected or given back (a refund last, so a
 * provider that fails rolls it all back), audited, the guest told.
 */
export async function changeBooking(
  db: Executor,
  actor: StaffActor,
  bookingId: string,
  input: FrontDeskChange,
  { now = new Date(), ...deps }: PaymentDeps & { now?: Date } = {},
): Promise<BookingRow> {
  if (overridesOf(input)) requireOwner(actor);
  return db.transaction(async (tx) => {
    await lockBookingForChange(tx, bookingId);
    const loaded = await loadForChange(tx, bookingId);
    const { booking } = loaded;
    checkChangeable(booking, input, farmToday(now));
    refuseOwnerPriced(actor, booking);
    if (input.version !== booking.calendarSequence)
      throw conflict(CHANGE_ERRORS.changedMeanwhile, "conflict");
    const priced = await priceChange(tx, booking, input, now);
    const balance = balanceAfter(priced.amounts.finalAmountCents, loaded.paidCents);
    const dearer = priced.amounts.finalAmountCents > booking.finalAmountCents;
    const money = moneyPlan(actor, input, balance, dearer);
    const amounts = await settleOverpayment(tx, booking, priced.amounts, money);
    const moved = await moveTo(tx, booking, input, amounts, now);
    await returnPrepaidCredit(tx, booking, amounts);
    await recordAudit(
      tx,
      actor,
      "booking.changed",
      { type: "booking", id: booking.id },
      {
        bookingReference: booking.bookingReference,
        by: "admin",
        from: stayWithPrice(booking),
        to: stayWithPrice(moved),
        ...money,
      },
    );
    const refundingCents = money.kind === "refund" ? money.cents : 0;
    await enqueueBookingConfirmation(tx, moved, priced.campsite.name, {
      changed: true,
      refundingCents,
    });
    await collect(tx, moved, priced.campsite.name, money, input);
    // The provider's refund last: nothing after it can fail and roll the rest back.
    if (money.kind === "refund") await refundAcross(tx, loaded.live, money.cents, deps);
    return moved;
  });
}

type MoneyPlan =
  | { kind: "even" }
  | { kind: "collect"; how: "link" | "recorded" | "on-arrival"; cents: number }
  | { kind: "refund" | "credit"; cents: number }
  | { kind: "keep"; cents: number; reason: string };

/**
 * The farm's choice for the money, checked against who asks and what is
 * owed: a dearer stay's balance is collected; what was paid over a cheaper
 * one is given back or kept. A balance the change did not add (a stay paid
 * on arrival) is collected as it was.
 */
function moneyPlan(
  actor: StaffActor,
  input: FrontDeskChange,
  { balanceCents }: DeskChangeBalance,
  dearer: boolean,
): MoneyPlan {
  const choice = moneyChoice(balanceCents, dearer);
  if (!choice) return { kind: "even" };
  if (choice === "collect") {
    if (!input.collect)
      throw invalid("Choose how the difference is collected.", { field: "collect" });
    if (input.collect === "recorded") {
      if (!input.method) throw invalid("Choose how the guest paid.", { field: "method" });
      const cents = input.amount ?? balanceCents;
      if (cents <= 0 || cents > balanceCents)
        throw invalid(`The amount received can be at most the ${formatMoney(balanceCents)} owed.`, {
          field: "amount",
        });
      return { kind: "collect", how: "recorded", cents };
    }
    return { kind: "collect", how: input.collect, cents: balanceCents };
  }
  const cents = -balanceCents;
  if (!input.giveBack)
    throw invalid("Choose what happens to the difference.", { field: "giveBack" });
  if (input.giveBack === "keep") {
    if (!input.keepReason)
      throw invalid("Give the reason for keeping it.", { field: "keepReason" });
    return { kind: "keep", cents, reason: input.keepReason };
  }
  // Money going back to the guest is the owner's decision (decision 0017).
  requireOwner(actor);
  return { kind: input.giveBack, cents };
}

/** What a cheaper stay leaves over and the farm keeps (or puts on the prepaid card) stays on the invoice. */
async function settleOverpayment(
  tx: Tx,
  booking: BookingRow,
  amounts: BookingAmounts,
  money: MoneyPlan,
) {
  if (money.kind !== "keep" && money.kind !== "credit") return amounts;
  let description = `Kept by the farm when the stay was changed: ${money.kind === "keep" ? money.reason : ""}`;
  if (money.kind === "credit") {
    const cardId = booking.prepaidCardId;
    if (!cardId) throw invalid(CHANGE_ERRORS.noCredit, { field: "giveBack" });
    const [card] = await tx.select().from(prepaidCards).where(eq(prepaidCards.id, cardId));
    await creditPrepaidCard(tx, {
      prepaidCardId: cardId,
      amountCents: money.cents,
      bookingId: booking.id,
      description: `Booking ${booking.bookingReference} changed: the difference as credit`,
      cause: "change",
    });
    description = `Put on prepaid card ${card?.cardNumber ?? ""} when the stay was changed`;
  }
  const kept: PriceLine = { kind: "kept", description, amountCents: money.cents };
  const total = amounts.totalAmountCents + money.cents;
  return {
    ...amounts,
    priceLines: [...amounts.priceLines, kept],
    totalAmountCents: total,
    finalAmountCents: amounts.finalAmountCents + money.cents,
    gstAmountCents: gstOf(total - amounts.discountAmountCents),
  };
}

/** The GST included in what the guest pays for the stay; none when the farm is not registered. */
const gstOf = (cents: number) => (siteConfig().business.gstRegistered ? gstIncluded(cents) : 0);

/**
 * The booking at its new stay in one UPDATE, on the unit asked for, else its
 * own unit when the campsite is the same and it is free, else the first free.
 */
function moveTo(
  tx: Tx,
  booking: BookingRow,
  input: FrontDeskChange,
  amounts: BookingAmounts,
  now: Date,
) {
  const sameSite = input.campsiteId === booking.campsiteId;
  const preferred = input.unitId ?? (sameSite ? booking.campsiteUnitId : undefined);
  return withFreeUnit(
    tx,
    {
      campsiteId: input.campsiteId,
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      exceptBookingId: booking.id,
    },
    async (sp, unitId) => {
      if (input.unitId && unitId !== input.unitId) throw unitTaken();
      return theRow(
        await sp
          .update(bookings)
          .set({
            campsiteId: input.campsiteId,
            campsiteUnitId: unitId,
            checkInDate: input.checkIn,
            checkOutDate: input.checkOut,
            numberOfGuests: input.guests,
            numberOfDogs: input.dogs,
            ...amounts,
            priceLines: [...amounts.priceLines],
            calendarSequence: sql`${bookings.calendarSequence} + 1`,
          })
          .where(eq(bookings.id, booking.id))
          .returning(),
        "the changed booking",
      );
    },
    now,
    preferred,
  );
}

/** Prepaid credit a cheaper stay no longer needs goes back to the card. */
async function returnPrepaidCredit(tx: Tx, booking: BookingRow, amounts: BookingAmounts) {
  const back = booking.prepaidAmountUsedCents - amounts.prepaidAmountUsedCents;
  if (back <= 0 || !booking.prepaidCardId) return;
  await creditPrepaidCard(tx, {
    prepaidCardId: booking.prepaidCardId,
    amountCents: back,
    bookingId: booking.id,
    description: `Booking ${booking.bookingReference} changed: credit returned`,
    cause: "change",
  });
}

const stayWithPrice = (b: BookingRow) => ({
  campsiteId: b.campsiteId,
  campsiteUnitId: b.campsiteUnitId,
  checkIn: b.checkInDate,
  checkOut: b.checkOutDate,
  guests: b.numberOfGuests,
  dogs: b.numberOfDogs,
  totalCents: b.finalAmountCents,
});

/** A dearer stay's difference: a recorded payment, or a link emailed to the guest. */
async function collect(
  tx: Tx,
  booking: BookingRow,
  campsiteName: string,
  money: MoneyPlan,
  input: FrontDeskChange,
) {
  if (money.kind !== "collect") return;
  if (money.how === "link") await queueBalanceLink(tx, booking, campsiteName, money.cents);
  if (money.how === "recorded" && input.method)
    await insertRecordedPayment(tx, booking, {
      method: input.method,
      cents: money.cents,
      reference: input.reference,
      forBalance: true,
    });
}

/** Refunds `cents` from the booking's payments, newest first; refused when they hold less. */
async function refundAcross(tx: Tx, paid: PaymentRow[], cents: number, deps: PaymentDeps) {
  const live = livePayments(paid);
  const parts = spreadRefund(live, cents);
  if (!parts)
    throw invalid(CHANGE_ERRORS.refundTooLarge(totalRefundable(live)), { field: "giveBack" });
  await refundOrRefuse(tx, parts, REFUND_UNAVAILABLE, deps, "change");
}
