// The timeline's grid: a table of units (rows, grouped by campsite under a
// header of their own) by days (columns), scrolling both ways inside its own
// box with the unit names and the days kept in view. A unit's row is laid out
// by domain/rules/timeline.ts and written by unit-row-html.ts; its bars and
// empty runs are real links, so it works before the page's script has loaded.
import { useMemo } from "react";
import type { Timeline, TimelineCampsite, TimelineUnit } from "#domain/api/admin-timeline.ts";
import { formatDay } from "#domain/format/dates.ts";
import { closedNightsOf, type RowClosure, shiftDay, windowDays } from "#domain/rules/timeline.ts";
import { aimNewBooking } from "./new-booking-aim";
import { gridStyles, unitRowHtml } from "./unit-row-html";

type Day = { date: string; label: string; weekday: string; dayOfMonth: string; month: string };

const weekdayFormat = new Intl.DateTimeFormat("en-AU", { weekday: "short", timeZone: "UTC" });
const monthFormat = new Intl.DateTimeFormat("en-AU", { month: "short", timeZone: "UTC" });

/** Each column's words, worked out once for the whole grid (not once per cell). */
function columnDays(from: string, days: number): Day[] {
  return windowDays(from, days).map((date) => {
    const utc = new Date(`${date}T00:00:00Z`);
    return {
      date,
      label: formatDay(date),
      weekday: weekdayFormat.format(utc),
      dayOfMonth: String(utc.getUTCDate()),
      month: monthFormat.format(utc),
    };
  });
}

export function TimelineGrid({
  timeline,
  gridRef,
  gridHandlers,
}: {
  timeline: Timeline;
  gridRef: React.RefObject<HTMLElement | null>;
  gridHandlers: Pick<React.DOMAttributes<HTMLTableElement>, "onPointerDown" | "onClick">;
}) {
  const columns = useMemo(() => {
    const days = columnDays(timeline.from, timeline.days);
    const dates = days.map((d) => d.date);
    const after = shiftDay(timeline.from, timeline.days);
    return {
      days,
      dates,
      labelOf: new Map(days.map((d) => [d.date, d.label])),
      nextOf: new Map(dates.map((d, i) => [d, dates[i + 1] ?? after])),
    };
  }, [timeline.from, timeline.days]);
  const closedOf = useMemo(() => closedNightsOf(timeline.closures), [timeline.closures]);
  const { days } = columns;
  const first = days[0]?.label ?? timeline.from;
  const last = days.at(-1)?.label ?? timeline.from;
  return (
    <section
      ref={gridRef}
      aria-labelledby="timeline-caption"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box the keyboard must be able to scroll.
      tabIndex={0}
      className="relative max-h-[calc(100dvh-14rem)] min-h-64 overflow-auto rounded-md border border-stone-300 bg-white [--unit-col:7rem] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700 sm:[--unit-col:11rem]"
    >
      <table
        className={`table-fixed border-separate border-spacing-0 text-sm ${gridStyles}`}
        style={gridBackground(timeline.days)}
        {...gridHandlers}
        // An empty run's link follows the pointer to the night under it; pressed, before the click.
        onPointerMove={aimNewBooking}
        onPointerDownCapture={aimNewBooking}
      >
        <caption id="timeline-caption" className="sr-only">
          {`Units by day, ${first} to ${last}`}
        </caption>
        {/* The days share what the unit names leave, at least 2.75rem each (the table's width):
            the names' column stays --unit-col wide, which the days' lines are drawn from. */}
        <colgroup>
          <col className="w-(--unit-col)" />
          <col span={days.length} />
        </colgroup>
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky top-0 left-0 z-30 border-r border-b border-stone-300 bg-stone-100 px-2 text-left text-xs font-semibold text-stone-800"
            >
              Unit
            </th>
            {days.map((d, i) => (
              <DayHeader key={d.date} day={d} first={i === 0} today={d.date === timeline.today} />
            ))}
          </tr>
        </thead>
        {timeline.campsites.map((campsite) => (
          <CampsiteRows
            key={campsite.id}
            campsite={campsite}
            columns={columns}
            today={timeline.today}
            closedOf={closedOf}
          />
        ))}
      </table>
    </section>
  );
}

/**
 * The table's width and the lines between its days. It is at least as wide as
 * its box: two weeks on a wide screen spread their days out. The lines are one
 * background under every row, a line at the start of each day's column, not a
 * border on each night's cell: empty nights have no cell of their own. The
 * days are equal columns after the names' (the colgroup), so they are found
 * by arithmetic.
 */
function gridBackground(days: number): React.CSSProperties {
  return {
    width: `max(100%, calc(var(--unit-col) + ${days} * 2.75rem))`,
    backgroundImage: "linear-gradient(to right, var(--color-stone-200) 1px, transparent 1px)",
    backgroundPosition: "var(--unit-col) 0",
    backgroundSize: `calc((100% - var(--unit-col)) / ${days}) 100%`,
    backgroundRepeat: "repeat-x",
  };
}

function DayHeader({ day, first, today }: { day: Day; first: boolean; today: boolean }) {
  const monthStarts = first || day.dayOfMonth === "1";
  return (
    <th
      scope="col"
      data-day={day.date}
      aria-current={today ? "date" : undefined}
      className={`sticky top-0 z-20 h-14 border-b border-l border-stone-300 px-0 text-center font-normal ${today ? "bg-paddock-100" : "bg-stone-100"}`}
    >
      <span aria-hidden className="block text-[11px] font-semibold text-stone-800">
        {monthStarts ? day.month : "\u00a0"}
      </span>
      <span aria-hidden className="block text-[11px] text-stone-700">
        {day.weekday}
      </span>
      <span aria-hidden className="block text-sm font-semibold text-stone-900">
        {day.dayOfMonth}
      </span>
      <span className="sr-only">{day.label}</span>
    </th>
  );
}

type Columns = {
  days: Day[];
  dates: string[];
  labelOf: Map<string, string>;
  nextOf: Map<string, string>;
};

function CampsiteRows({
  campsite,
  columns,
  today,
  closedOf,
}: {
  campsite: TimelineCampsite;
  columns: Columns;
  today: string;
  closedOf: ReturnType<typeof closedNightsOf>;
}) {
  return (
    <tbody data-campsite={campsite.name}>
      <tr>
        <th
          scope="rowgroup"
          colSpan={columns.days.length + 1}
          className="border-b border-stone-300 bg-stone-50 p-0 text-left"
        >
          <span className="sticky left-0 inline-block px-2 py-1.5 text-sm font-bold text-stone-900">
            {campsite.isActive ? campsite.name : `${campsite.name} (inactive)`}
          </span>
        </th>
      </tr>
      {campsite.units.map((unit) => (
        <UnitRow
          key={unit.id}
          campsite={campsite}
          unit={unit}
          columns={columns}
          today={today}
          closed={closedOf({ id: unit.id, campsiteId: campsite.id })}
        />
      ))}
    </tbody>
  );
}

/** A unit's row: its cells are written as text (unit-row-html.ts), the row is React's. */
function UnitRow({
  campsite,
  unit,
  columns,
  today,
  closed,
}: {
  campsite: TimelineCampsite;
  unit: TimelineUnit;
  columns: Columns;
  today: string;
  closed: Map<string, RowClosure>;
}) {
  const { dates, labelOf, nextOf } = columns;
  const html = unitRowHtml({
    campsite,
    unit,
    dates,
    dayLabel: (day) => labelOf.get(day) ?? formatDay(day),
    nextDay: (day) => nextOf.get(day) ?? shiftDay(day, 1),
    today,
    closed,
  });
  return (
    <tr
      data-unit-id={unit.id}
      data-campsite-id={campsite.id}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: every value from the database is escaped (unit-row-html.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
