// Which night of a run of empty nights the pointer is on. The run is one link
// (unit-row-html.ts) to a booking of its first night: that is what a tap does
// before the page's script has loaded. Once it has, the link follows the
// pointer: it shows the night under it and leads to a booking of that night.
// Its address is changed as the pointer moves and when it is pressed (a touch
// has no hover), so a click, a tap and "open in a new tab" all start there.
import { shiftDay } from "#domain/rules/timeline.ts";
import { newBookingHref } from "./timeline-links";

/** Points an empty run's link, if the event is on one, at the night under `clientX`. */
export function aimNewBooking(event: { target: EventTarget | null; clientX: number }) {
  const link =
    event.target instanceof Element
      ? event.target.closest<HTMLAnchorElement>("a[data-new-booking]")
      : null;
  const cell = link?.parentElement;
  const row = link?.closest<HTMLTableRowElement>("tr[data-unit-id]");
  const first = link?.dataset.newBooking;
  if (!link || !(cell instanceof HTMLTableCellElement) || !row || !first) return;
  const box = link.getBoundingClientRect();
  const nightWidth = box.width / cell.colSpan;
  const night = nightAt(event.clientX - box.left, nightWidth, cell.colSpan);
  const { campsiteId = "", unitId = "" } = row.dataset;
  link.setAttribute("href", newBookingHref({ campsiteId, unitId }, shiftDay(first, night)));
  link.style.setProperty("--night-x", `${night * nightWidth}px`);
  link.style.setProperty("--night-w", `${nightWidth}px`);
}

/** The night (0 to nights - 1) `x` pixels into a run of `nights` nights, each `width` wide. */
export function nightAt(x: number, width: number, nights: number): number {
  return Math.min(nights - 1, Math.max(0, Math.floor(x / width)));
}
