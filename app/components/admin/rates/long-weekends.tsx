// The next Queensland long weekends and the shortest stay that may include
// them with the rates as saved, so the owner sees what the rule does.
import { nightsLabel } from "#app/components/admin/format.ts";
import { formatDay } from "#domain/format/dates.ts";
import type { LongWeekendView } from "./rates-view";
import { RatesSection } from "./section";

export function LongWeekends({
  longWeekends,
  ruleMinimum,
}: {
  longWeekends: LongWeekendView[];
  /** The long-weekend minimum stay; null while the rule is off. */
  ruleMinimum: number | null;
}) {
  return (
    <RatesSection
      id="long-weekends-heading"
      title="Coming long weekends"
      description={
        ruleMinimum === null
          ? "The long-weekend rule is off: these nights take the usual minimum stay."
          : `The long-weekend rule is on: a stay including any of these nights is at least ${nightsLabel(ruleMinimum)}.`
      }
    >
      {longWeekends.length === 0 ? (
        <p className="text-sm text-stone-700">No long weekends in the coming year.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-200 text-sm">
          {longWeekends.map((w) => (
            <li
              key={w.firstNight}
              className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between"
            >
              <span className="font-medium">
                {formatDay(w.firstNight)} to {formatDay(w.lastNight)}
              </span>
              <span className="text-stone-700">
                {nightsLabel(w.nights)}, minimum stay {nightsLabel(w.minimumNights)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </RatesSection>
  );
}
