// The contact messages, newest first, each in full with its Reply and
// handled/not handled actions. Cards on every screen width: a message is
// prose, not a row of columns.
import { CheckCircle2, Inbox, Mail, RotateCcw } from "lucide-react";
import { useFetcher } from "react-router";
import { EmptyState } from "#app/components/admin/empty-state.tsx";
import { useAnswer } from "#app/components/admin/use-answer.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Badge } from "#app/components/ui/card.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { formatFarmDateTime } from "#domain/format/dates.ts";
import type { ContactMessageView } from "./types";

/**
 * One fetcher for every handled button, owned by the screen: a message
 * marked handled leaves the unhandled list before its own button could
 * show the answer.
 */
const HANDLED_FETCHER = "contact-message-handled";

/** Call once in the screen: shows each handled/not handled answer. */
export function useHandledToasts() {
  useAnswer(useFetcher<ActionAnswer>({ key: HANDLED_FETCHER }));
}

export function ContactMessageList({
  messages,
  emptyText,
  onReply,
}: {
  messages: ContactMessageView[];
  emptyText: string;
  onReply: (message: ContactMessageView) => void;
}) {
  if (messages.length === 0) {
    return <EmptyState icon={Inbox} text={emptyText} />;
  }
  return (
    <ol aria-label="Contact messages, newest first" className="flex flex-col gap-4">
      {messages.map((message) => (
        <li key={message.id}>
          <MessageCard message={message} onReply={() => onReply(message)} />
        </li>
      ))}
    </ol>
  );
}

function MessageCard({
  message: m,
  onReply,
}: {
  message: ContactMessageView;
  onReply: () => void;
}) {
  const headingId = `message-${m.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-stone-900 [overflow-wrap:anywhere]">
            {m.name}
          </h3>
          <a
            href={`mailto:${m.email}`}
            className="text-sm text-paddock-800 underline underline-offset-4 [overflow-wrap:anywhere]"
          >
            {m.email}
          </a>
          <p className="text-sm text-stone-700">
            <time dateTime={new Date(m.createdAt).toISOString()}>
              {formatFarmDateTime(m.createdAt)}
            </time>
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Badge tone={m.handledAt ? "green" : "amber"}>
            {m.handledAt ? "Handled" : "Not handled"}
          </Badge>
          {m.repliedAt ? (
            <Badge tone="blue">Replied {formatFarmDateTime(m.repliedAt)}</Badge>
          ) : null}
        </div>
      </header>
      <p className="mt-3 whitespace-pre-wrap text-stone-900 [overflow-wrap:anywhere]">
        {m.message}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" onClick={onReply} aria-label={`Reply to ${m.name}`}>
          <Mail aria-hidden />
          Reply
        </Button>
        <HandledButton message={m} />
      </div>
    </article>
  );
}

function HandledButton({ message: m }: { message: ContactMessageView }) {
  const fetcher = useFetcher<ActionAnswer>({ key: HANDLED_FETCHER });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("messageId") === m.id;
  const handled = m.handledAt !== null;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="set-handled" />
      <input type="hidden" name="messageId" value={m.id} />
      <input type="hidden" name="handled" value={handled ? "false" : "true"} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={busy}
        aria-label={`${handled ? "Mark not handled" : "Mark handled"}: the message from ${m.name}`}
      >
        {handled ? <RotateCcw aria-hidden /> : <CheckCircle2 aria-hidden />}
        {handled ? "Mark not handled" : "Mark handled"}
      </Button>
    </fetcher.Form>
  );
}
