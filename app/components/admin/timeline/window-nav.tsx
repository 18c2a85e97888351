// Which days the timeline shows: earlier and later by the window's length,
// back to today, and the length itself (2 weeks, 1 month, 3 months). Plain
// links, so the back button and a shared address keep the window.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { formatDay } from "#domain/format/dates.ts";
import { shiftDay, type TimelineRange, timelineRanges } from "#domain/rules/timeline.ts";
import { timelineHref } from "./timeline-links";

export function WindowNav({
  from,
  range,
  days,
  today,
}: {
  from: string;
  range: TimelineRange;
  days: number;
  today: string;
}) {
  const earlier = shiftDay(from, -days);
  const later = shiftDay(from, days);
  const last = shiftDay(from, days - 1);
  const at = (start: string, r: TimelineRange = range) =>
    timelineHref({ from: start, range: r }, today);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex items-center gap-2">
        <Link
          to={at(earlier)}
          preventScrollReset
          className={buttonVariants({ variant: "outline", size: "icon" })}
          aria-label={`Earlier, from ${formatDay(earlier)}`}
        >
          <ChevronLeft aria-hidden />
        </Link>
        <h2 className="min-w-0 text-center text-base font-semibold sm:text-lg" aria-live="polite">
          {formatDay(from, { weekday: false })} – {formatDay(last, { weekday: false })}
        </h2>
        <Link
          to={at(later)}
          preventScrollReset
          className={buttonVariants({ variant: "outline", size: "icon" })}
          aria-label={`Later, from ${formatDay(later)}`}
        >
          <ChevronRight aria-hidden />
        </Link>
        {from === today ? null : (
          <Link
            to={at(today)}
            preventScrollReset
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            Today
          </Link>
        )}
      </div>
      <nav aria-label="Days shown">
        <ul className="flex rounded-md border border-stone-300 bg-white p-0.5">
          {(Object.keys(timelineRanges) as TimelineRange[]).map((r) => (
            <li key={r}>
              <Link
                to={at(from, r)}
                preventScrollReset
                aria-current={r === range ? "page" : undefined}
                className="inline-flex h-9 items-center rounded px-3 text-sm font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700 aria-[current=page]:bg-paddock-700 aria-[current=page]:text-white"
              >
                {timelineRanges[r].label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
