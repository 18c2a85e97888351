// The top of the Messages screen: how many emails failed (with a way to them)
// and whether a mail server is set up at all, so nothing waits unnoticed.
import { AlertTriangle, Info } from "lucide-react";
import { Link } from "react-router";
import { messagesHref } from "#domain/forms/messages.ts";
import { plural } from "./format";

export function MailNotices({ failed, mailServer }: { failed: number; mailServer: boolean }) {
  return (
    <div className="mb-5 flex flex-col gap-3">
      {failed > 0 ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-900"
        >
          <AlertTriangle className="size-5 shrink-0" aria-hidden />
          <p className="font-semibold">{plural(failed, "email")} could not be sent.</p>
          <Link
            to={messagesHref({ view: "outbox", status: "failed" })}
            className="font-semibold underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-900"
          >
            Show failed emails
          </Link>
        </div>
      ) : null}
      {mailServer ? null : (
        <div className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950">
          <Info className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p>
            No mail server is set up (SMTP_URL), so no email is sent: each one waits in the Outbox,
            where you can read it.
          </p>
        </div>
      )}
    </div>
  );
}
