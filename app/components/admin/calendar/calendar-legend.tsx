// The calendar's legend: the spec's Available (green), Booked (blue) and
// Blocked (red), then how the blue deepens as a day fills, with its count.
import { cn } from "#app/lib/utils.ts";
import { FULLNESS_STEPS } from "#domain/rules/day-occupancy.ts";
import { type DayTone, toneStyles } from "./day-tone";

const stepTones: Record<number, DayTone> = { 1: "step1", 2: "step2", 3: "step3", 4: "full" };

function Swatch({ tone }: { tone: DayTone }) {
  return <span aria-hidden className={cn("size-4 rounded border", toneStyles[tone])} />;
}

export function CalendarLegend({ scopeName }: { scopeName: string }) {
  return (
    <div className="flex flex-col gap-2 text-sm">
      <ul className="flex flex-wrap gap-4" aria-label="Legend">
        <li className="flex items-center gap-2">
          <Swatch tone="available" /> Available
        </li>
        <li className="flex items-center gap-2">
          <Swatch tone="step2" /> Booked
        </li>
        <li className="flex items-center gap-2">
          <Swatch tone="blocked" /> Blocked
        </li>
      </ul>
      <p className="text-stone-700">
        Each day shows the units booked of the units available for {scopeName}, such as 2/13;
        blocked units are not available. The blue deepens as the day fills:
      </p>
      <ul className="flex flex-wrap gap-x-4 gap-y-2" aria-label="How full a day is">
        {FULLNESS_STEPS.filter((s) => s.step > 0).map((s) => (
          <li key={s.step} className="flex items-center gap-2">
            <Swatch tone={stepTones[s.step] ?? "step1"} />
            {s.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
