// How full one day of the admin calendar is: amendment 2.11's occupancy for a
// single night, the units booked of the units available. A blocked unit is
// not available (a block for every campsite, for the unit's campsite, or for
// the unit itself); a unit both blocked and booked counts as blocked, so the
// booked never outnumber the available. The share picks one of a few shades.

export type ViewUnit = { id: string; campsiteId: string };
export type NightBlock = { campsiteId: string | null; campsiteUnitId: string | null };

export type NightCount = { booked: number; available: number };

/** The view's active units on one night: how many are open, and how many of those are booked. */
export function countNight(
  units: readonly ViewUnit[],
  bookedUnitIds: ReadonlySet<string>,
  blocks: readonly NightBlock[],
): NightCount {
  const blocked = (unit: ViewUnit) =>
    blocks.some((b) =>
      b.campsiteUnitId
        ? b.campsiteUnitId === unit.id
        : b.campsiteId === null || b.campsiteId === unit.campsiteId,
    );
  const open = units.filter((unit) => !blocked(unit));
  return {
    booked: open.filter((unit) => bookedUnitIds.has(unit.id)).length,
    available: open.length,
  };
}

/** 0: nothing booked; 1: up to a third; 2: up to two thirds; 3: more; 4: full. */
export type FullnessStep = 0 | 1 | 2 | 3 | 4;

export type Fullness = NightCount & {
  /** Booked over available, 0 to 1; 1 when nothing is available. */
  share: number;
  step: FullnessStep;
  /** No unit is left to book: all booked, or none available. */
  full: boolean;
  /** "2/13", or null when no unit is available to count. */
  count: string | null;
};

/** The steps a legend explains, in order, with the words that describe each. */
export const FULLNESS_STEPS: readonly { step: FullnessStep; label: string }[] = [
  { step: 0, label: "None booked" },
  { step: 1, label: "Up to a third booked" },
  { step: 2, label: "Up to two thirds booked" },
  { step: 3, label: "More than two thirds booked" },
  { step: 4, label: "Full: no unit left to book" },
];

export function fullness({ booked, available }: NightCount): Fullness {
  const taken = Math.min(Math.max(booked, 0), Math.max(available, 0));
  const open = Math.max(available, 0);
  const full = taken >= open;
  const share = open === 0 ? 1 : taken / open;
  return {
    booked: taken,
    available: open,
    share,
    step: stepOf(share, full),
    full,
    count: open === 0 ? null : `${taken}/${open}`,
  };
}

function stepOf(share: number, full: boolean): FullnessStep {
  if (full) return 4;
  if (share === 0) return 0;
  if (share <= 1 / 3) return 1;
  if (share <= 2 / 3) return 2;
  return 3;
}

/** What a screen reader hears for the day: "2 of 13 units booked", "Full, 13 of 13 units booked". */
export function fullnessSentence(f: Fullness): string {
  const unitWord = f.available === 1 ? "unit" : "units";
  if (f.available === 0) return "Full, no units available";
  const counted = `${f.booked} of ${f.available} ${unitWord} booked`;
  return f.full ? `Full, ${counted}` : counted;
}
