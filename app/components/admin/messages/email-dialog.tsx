// One outbox email in full: its headers, its text body as plain text, and
// its attachments by name and size. The HTML version is never rendered: an
// email's HTML is not ours to run in the back office, and the text says the same.
import { Paperclip } from "lucide-react";
import { Badge } from "#app/components/ui/card.tsx";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";
import { formatFarmDateTime } from "#domain/format/dates.ts";
import { emailStatusBadge, kindLabel, plural, sizeLabel } from "./format";
import { ResendButton } from "./resend-button";
import type { OutboxEmailView } from "./types";

export function EmailDialog({
  email,
  notFound,
  onClose,
  returnFocusTo,
}: {
  email: OutboxEmailView | null;
  /** The address named an email that does not exist. */
  notFound: boolean;
  onClose: () => void;
  /** The id of the element to focus once the dialog has closed. */
  returnFocusTo?: string;
}) {
  return (
    <Dialog open={email !== null || notFound} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        title={email ? email.subject : "Email not found"}
        description={email ? `${kindLabel(email.kind)} to ${email.toAddress}` : undefined}
        className="max-w-2xl [overflow-wrap:anywhere]"
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo ? document.getElementById(returnFocusTo) : null;
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      >
        {email ? (
          <EmailDetails email={email} />
        ) : (
          <p>This email could not be found. It may be on another page of the outbox.</p>
        )}
      </DialogContent>
    </Dialog>
  );
}

function EmailDetails({ email: e }: { email: OutboxEmailView }) {
  const badge = emailStatusBadge[e.status];
  const headers: [string, React.ReactNode][] = [
    [
      "Status",
      <Badge key="status" tone={badge.tone}>
        {badge.label}
      </Badge>,
    ],
    ["To", e.toAddress],
    ["Reply-To", e.replyTo ?? "None"],
    ["Subject", e.subject],
    ["Kind", kindLabel(e.kind)],
    ["Created", formatFarmDateTime(e.createdAt)],
    ["Sent", e.sentAt ? formatFarmDateTime(e.sentAt) : "Not sent"],
    ["Attempts", String(e.attempts)],
    ...(e.status === "pending" && e.attempts > 0
      ? ([["Next attempt", formatFarmDateTime(e.nextAttemptAt)]] as [string, string][])
      : []),
    ["Last error", e.lastError ?? "None"],
  ];
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
        {headers.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-stone-700">{term}</dt>
            <dd className="min-w-0 max-sm:mb-1">{value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="email-text-heading">
        <h3 id="email-text-heading" className="mb-2 font-semibold">
          Text
        </h3>
        <pre className="whitespace-pre-wrap rounded-md border border-stone-200 bg-stone-50 p-3 font-sans text-sm text-stone-900">
          {e.textBody}
        </pre>
        {e.htmlBytes !== null ? (
          <p className="mt-2 text-xs text-stone-700">
            It also has an HTML version ({sizeLabel(e.htmlBytes)}), not shown here.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="email-attachments-heading">
        <h3 id="email-attachments-heading" className="mb-2 font-semibold">
          {e.attachments.length > 0 ? plural(e.attachments.length, "attachment") : "Attachments"}
        </h3>
        {e.attachments.length === 0 ? (
          <p className="text-sm text-stone-700">None</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {e.attachments.map((a, i) => (
              <li key={`${a.filename}-${i}`} className="flex items-start gap-2">
                <Paperclip className="mt-0.5 size-4 shrink-0 text-stone-600" aria-hidden />
                <span>
                  <span className="font-medium">{a.filename}</span>{" "}
                  <span className="text-stone-700">
                    ({a.contentType}, {sizeLabel(a.bytes)})
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {e.status !== "pending" ? (
        <div className="flex justify-end">
          <ResendButton email={e} />
        </div>
      ) : null}
    </div>
  );
}
