// One stay on the timeline: a bar across its nights with the guest's name,
// nights, status and the farm's check-in and check-out marks. The bar is a
// link to the booking on the Bookings screen, which the timeline turns into
// its details dialog and a drag handle (use-stay-drag.ts); 'Move' beside it
// is the keyboard's way to the change page.
import { LogIn, LogOut, TriangleAlert } from "lucide-react";
import { nightsLabel, statusLabels } from "#app/components/admin/format.ts";
import type { TimelineStay } from "#domain/api/admin-timeline.ts";
import { dayNumber } from "#domain/rules/dates.ts";
import { bookingSearchHref, changeStayHref } from "./timeline-links";

/** Bar colours by status, as the admin badges use them: a pending hold is dashed. */
const barTones: Record<string, string> = {
  paid: "border-green-700 bg-green-100 text-green-950",
  confirmed: "border-blue-700 bg-blue-100 text-blue-950",
  pending: "border-dashed border-amber-700 bg-amber-50 text-amber-950",
};

export type BarPlace = {
  unitName: string;
  campsiteName: string;
  /** How the stay's dates read ("Mon 5 Jan 2026 to Wed 7 Jan 2026"). */
  dates: string;
  startsBefore: boolean;
  endsAfter: boolean;
  alsoClosed: string[];
};

export function StayBar({ stay, place }: { stay: TimelineStay; place: BarPlace }) {
  const nights = dayNumber(stay.checkOut) - dayNumber(stay.checkIn);
  const status = statusLabels[stay.status] ?? stay.status;
  const rounding = `${place.startsBefore ? "rounded-l-none border-l-0" : "rounded-l-md"} ${place.endsAfter ? "rounded-r-none border-r-0" : "rounded-r-md"}`;
  return (
    <div className="relative h-10">
      <a
        href={bookingSearchHref(stay.bookingReference)}
        draggable={false}
        data-stay-id={stay.id}
        data-check-in={stay.checkIn}
        data-check-out={stay.checkOut}
        className={`flex h-10 touch-none select-none flex-col justify-center overflow-hidden border px-1.5 leading-tight shadow-sm hover:brightness-95 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700 data-[dragging]:z-40 data-[dragging]:cursor-grabbing data-[dragging]:shadow-lg ${rounding} ${barTones[stay.status] ?? "border-stone-500 bg-stone-100 text-stone-900"}`}
      >
        <span className="truncate text-xs font-semibold">{stay.guestName}</span>
        <span className="flex items-center gap-1 truncate text-[11px]">
          {nightsLabel(nights)} · {status}
          {stay.checkedIn ? <LogIn className="size-3 shrink-0" aria-hidden /> : null}
          {stay.checkedOut ? <LogOut className="size-3 shrink-0" aria-hidden /> : null}
          {place.alsoClosed.length > 0 ? (
            <TriangleAlert className="size-3 shrink-0 text-red-700" aria-hidden />
          ) : null}
        </span>
        <span className="sr-only">
          {stay.checkedIn ? ", checked in" : ""}
          {stay.checkedOut ? ", checked out" : ""}, {place.campsiteName} {place.unitName},{" "}
          {place.dates}
          {place.alsoClosed.length > 0 ? `, also closed: ${place.alsoClosed.join(", ")}` : ""}
        </span>
      </a>
      <a
        href={changeStayHref(stay.id)}
        className="sr-only focus:not-sr-only focus:absolute focus:top-0 focus:right-0 focus:z-50 focus:rounded-md focus:bg-paddock-700 focus:px-2 focus:py-2.5 focus:text-xs focus:font-semibold focus:text-white"
      >
        Move<span className="sr-only"> {stay.guestName}</span>
      </a>
    </div>
  );
}
