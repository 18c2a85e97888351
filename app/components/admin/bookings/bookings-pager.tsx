// The Bookings list's Previous and Next pages: plain links (they work without
// JavaScript) that keep the search and the status filter, each page named by
// the booking it starts after or ends before (decision 0025).
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { BookingFilter } from "#domain/api/admin-bookings.ts";

const pageLink =
  "inline-flex h-9 items-center gap-1 rounded-md border border-stone-300 bg-white px-3 text-sm font-semibold hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700";

/** The list's address for a page: the search and filter kept, then the page's cursor. */
export function bookingsPageHref(
  view: { search: string; status: BookingFilter },
  cursor: { after: string } | { before: string },
): string {
  const query = new URLSearchParams();
  if (view.search) query.set("q", view.search);
  if (view.status !== "all") query.set("status", view.status);
  for (const [key, value] of Object.entries(cursor)) query.set(key, value);
  return `/admin/bookings?${query}`;
}

export function BookingsPager({
  search,
  status,
  previous,
  next,
}: {
  search: string;
  status: BookingFilter;
  previous: string | null;
  next: string | null;
}) {
  if (!previous && !next) return null;
  const view = { search, status };
  return (
    <nav aria-label="Pages of bookings" className="flex items-center justify-between gap-2">
      {previous ? (
        <Link to={bookingsPageHref(view, { before: previous })} rel="prev" className={pageLink}>
          <ChevronLeft className="size-4" aria-hidden />
          Previous<span className="sr-only"> (newer bookings)</span>
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={bookingsPageHref(view, { after: next })} rel="next" className={pageLink}>
          Next<span className="sr-only"> (older bookings)</span>
          <ChevronRight className="size-4" aria-hidden />
        </Link>
      ) : null}
    </nav>
  );
}
