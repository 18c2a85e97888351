// The audit log's entries, newest first: when, who, what, on which record (by
// name, linked to its screen) and the details in words; a table from 56rem,
// labelled cards below. And its pager.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { ScrollTable } from "#app/components/admin/catalogue/scroll-table.tsx";
import {
  EmailAddress,
  StackBody,
  StackHead,
  StackTd,
  StackTh,
  StackTr,
} from "#app/components/ui/table.tsx";
import { auditActionLabel } from "#domain/format/audit.ts";
import type { AuditRecord } from "#domain/format/audit-entry.ts";
import { formatFarmDateTime } from "#domain/format/dates.ts";
import { AUDIT_COUNT_LIMIT } from "#domain/forms/audit-log.ts";

export type AuditEntryView = {
  id: string;
  at: string | Date;
  actor: { id: string; email: string; name: string } | null;
  action: string;
  record: AuditRecord;
  lines: string[];
};

export function AuditTable({ entries }: { entries: AuditEntryView[] }) {
  return (
    <ScrollTable label="Audit log, newest first" stacked>
      <StackHead>
        <StackTh>When</StackTh>
        <StackTh>Who</StackTh>
        <StackTh>What</StackTh>
        <StackTh>Record</StackTh>
        <StackTh>Details</StackTh>
      </StackHead>
      <StackBody>
        {entries.map((e) => (
          <StackTr key={e.id}>
            <StackTd label="When" className="@4xl:min-w-28">
              {formatFarmDateTime(e.at)}
            </StackTd>
            <StackTd label="Who" className="@4xl:min-w-40">
              {e.actor ? (
                <>
                  <div className="font-medium">{e.actor.name}</div>
                  <div className="text-stone-700">
                    <EmailAddress address={e.actor.email} />
                  </div>
                </>
              ) : (
                <span className="text-stone-700">System</span>
              )}
            </StackTd>
            <StackTd label="What" className="font-medium">
              {auditActionLabel(e.action)}
            </StackTd>
            <StackTd label="Record" className="break-words">
              {e.record.href ? (
                <Link to={e.record.href} className={recordLink}>
                  {e.record.text}
                </Link>
              ) : (
                e.record.text
              )}
            </StackTd>
            <StackTd label="Details" className="text-xs text-stone-800">
              <ul>
                {e.lines.map((line, i) => (
                  // By place: two lines may read the same, and they never reorder.
                  <li key={i}>{line}</li>
                ))}
              </ul>
            </StackTd>
          </StackTr>
        ))}
      </StackBody>
    </ScrollTable>
  );
}

const recordLink =
  "font-medium text-paddock-800 underline underline-offset-2 hover:text-paddock-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700";

const pageLink =
  "inline-flex h-9 items-center gap-1 rounded-md border border-stone-300 bg-white px-3 text-sm font-semibold hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700";

export function AuditPager({
  page,
  pageCount,
  total,
  hasOlder,
  hrefOf,
}: {
  page: number;
  /** Null when the log is longer than the screen counts. */
  pageCount: number | null;
  total: number | null;
  hasOlder: boolean;
  hrefOf: (page: number) => string;
}) {
  return (
    <nav
      aria-label="Pages of the audit log"
      className="mt-4 flex flex-wrap items-center justify-between gap-2"
    >
      <p className="text-sm text-stone-700">
        {total === null
          ? `More than ${AUDIT_COUNT_LIMIT.toLocaleString("en-AU")} entries`
          : `${total} ${total === 1 ? "entry" : "entries"}`}
      </p>
      {page > 1 || hasOlder ? (
        <div className="flex items-center gap-2">
          {page > 1 ? (
            <Link to={hrefOf(page - 1)} className={pageLink}>
              <ChevronLeft className="size-4" aria-hidden />
              Newer<span className="sr-only"> entries</span>
            </Link>
          ) : null}
          <span className="text-sm text-stone-700">
            Page {page}
            {pageCount === null ? null : ` of ${pageCount}`}
          </span>
          {hasOlder ? (
            <Link to={hrefOf(page + 1)} className={pageLink}>
              Older<span className="sr-only"> entries</span>
              <ChevronRight className="size-4" aria-hidden />
            </Link>
          ) : null}
        </div>
      ) : null}
    </nav>
  );
}
