// The timeline's grid: a table of units (rows, grouped by campsite under a
// header of their own) by days (columns), scrolling both ways inside its own
// box with the unit names and the days kept in view. A row is laid out by
// domain/rules/timeline.ts; its cells are real links, so it works before the
// page's script has loaded.
import { useMemo } from "react";
import { nightsLabel } from "#app/components/admin/format.ts";
import type {
  Timeline,
  TimelineCampsite,
  TimelineStay,
  TimelineUnit,
} from "#domain/api/admin-timeline.ts";
import { formatDay } from "#domain/format/dates.ts";
import {
  closedNightsOf,
  type RowClosure,
  rowSegments,
  windowDays,
} from "#domain/rules/timeline.ts";
import { StayBar } from "./stay-bar";
import { newBookingHref } from "./timeline-links";

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
    return {
      days,
      dates: days.map((d) => d.date),
      labelOf: new Map(days.map((d) => [d.date, d.label])),
    };
  }, [timeline.from, timeline.days]);
  const { days } = columns;
  const staysOf = useMemo(() => groupStays(timeline.stays), [timeline.stays]);
  const closedOf = useMemo(() => closedNightsOf(timeline.closures), [timeline.closures]);
  const first = days[0]?.label ?? timeline.from;
  const last = days.at(-1)?.label ?? timeline.from;
  return (
    <section
      ref={gridRef}
      aria-labelledby="timeline-caption"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box the keyboard must be able to scroll.
      tabIndex={0}
      className="max-h-[calc(100dvh-14rem)] min-h-64 overflow-auto rounded-md border border-stone-300 bg-white [--unit-col:7rem] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700 sm:[--unit-col:11rem]"
    >
      <table
        className="table-fixed border-separate border-spacing-0 text-sm"
        style={{ width: `calc(var(--unit-col) + ${timeline.days} * 2.75rem)` }}
        {...gridHandlers}
      >
        <caption id="timeline-caption" className="sr-only">
          Units by day, {first} to {last}
        </caption>
        <colgroup>
          <col className="w-(--unit-col)" />
          {days.map((d) => (
            <col key={d.date} className="w-11" />
          ))}
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
            staysOf={staysOf}
            closedOf={closedOf}
          />
        ))}
      </table>
    </section>
  );
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

type Columns = { days: Day[]; dates: string[]; labelOf: Map<string, string> };

function CampsiteRows({
  campsite,
  columns,
  today,
  staysOf,
  closedOf,
}: {
  campsite: TimelineCampsite;
  columns: Columns;
  today: string;
  staysOf: Map<string, TimelineStay[]>;
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
            {campsite.name}
            {campsite.isActive ? "" : " (inactive)"}
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
          stays={staysOf.get(unit.id) ?? []}
          closed={closedOf({ id: unit.id, campsiteId: campsite.id })}
        />
      ))}
    </tbody>
  );
}

function UnitRow({
  campsite,
  unit,
  columns,
  today,
  stays,
  closed,
}: {
  campsite: TimelineCampsite;
  unit: TimelineUnit;
  columns: Columns;
  today: string;
  stays: TimelineStay[];
  closed: Map<string, RowClosure>;
}) {
  const { dates, labelOf } = columns;
  const dayLabel = (day: string) => labelOf.get(day) ?? formatDay(day);
  const place = { campsiteId: campsite.id, unitId: unit.id };
  return (
    <tr data-unit-id={unit.id} data-campsite-id={campsite.id}>
      <th
        scope="row"
        className="sticky left-0 z-10 h-11 truncate border-r border-b border-stone-300 bg-white px-2 text-left text-sm font-medium text-stone-900"
      >
        {unit.name}
        {unit.isActive ? "" : " (inactive)"}
      </th>
      {rowSegments(dates, stays, closed).map((segment) => {
        if (segment.kind === "free")
          return (
            <FreeCell
              key={segment.day}
              href={segment.day < today ? null : newBookingHref(place, segment.day)}
              label={`New booking, ${campsite.name} ${unit.name}, ${dayLabel(segment.day)}`}
            />
          );
        if (segment.kind === "closed")
          return (
            <ClosedCells
              key={segment.first}
              closure={segment.closure}
              span={segment.span}
              label={`${dayLabel(segment.first)}, ${nightsLabel(segment.span)}`}
            />
          );
        const { stay } = segment;
        return (
          <td
            key={stay.id}
            colSpan={segment.span}
            className="border-b border-l border-stone-200 px-0.5"
          >
            <StayBar
              stay={stay}
              place={{
                campsiteName: campsite.name,
                unitName: unit.name,
                dates: `${dayLabel(stay.checkIn)} to ${dayLabel(stay.checkOut)}`,
                startsBefore: segment.startsBefore,
                endsAfter: segment.endsAfter,
                alsoClosed: segment.alsoClosed,
              }}
            />
          </td>
        );
      })}
    </tr>
  );
}

/**
 * An empty night: a link to a new booking of this unit from that day. Out of
 * the tab order (a three-month grid would be thousands of stops); the
 * keyboard's way to a new booking is the Bookings screen.
 */
function FreeCell({ href, label }: { href: string | null; label: string }) {
  if (!href) return <td className="border-b border-l border-stone-200 bg-stone-100" />;
  return (
    <td className="border-b border-l border-stone-200 p-0">
      <a
        href={href}
        tabIndex={-1}
        className="block h-11 w-full hover:bg-paddock-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-paddock-700"
      >
        <span className="sr-only">{label}</span>
      </a>
    </td>
  );
}

/** Nights closed alike: the farm's block (hatched) or an imported calendar's (dashed violet). */
function ClosedCells({
  closure,
  span,
  label,
}: {
  closure: RowClosure;
  span: number;
  label: string;
}) {
  const style = closure.imported
    ? "border border-dashed border-violet-700 bg-violet-50 text-violet-950"
    : "border border-stone-500 bg-[repeating-linear-gradient(135deg,var(--color-stone-200)_0_6px,var(--color-stone-100)_6px_12px)] text-stone-900";
  return (
    <td colSpan={span} className="border-b border-l border-stone-200 px-0.5">
      <div
        className={`flex h-10 items-center overflow-hidden rounded-md px-1.5 text-[11px] font-semibold ${style}`}
        data-closure={closure.imported ? "imported" : "blocked"}
      >
        <span className="truncate">{closure.label}</span>
        <span className="sr-only">, {label}</span>
      </div>
    </td>
  );
}

function groupStays(stays: TimelineStay[]): Map<string, TimelineStay[]> {
  const byUnit = new Map<string, TimelineStay[]>();
  for (const stay of stays) {
    const list = byUnit.get(stay.unitId);
    if (list) list.push(stay);
    else byUnit.set(stay.unitId, [stay]);
  }
  return byUnit;
}
