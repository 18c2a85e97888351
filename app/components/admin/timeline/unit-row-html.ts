// One unit's row of the timeline as HTML text: its name, then each stay a bar
// across its nights, each run of closed nights a label, each run of empty
// nights one cell with one link to a new booking. Written as text, not React
// elements: three months of every unit is thousands of cells, which React
// takes most of a second to render on the server and the farm's counter would
// wait for; text takes a few milliseconds. The grid (timeline-grid.tsx) puts
// it inside its <tr>, draws the lines between the days under the whole table,
// and handles the bars' taps and drags (use-stay-drag.ts) and which night of
// an empty run is pointed at (new-booking-aim.ts). Everything from the
// database is escaped.
import { nightsLabel, statusLabels } from "#app/components/admin/format.ts";
import type { TimelineStay } from "#domain/api/admin-timeline.ts";
import { dayNumber } from "#domain/rules/dates.ts";
import { type RowClosure, type RowSegment, rowSegments } from "#domain/rules/timeline.ts";
import { bookingSearchHref, changeStayHref, newBookingHrefs } from "./timeline-links";

/**
 * The look of every cell, empty run's link, bar and Move link, set once on the
 * table rather than repeated on thousands of elements. Cells have no side
 * borders: the days' lines are the table's background, and a past run's shade
 * lets them through. An empty run's link shows the night the pointer is on
 * (`--night-x`, `--night-w`, set by new-booking-aim.ts), or the whole run
 * before the script has loaded, when the link books its first night. A bar's
 * colour says its status as the admin badges do; a pending hold is dashed.
 * Move shows only when the keyboard reaches it.
 */
export const gridStyles = [
  "[&_td]:h-11 [&_td]:border-b [&_td]:border-stone-200 [&_td]:p-0 [&_td.past]:bg-stone-900/5",
  "[&_[data-new-booking]]:block [&_[data-new-booking]]:h-11 [&_[data-new-booking]:hover]:[background:linear-gradient(var(--color-paddock-100),var(--color-paddock-100))_var(--night-x,0)_0/var(--night-w,100%)_100%_no-repeat]",
  "[&_[data-stay-id]]:mx-0.5 [&_[data-stay-id]]:flex [&_[data-stay-id]]:h-10 [&_[data-stay-id]]:touch-none [&_[data-stay-id]]:select-none [&_[data-stay-id]]:flex-col [&_[data-stay-id]]:justify-center [&_[data-stay-id]]:overflow-hidden [&_[data-stay-id]]:rounded-md [&_[data-stay-id]]:border [&_[data-stay-id]]:px-1.5 [&_[data-stay-id]]:text-xs [&_[data-stay-id]]:leading-tight [&_[data-stay-id]]:whitespace-nowrap [&_[data-stay-id]]:shadow-sm",
  "[&_[data-stay-id]_b]:truncate [&_[data-stay-id]_small]:truncate [&_[data-stay-id]_small]:text-[11px] [&_[data-stay-id]_i]:font-bold [&_[data-stay-id]_i]:text-red-800 [&_[data-stay-id]_i]:not-italic",
  "[&_[data-stay-id]:hover]:brightness-95 [&_[data-stay-id]:focus-visible]:outline-none [&_[data-stay-id]:focus-visible]:ring-2 [&_[data-stay-id]:focus-visible]:ring-paddock-700",
  "[&_[data-dragging]]:relative [&_[data-dragging]]:z-40 [&_[data-dragging]]:cursor-grabbing [&_[data-dragging]]:shadow-lg",
  "[&_[data-starts-before]]:rounded-l-none [&_[data-starts-before]]:border-l-0 [&_[data-ends-after]]:rounded-r-none [&_[data-ends-after]]:border-r-0",
  "[&_[data-status=paid]]:border-green-700 [&_[data-status=paid]]:bg-green-100 [&_[data-status=paid]]:text-green-950",
  "[&_[data-status=confirmed]]:border-blue-700 [&_[data-status=confirmed]]:bg-blue-100 [&_[data-status=confirmed]]:text-blue-950",
  "[&_[data-status=pending]]:border-dashed [&_[data-status=pending]]:border-amber-700 [&_[data-status=pending]]:bg-amber-50 [&_[data-status=pending]]:text-amber-950",
  "[&_[data-move]]:sr-only [&_[data-move]:focus]:not-sr-only [&_[data-move]:focus]:absolute [&_[data-move]:focus]:top-0.5 [&_[data-move]:focus]:right-0.5 [&_[data-move]:focus]:z-50 [&_[data-move]:focus]:rounded-md [&_[data-move]:focus]:bg-paddock-700 [&_[data-move]:focus]:px-2 [&_[data-move]:focus]:py-2.5 [&_[data-move]:focus]:text-xs [&_[data-move]:focus]:font-semibold [&_[data-move]:focus]:text-white",
].join(" ");

const closedStyles = {
  blocked:
    "mx-0.5 flex h-10 items-center overflow-hidden rounded-md border border-stone-500 bg-[repeating-linear-gradient(135deg,var(--color-stone-200)_0_6px,var(--color-stone-100)_6px_12px)] px-1.5 text-[11px] font-semibold text-stone-900",
  imported:
    "mx-0.5 flex h-10 items-center overflow-hidden rounded-md border border-dashed border-violet-700 bg-violet-50 px-1.5 text-[11px] font-semibold text-violet-950",
};

const unitNameStyle =
  "sticky left-0 z-10 truncate border-r border-b border-stone-300 bg-white px-2 text-left text-sm font-medium text-stone-900";

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

const special = /[&<>"']/;
const specials = /[&<>"']/g;

/** Text or an attribute's value, safe inside HTML. */
export const escapeHtml = (text: string): string =>
  // Most text has nothing to escape: testing first skips building a copy of it.
  special.test(text) ? text.replace(specials, (c) => escapes[c] ?? c) : text;

export type UnitRowInput = {
  campsite: { id: string; name: string };
  unit: { id: string; name: string; isActive: boolean; stays: TimelineStay[] };
  /** The window's days, and how each reads ("Mon 5 Jan 2026"). */
  dates: readonly string[];
  dayLabel: (day: string) => string;
  /** The day after each day of the window (and the one after its last). */
  nextDay: (day: string) => string;
  today: string;
  closed: ReadonlyMap<string, RowClosure>;
};

/** The row's cells: the unit's name, then its nights. */
export function unitRowHtml(row: UnitRowInput): string {
  const name = row.unit.isActive ? row.unit.name : `${row.unit.name} (inactive)`;
  const newBooking = newBookingHrefs(
    { campsiteId: row.campsite.id, unitId: row.unit.id },
    { ampersand: "&amp;", nextDay: row.nextDay },
  );
  let html = `<th scope="row" class="${unitNameStyle}">${escapeHtml(name)}</th>`;
  for (const segment of rowSegments(row.dates, row.unit.stays, row.closed, row.today))
    html += segmentHtml(row, segment, newBooking);
  return html;
}

function segmentHtml(
  row: UnitRowInput,
  segment: RowSegment<TimelineStay>,
  newBooking: (day: string) => string,
): string {
  if (segment.kind === "free") {
    const { first, span } = segment;
    if (segment.past) return `<td colspan="${span}" class="past"></td>`;
    // One link for the run, to its first night: what a tap does without script.
    // With script, the link follows the pointer to the night under it.
    // The address is written for HTML already (newBookingHrefs); days need no escaping.
    const label = escapeHtml(`New booking from ${row.dayLabel(first)}`);
    return `<td colspan="${span}"><a href="${newBooking(first)}" data-new-booking="${first}" tabindex="-1" aria-label="${label}"></a></td>`;
  }
  if (segment.kind === "closed") {
    const { closure, span } = segment;
    const when = `, ${row.dayLabel(segment.first)}, ${nightsLabel(span)}`;
    const kind = closure.imported ? "imported" : "blocked";
    // The badge is short enough for a night's width; the words around it are for screen readers.
    const by = closure.imported ? `<span class="sr-only">Closed by </span>` : "";
    return `<td colspan="${span}"><div class="${closedStyles[kind]}" data-closure="${kind}">${by}<span class="truncate">${escapeHtml(closure.badge)}</span><span class="sr-only">${escapeHtml(when)}</span></div></td>`;
  }
  return `<td colspan="${segment.span}" class="relative">${stayBarHtml(row, segment)}</td>`;
}

/**
 * A stay's bar, a link to its booking (a tap opens its details), named with
 * everything it shows and where and when it is; and its Move link.
 */
function stayBarHtml(
  row: UnitRowInput,
  segment: Extract<RowSegment<TimelineStay>, { kind: "stay" }>,
): string {
  const { stay } = segment;
  const nights = nightsLabel(dayNumber(stay.checkOut) - dayNumber(stay.checkIn));
  const status = statusLabels[stay.status] ?? stay.status;
  const marks = `${stay.checkedIn ? " · In" : ""}${stay.checkedOut ? " · Out" : ""}`;
  const where = `${row.campsite.name} ${row.unit.name}, ${row.dayLabel(stay.checkIn)} to ${row.dayLabel(stay.checkOut)}`;
  const closed = segment.alsoClosed.length ? `, also closed: ${segment.alsoClosed.join(", ")}` : "";
  // The status first: a two-night bar has room for it, and its length shows the nights.
  const shown = `${status}${marks} · ${nights}`;
  // The name begins with the words the bar shows (WCAG 2.5.3), then says the rest.
  const name = `${stay.guestName} ${shown}${stay.checkedIn ? ", checked in" : ""}${stay.checkedOut ? ", checked out" : ""}, ${where}${closed}`;
  const attributes = [
    `href="${escapeHtml(bookingSearchHref(stay.bookingReference))}"`,
    `draggable="false"`,
    `data-stay-id="${escapeHtml(stay.id)}"`,
    `data-check-in="${stay.checkIn}"`,
    `data-check-out="${stay.checkOut}"`,
    `data-status="${escapeHtml(stay.status)}"`,
    segment.startsBefore ? "data-starts-before" : "",
    segment.endsAfter ? "data-ends-after" : "",
    `aria-label="${escapeHtml(name)}"`,
    // A short bar cuts its words off: a pointer resting on it shows them whole.
    `title="${escapeHtml(name)}"`,
  ];
  const warning = closed ? ` <i aria-hidden="true">!</i>` : "";
  return (
    `<a ${attributes.filter(Boolean).join(" ")}><b>${escapeHtml(stay.guestName)}</b> <small>${escapeHtml(shown)}${warning}</small></a>` +
    `<a href="${escapeHtml(changeStayHref(stay.id))}" data-move aria-label="${escapeHtml(`Move ${stay.guestName}`)}">Move</a>`
  );
}
