// One day of the admin calendar (spec 2.15): its number and units booked of
// units available ('2/13'), 'Full' when none is left, 'Blocked', up to two
// guests then '+N more', and imported or single-campsite blocks. A day from
// today on is a button that blocks or unblocks it for the view.
import { useFetcher } from "react-router";
import { useToastOnce } from "#app/components/admin/use-toast.ts";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { cn } from "#app/lib/utils.ts";
import type { CalendarBooking, CalendarDay } from "#domain/api/admin-calendar.ts";
import { formatDay } from "#domain/format/dates.ts";
import { fullnessSentence } from "#domain/rules/day-occupancy.ts";
import { dayTone, quietToneStyles, toneStyles } from "./day-tone";

const stateLabels = { available: "Available", booked: "Booked", blocked: "Blocked" } as const;

export function DayCell({
  day,
  campsiteId,
  scopeName,
}: {
  day: CalendarDay;
  campsiteId: string | null;
  scopeName: string;
}) {
  const fetcher = useFetcher<ActionAnswer>();
  useToastOnce(fetcher.data?.toast);
  // While a block is on its way, show the day as blocked.
  const state = fetcher.formData?.get("blocked") === "true" ? "blocked" : day.state;
  const willBlock = day.manualBlockId === null;
  const tone = dayTone(state, day.fullness);

  const content = (
    <>
      {/* The accessible name starts with the full date, state and count; the rest is for the eye. */}
      <span className="sr-only">
        {formatDay(day.date)}: {stateLabels[state]}, {fullnessSentence(day.fullness)}.{" "}
      </span>
      <DayFigures day={day} blocked={tone === "blocked"} />
      <DayDetails day={day} campsiteId={campsiteId} />
      {day.past ? null : (
        <span className="sr-only">
          {" "}
          {willBlock ? "Block" : "Unblock"} for {scopeName}.
        </span>
      )}
    </>
  );

  const base = cn(
    "flex h-full w-full flex-col rounded-md border p-1 text-left text-stone-900",
    day.past || !day.inMonth ? quietToneStyles[tone] : toneStyles[tone],
  );
  if (day.past) return <div className={base}>{content}</div>;
  return (
    <fetcher.Form method="post" className="h-full">
      <input type="hidden" name="date" value={day.date} />
      <input type="hidden" name="campsiteId" value={campsiteId ?? ""} />
      <input type="hidden" name="blocked" value={willBlock ? "true" : "false"} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className={cn(
          base,
          "hover:ring-2 hover:ring-stone-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700",
        )}
      >
        {content}
      </button>
    </fetcher.Form>
  );
}

/** The day's number, its count and the words 'Full' and 'Blocked' (the sr-only line says them). */
function DayFigures({ day, blocked }: { day: CalendarDay; blocked: boolean }) {
  const { count, full } = day.fullness;
  return (
    <span aria-hidden className="flex flex-col">
      <span className="flex flex-wrap items-baseline justify-between gap-x-1">
        <span
          className={cn(
            "text-sm font-semibold",
            day.inMonth && !day.past ? "text-stone-900" : "text-stone-700",
          )}
        >
          {Number(day.date.slice(8))}
        </span>
        {count ? (
          <span
            className={cn(
              "text-[11px] font-semibold tabular-nums",
              day.fullness.booked > 0 ? "text-blue-950" : "text-stone-700",
            )}
          >
            {count}
          </span>
        ) : null}
      </span>
      <span className="mt-0.5 flex flex-wrap gap-0.5">
        {full ? (
          <span className="rounded bg-stone-900 px-1 text-[11px] font-bold text-white">Full</span>
        ) : null}
        {blocked ? (
          <span className="truncate text-[11px] font-semibold text-red-900">Blocked</span>
        ) : null}
      </span>
    </span>
  );
}

/** The Today screen's mark on a booking, if any: leaving wins over arrived. */
const markOf = (b: CalendarBooking) =>
  b.checkedOut ? "checked out" : b.checkedIn ? "checked in" : null;

/** From 640 px: two guests then '+N more', imported nights, and campsites blocked alone. */
function DayDetails({ day, campsiteId }: { day: CalendarDay; campsiteId: string | null }) {
  const shown = day.bookings.slice(0, 2);
  const more = day.bookings.length - shown.length;
  const imported = day.blocks.filter((b) => b.feedName);
  const otherBlocks = day.blocks.filter(
    (b) => !b.feedName && b.scope !== "all" && campsiteId === null,
  );
  const chip = "truncate rounded bg-white/80 px-1 text-[11px]";
  return (
    <span className="mt-0.5 hidden flex-col gap-0.5 sm:flex">
      {shown.map((b) => {
        const mark = markOf(b);
        return (
          <span
            key={b.id}
            className={cn(chip, "text-blue-950")}
            title={`${b.guestName}, ${b.campsiteName}${mark ? `, ${mark}` : ""}`}
          >
            {mark ? <span aria-hidden>✓ </span> : null}
            {b.guestName}
            {mark ? <span className="sr-only"> ({mark})</span> : null}
          </span>
        );
      })}
      {more > 0 ? (
        <span className="text-[11px] font-medium text-blue-950">+{more} more</span>
      ) : null}
      {imported.map((b) => (
        <span key={b.id} className={cn(chip, "text-red-900")} title={b.reason}>
          {b.feedName}
        </span>
      ))}
      {otherBlocks.map((b) => (
        <span key={b.id} className={cn(chip, "text-red-900")}>
          {b.campsiteName ?? "Campsite"} blocked
        </span>
      ))}
    </span>
  );
}
