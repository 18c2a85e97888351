// Which nights of a campsite cannot be booked (spec section 5, amendment 2):
// a night is unavailable when it is blocked for the campsite or for every
// campsite, or when every active unit is taken that night, by a booking that
// occupies it or by a block on that unit (e.g. imported from an outside calendar).
// Nights are handled as day numbers: a year of a busy campsite is thousands of nights.
// With changeover nights (the 'Auto-block after booking' setting, decision 0020)
// a unit stays empty for that many nights after each stay, so two stays of one
// unit must be that far apart: a booking's occupancy reaches that many nights
// either side of its stay, which keeps a stay from starting in another's
// changeover and from ending where its own changeover would meet another stay.
import { dayNumber, dayOfNumber } from "./dates";

export type Block = {
  blockedDate: string;
  campsiteId: string | null;
  campsiteUnitId: string | null;
};
export type Occupancy = { campsiteUnitId: string; checkInDate: string; checkOutDate: string };

export type AvailabilityInput = {
  campsiteId: string;
  /** First night asked about (yyyy-MM-dd). */
  from: string;
  /** Last night asked about, inclusive. */
  to: string;
  /** The campsite's active units. A campsite that has never had units counts as one free unit. */
  activeUnitIds: string[];
  hasAnyUnits: boolean;
  blocks: Block[];
  /** Only bookings that occupy their unit (paid, confirmed, pending with a live hold). */
  occupancies: Occupancy[];
  /** Nights a unit stays empty after each stay (0: stays may meet). */
  changeoverNights?: number;
};

/** Per night of the range: blocked for the whole campsite, and how many active units are taken. */
function nightsOfRange(input: AvailabilityInput) {
  const start = dayNumber(input.from);
  const length = Math.max(0, dayNumber(input.to) - start + 1);
  const blocked = new Uint8Array(length);
  const takenUnits = new Uint16Array(length);
  // One row of taken nights per active unit, so a unit booked and blocked on a night counts once.
  const units = new Map(input.activeUnitIds.map((id) => [id, new Uint8Array(length)]));
  const mark = (nights: Uint8Array, from: number, to: number) => {
    for (let i = Math.max(0, from - start); i < Math.min(length, to - start); i++) nights[i] = 1;
  };
  const gap = input.changeoverNights ?? 0;
  for (const o of input.occupancies) {
    const nights = units.get(o.campsiteUnitId);
    if (nights) mark(nights, dayNumber(o.checkInDate) - gap, dayNumber(o.checkOutDate) + gap);
  }
  for (const b of input.blocks) {
    const day = dayNumber(b.blockedDate);
    if (b.campsiteUnitId) {
      const nights = units.get(b.campsiteUnitId);
      if (nights) mark(nights, day, day + 1);
    } else if (b.campsiteId === null || b.campsiteId === input.campsiteId) {
      mark(blocked, day, day + 1);
    }
  }
  for (const nights of units.values())
    for (const [i, taken] of nights.entries()) takenUnits[i] = (takenUnits[i] ?? 0) + taken;
  return { start, length, blocked, takenUnits, units };
}

/** The nights from `from` to `to` (inclusive) that cannot be booked, in order. */
export function unavailableNights(input: AvailabilityInput): string[] {
  const { start, length, blocked, takenUnits } = nightsOfRange(input);
  const unitCount = input.activeUnitIds.length;
  // No active units: nothing to book, unless the campsite never had any (it counts as one).
  const noneToBook = unitCount === 0 && input.hasAnyUnits;
  const result: string[] = [];
  for (let i = 0; i < length; i++) {
    const full = unitCount > 0 ? takenUnits[i] === unitCount : noneToBook;
    if (blocked[i] || full) result.push(dayOfNumber(start + i));
  }
  return result;
}

/**
 * The units free for every night of a stay, in the campsite's order; the
 * booking takes the first one. Blocks for the whole campsite leave none.
 */
export function freeUnitsForStay(
  input: Omit<AvailabilityInput, "from" | "to">,
  checkIn: string,
  checkOut: string,
): string[] {
  const range = nightsOfRange({
    ...input,
    from: checkIn,
    to: dayOfNumber(dayNumber(checkOut) - 1),
  });
  if (range.blocked.some((b) => b === 1)) return [];
  return input.activeUnitIds.filter((id) => !range.units.get(id)?.some((n) => n === 1));
}

/** True when a unit can take every night of the stay (a campsite without units counts as one). */
export function stayIsFree(input: AvailabilityInput, checkIn: string, checkOut: string): boolean {
  if (input.hasAnyUnits) return freeUnitsForStay(input, checkIn, checkOut).length > 0;
  const lastNight = dayOfNumber(dayNumber(checkOut) - 1);
  return unavailableNights({ ...input, from: checkIn, to: lastNight }).length === 0;
}

/**
 * True when `night` is one of the changeover nights either side of a stay:
 * its unit cannot be let that night, though nobody is on it.
 */
export function isChangeoverNight(
  stay: { checkInDate: string; checkOutDate: string },
  night: string,
  changeoverNights: number,
): boolean {
  const day = dayNumber(night);
  const checkIn = dayNumber(stay.checkInDate);
  const checkOut = dayNumber(stay.checkOutDate);
  return (
    (day >= checkIn - changeoverNights && day < checkIn) ||
    (day >= checkOut && day < checkOut + changeoverNights)
  );
}
