// The outbox, newest first: what each email is, to whom, its status with
// attempts and last error, when it was made and sent, and its actions (open
// it in full; Send again). Below the widest screens each row stacks into a
// card of labelled lines, so nothing scrolls sideways.
import { Eye, Send } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "#app/components/admin/empty-state.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Badge } from "#app/components/ui/card.tsx";
import { Table, Td, Th, Tr } from "#app/components/ui/table.tsx";
import { cn } from "#app/lib/utils.ts";
import { formatFarmDateTime } from "#domain/format/dates.ts";
import { type MessagesQuery, messagesHref } from "#domain/forms/messages.ts";
import { emailStatusBadge, kindLabel, plural } from "./format";
import { ResendButton } from "./resend-button";
import type { OutboxRowView } from "./types";

/** The id of a row's Open link, where focus returns when the email's dialog closes. */
export const openLinkId = (emailId: string) => `open-email-${emailId}`;

export function OutboxTable({ emails, query }: { emails: OutboxRowView[]; query: MessagesQuery }) {
  if (emails.length === 0) {
    return <EmptyState icon={Send} text="No emails here" />;
  }
  return (
    <div className="overflow-hidden rounded-xl border border-stone-200 bg-white">
      <Table className="max-xl:block">
        <caption className="sr-only">Emails, newest first</caption>
        <thead className="bg-stone-50 max-xl:sr-only">
          <tr>
            <Th scope="col">Email</Th>
            <Th scope="col">To</Th>
            <Th scope="col">Status</Th>
            <Th scope="col">Last error</Th>
            <Th scope="col">Created / sent</Th>
            <Th scope="col">Actions</Th>
          </tr>
        </thead>
        <tbody className="max-xl:block">
          {emails.map((email) => (
            <OutboxRow key={email.id} email={email} query={query} />
          ))}
        </tbody>
      </Table>
    </div>
  );
}

/** On narrower screens each cell is a line with its column's name (from data-label). */
const stacked =
  "max-xl:flex max-xl:gap-3 max-xl:py-1 max-xl:before:w-24 max-xl:before:shrink-0 max-xl:before:font-semibold max-xl:before:text-stone-700 max-xl:before:content-[attr(data-label)]";
const wraps = "min-w-0 [overflow-wrap:anywhere]";

function OutboxRow({ email: e, query }: { email: OutboxRowView; query: MessagesQuery }) {
  const badge = emailStatusBadge[e.status];
  return (
    <Tr className="max-xl:block max-xl:px-1 max-xl:py-3">
      <Td data-label="Email" className={cn(stacked, "xl:min-w-56")}>
        <div className={wraps}>
          <p className="font-medium text-stone-900">{e.subject}</p>
          <p className="text-xs text-stone-700">{kindLabel(e.kind)}</p>
        </div>
      </Td>
      <Td data-label="To" className={stacked}>
        <span className={wraps}>{e.toAddress}</span>
      </Td>
      <Td data-label="Status" className={stacked}>
        <div>
          <Badge tone={badge.tone}>{badge.label}</Badge>
          <p className="mt-1 whitespace-nowrap text-xs text-stone-700">
            {plural(e.attempts, "attempt")}
          </p>
        </div>
      </Td>
      <Td data-label="Last error" className={stacked}>
        {e.lastError ? (
          <span className={cn(wraps, "line-clamp-3 text-xs text-red-900")} title={e.lastError}>
            {e.lastError}
          </span>
        ) : (
          <span className="text-stone-700">None</span>
        )}
      </Td>
      <Td data-label="When" className={stacked}>
        <div className="text-xs xl:min-w-36">
          <p>Created {formatFarmDateTime(e.createdAt)}</p>
          <p className="text-stone-700">
            {e.sentAt ? `Sent ${formatFarmDateTime(e.sentAt)}` : "Not sent"}
          </p>
        </div>
      </Td>
      <Td data-label="Actions" className={stacked}>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link
              id={openLinkId(e.id)}
              to={messagesHref({ ...query, email: e.id })}
              preventScrollReset
              aria-label={`Open: ${e.subject}, to ${e.toAddress}`}
            >
              <Eye aria-hidden />
              Open
            </Link>
          </Button>
          <ResendButton email={e} />
        </div>
      </Td>
    </Tr>
  );
}
