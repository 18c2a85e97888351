// A camper changes the dates, guests or dogs of their paid stay from their
// booking page (issue 14, decision 0019). Pure: the server prices the new
// stay (rates.ts, pricing.ts) and hands in what the booking holds; this says
// who pays whom and what the booking records afterwards.
//
// - Dearer: the camper pays the new total by card; the earlier card payment
//   is then refunded in full, so a booking keeps one live card payment.
// - Cheaper: the policy's share of the difference goes back (card first, then
//   the prepaid card); what it keeps stays on the invoice as a line of its own.
// - The same: nothing moves.
import { formatMoney } from "#domain/format/money.ts";
import { refundWords, stayStarted } from "./cancellation-policy";
import { gstIncluded, linesTotal, type PriceLine } from "./rates";
import type { BookingStatus } from "./statuses";

export const STAY_CHANGE_ERRORS = {
  started: "Your stay has already started, so it can no longer be changed here. Please call us.",
  closed: "This booking can no longer be changed.",
  unchanged: "That is the stay you already have. Change the dates, guests or dogs first.",
  lateMove:
    "Your arrival day can no longer be moved here, as cancelling now would not be refunded in full. Please call us.",
} as const;

/** What a change asks for: the campsite and extras stay as they were. */
export type StayChangeRequest = { checkIn: string; checkOut: string; guests: number; dogs: number };

/** The booking's price fields, as the row holds them. */
export type BookingAmounts = {
  priceLines: readonly PriceLine[];
  totalAmountCents: number;
  discountAmountCents: number;
  prepaidAmountUsedCents: number;
  finalAmountCents: number;
  gstAmountCents: number;
};

export type ChangeableBooking = BookingAmounts & {
  status: BookingStatus;
  checkInDate: string;
  checkOutDate: string;
  numberOfGuests: number;
  numberOfDogs: number;
};

/**
 * What a change's card payment pays for, kept on the payment: the new stay
 * and amounts, and the booking as it was when priced. If the booking is no
 * longer that when the payment arrives, the change is not made and the
 * payment goes back.
 */
export type PaidStayChange = {
  stay: StayChangeRequest;
  amounts: BookingAmounts;
  basedOn: StayChangeRequest & { totalAmountCents: number; finalAmountCents: number };
};

/** The booking as a change is priced against. */
export const basisOf = (b: ChangeableBooking): PaidStayChange["basedOn"] => ({
  checkIn: b.checkInDate,
  checkOut: b.checkOutDate,
  guests: b.numberOfGuests,
  dogs: b.numberOfDogs,
  totalAmountCents: b.totalAmountCents,
  finalAmountCents: b.finalAmountCents,
});

/** Why this booking cannot be changed today (or to this stay); undefined when it can. */
export function stayChangeProblem(
  booking: ChangeableBooking,
  request: StayChangeRequest,
  today: string,
  /** What cancelling today would refund: below 100, moving the arrival would restart the policy's clock. */
  refundPercentToday = 100,
): string | undefined {
  if (booking.status !== "paid" && booking.status !== "confirmed") return STAY_CHANGE_ERRORS.closed;
  if (stayStarted(booking.checkInDate, today)) return STAY_CHANGE_ERRORS.started;
  if (refundPercentToday < 100 && request.checkIn !== booking.checkInDate)
    return STAY_CHANGE_ERRORS.lateMove;
  const same =
    request.checkIn === booking.checkInDate &&
    request.checkOut === booking.checkOutDate &&
    request.guests === booking.numberOfGuests &&
    request.dogs === booking.numberOfDogs;
  return same ? STAY_CHANGE_ERRORS.unchanged : undefined;
}

/** The extras the stay was sold with: a change keeps them. */
export const extrasOf = (lines: readonly PriceLine[]) =>
  lines.flatMap((l) =>
    l.kind === "extra" && l.extraId ? [{ extraId: l.extraId, quantity: l.quantity ?? 1 }] : [],
  );

/** What earlier changes kept under the policy: a later change keeps it too. */
export const keptLines = (lines: readonly PriceLine[]) => lines.filter((l) => l.kind === "kept");

export const keptLine = (cents: number): PriceLine => ({
  kind: "kept",
  description: "Kept under the cancellation policy when the stay was shortened",
  amountCents: cents,
});

/** One kept line for all that was kept, so the invoice stays short. */
function mergeKept(lines: readonly PriceLine[], extraKeptCents: number): PriceLine[] {
  const kept = linesTotal(keptLines(lines)) + extraKeptCents;
  const rest = lines.filter((l) => l.kind !== "kept");
  return kept > 0 ? [...rest, keptLine(kept)] : rest;
}

export type ChangeMoney =
  | { kind: "even" }
  /** The new total by card; the live card payment (`replacedCents` left of it) is refunded. */
  | { kind: "pay"; cardCents: number; replacedCents: number }
  | {
      kind: "refund";
      percent: number;
      cardCents: number;
      creditCents: number;
      keptCents: number;
      /** Of the difference, what the stay still owed and now owes no more. */
      clearedCents: number;
      /** Of `cardCents`, what was paid at the farm and the farm gives back itself. */
      atDeskCents?: number;
    };

export type StayChangePlan = { money: ChangeMoney; amounts: BookingAmounts };

/**
 * The money of a change. `newStay` is the new stay priced with the booking's
 * discount code and no prepaid credit, its lines carrying the kept lines of
 * earlier changes. `cardRefundableCents` is what is left of the live card
 * payment; `percent` the policy's share of a reduction today.
 */
export function planStayChange(input: {
  booking: BookingAmounts;
  newStay: { lines: PriceLine[]; discountAmountCents: number };
  cardRefundableCents: number;
  percent: number;
  gstRegistered: boolean;
  /** What the stay still owes (a balance due on arrival): a reduction clears it first. */
  owedCents?: number;
}): StayChangePlan {
  const { booking, newStay } = input;
  const prepaid = booking.prepaidAmountUsedCents;
  const oldDue = booking.totalAmountCents - booking.discountAmountCents;
  const newDue = linesTotal(newStay.lines) - newStay.discountAmountCents;
  const amountsFor = (lines: PriceLine[], prepaidUsed: number): BookingAmounts => {
    const total = linesTotal(lines);
    const due = total - newStay.discountAmountCents;
    return {
      priceLines: lines,
      totalAmountCents: total,
      discountAmountCents: newStay.discountAmountCents,
      prepaidAmountUsedCents: prepaidUsed,
      finalAmountCents: due - prepaidUsed,
      gstAmountCents: input.gstRegistered ? gstIncluded(due) : 0,
    };
  };
  if (newDue > oldDue)
    return {
      money: { kind: "pay", cardCents: newDue - prepaid, replacedCents: input.cardRefundableCents },
      amounts: amountsFor(newStay.lines, prepaid),
    };
  if (newDue === oldDue)
    return { money: { kind: "even" }, amounts: amountsFor(newStay.lines, prepaid) };
  // What was never paid is no longer owed; only money paid goes back, by the policy.
  const clearedCents = Math.min(oldDue - newDue, input.owedCents ?? 0);
  const reduction = oldDue - newDue - clearedCents;
  const refund = Math.round((reduction * input.percent) / 100);
  const cardCents = Math.min(refund, input.cardRefundableCents);
  const creditCents = Math.min(refund - cardCents, prepaid);
  const keptCents = reduction - cardCents - creditCents;
  return {
    money: {
      kind: "refund",
      percent: input.percent,
      cardCents,
      creditCents,
      keptCents,
      clearedCents,
    },
    amounts: amountsFor(mergeKept(newStay.lines, keptCents), prepaid - creditCents),
  };
}

/** The sentence the camper reads before confirming the change. */
export function changeStatement(money: ChangeMoney): string {
  switch (money.kind) {
    case "even":
      return "The price stays the same: nothing more to pay and nothing to refund.";
    case "pay": {
      const replaced =
        money.replacedCents > 0
          ? ` Your earlier card payment of ${formatMoney(money.replacedCents)} is then refunded in full.`
          : "";
      return `You pay ${formatMoney(money.cardCents)} by card for the changed stay.${replaced}`;
    }
    case "refund": {
      const back = [
        ...refundWords(money.cardCents, money.atDeskCents ?? 0),
        money.creditCents > 0 ? `${formatMoney(money.creditCents)} back on your prepaid card` : "",
      ].filter(Boolean);
      const kept =
        money.keptCents > 0
          ? ` Under the cancellation policy we keep ${formatMoney(money.keptCents)} of the difference.`
          : "";
      const cleared =
        money.clearedCents > 0 ? ` You have ${formatMoney(money.clearedCents)} less to pay.` : "";
      if (back.length > 0)
        return `The changed stay costs less: you get ${back.join(" and ")}.${kept}${cleared}`;
      if (money.keptCents === 0 && cleared)
        return `The changed stay costs less: you have ${formatMoney(money.clearedCents)} less to pay.`;
      return `The changed stay costs less, but under the cancellation policy there is no refund.${kept}${cleared}`;
    }
  }
}
