// The Messages screen's navigation, all in the address so a view can be
// linked and reloaded: the two sections as tabs, the filter chips of each,
// and the page links under a list.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { cn } from "#app/lib/utils.ts";
import {
  MESSAGES_PAGE_SIZE,
  type MessagesQuery,
  messagesHref,
  type OutboxFilter,
} from "#domain/forms/messages.ts";
import type { EmailStatus } from "./types";

const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700";

function Count({ n, tone = "neutral" }: { n: number; tone?: "neutral" | "red" }) {
  return (
    <span
      className={cn(
        "ml-2 rounded-full px-2 py-0.5 text-xs font-semibold",
        tone === "red" ? "bg-red-700 text-white" : "bg-stone-200 text-stone-900",
      )}
    >
      {n}
    </span>
  );
}

/** The two sections: contact messages (unhandled count) and the outbox (failed count). */
export function SectionTabs({
  view,
  unhandled,
  failed,
}: {
  view: MessagesQuery["view"];
  unhandled: number;
  failed: number;
}) {
  const tab = (current: boolean) =>
    cn(
      "flex h-full w-full items-center justify-center rounded-md px-3 py-2 text-center text-sm font-semibold",
      focusRing,
      current ? "bg-white text-stone-900 shadow" : "text-stone-700 hover:bg-stone-200",
    );
  return (
    <nav aria-label="Messages sections" className="mb-5">
      <ul className="grid grid-cols-2 gap-1 rounded-lg bg-stone-100 p-1 sm:inline-grid">
        <li>
          <Link
            to={messagesHref({ view: "messages" })}
            aria-current={view === "messages" ? "page" : undefined}
            className={tab(view === "messages")}
          >
            Contact messages
            {unhandled > 0 ? <Count n={unhandled} /> : null}
            <span className="sr-only">{unhandled > 0 ? " unhandled" : ""}</span>
          </Link>
        </li>
        <li>
          <Link
            to={messagesHref({ view: "outbox" })}
            aria-current={view === "outbox" ? "page" : undefined}
            className={tab(view === "outbox")}
          >
            Outbox
            {failed > 0 ? <Count n={failed} tone="red" /> : null}
            <span className="sr-only">{failed > 0 ? " failed" : ""}</span>
          </Link>
        </li>
      </ul>
    </nav>
  );
}

type Chip = { label: string; href: string; current: boolean; count?: number };

function FilterChips({ label, chips }: { label: string; chips: Chip[] }) {
  return (
    <nav aria-label={label} className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.href}>
            <Link
              to={chip.href}
              replace
              preventScrollReset
              aria-current={chip.current ? "true" : undefined}
              className={cn(
                "inline-block rounded-full border px-4 py-1.5 text-sm font-semibold",
                focusRing,
                chip.current
                  ? "border-paddock-700 bg-paddock-700 text-white"
                  : "border-stone-300 bg-white text-stone-900 hover:bg-stone-100",
              )}
            >
              {chip.label}
              {chip.count !== undefined ? ` (${chip.count})` : ""}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function MessageFilterChips({
  filter,
  unhandled,
}: {
  filter: MessagesQuery["filter"];
  unhandled: number;
}) {
  return (
    <FilterChips
      label="Show messages"
      chips={[
        {
          label: "Unhandled",
          count: unhandled,
          href: messagesHref({ view: "messages" }),
          current: filter === "unhandled",
        },
        { label: "All", href: messagesHref({ filter: "all" }), current: filter === "all" },
      ]}
    />
  );
}

const statusChips: { value: OutboxFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "sent", label: "Sent" },
  { value: "failed", label: "Failed" },
];

export function OutboxFilterChips({
  status,
  counts,
}: {
  status: OutboxFilter;
  counts: Record<EmailStatus, number>;
}) {
  const total = counts.pending + counts.sent + counts.failed;
  return (
    <FilterChips
      label="Filter emails by status"
      chips={statusChips.map((chip) => ({
        label: chip.label,
        count: chip.value === "all" ? total : counts[chip.value],
        href: messagesHref({ view: "outbox", status: chip.value }),
        current: status === chip.value,
      }))}
    />
  );
}

/** "Showing 51–100 of 130" with the previous and next pages, when there is more than one. */
export function Pager({
  query,
  page,
  pageCount,
  total,
  noun,
}: {
  query: MessagesQuery;
  page: number;
  pageCount: number;
  total: number;
  noun: string;
}) {
  const first = (page - 1) * MESSAGES_PAGE_SIZE + 1;
  const last = Math.min(total, page * MESSAGES_PAGE_SIZE);
  const link = cn(
    "inline-flex h-9 items-center gap-1 rounded-md border border-stone-300 bg-white px-3 text-sm font-semibold hover:bg-stone-100",
    focusRing,
  );
  return (
    <nav
      aria-label={`Pages of ${noun}`}
      className="mt-4 flex flex-wrap items-center justify-between gap-2"
    >
      <p className="text-sm text-stone-700">
        Showing {first}–{last} of {total} {noun}
      </p>
      {pageCount > 1 ? (
        <div className="flex items-center gap-2">
          {page > 1 ? (
            <Link
              to={messagesHref({ ...query, page: page - 1, email: undefined })}
              className={link}
            >
              <ChevronLeft className="size-4" aria-hidden />
              Newer<span className="sr-only"> {noun}</span>
            </Link>
          ) : null}
          <span className="text-sm text-stone-700">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link
              to={messagesHref({ ...query, page: page + 1, email: undefined })}
              className={link}
            >
              Older<span className="sr-only"> {noun}</span>
              <ChevronRight className="size-4" aria-hidden />
            </Link>
          ) : null}
        </div>
      ) : null}
    </nav>
  );
}
