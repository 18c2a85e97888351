// Send again: a failed email is queued at once; a sent one only after a
// confirmation, since its recipient already has it. One fetcher for every
// button, owned by the screen: a re-queued email may leave the filtered list.
import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "#app/components/admin/catalogue/confirm-dialog.tsx";
import { useAnswer } from "#app/components/admin/use-answer.ts";
import { Button } from "#app/components/ui/button.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { formatFarmDateTime } from "#domain/format/dates.ts";
import type { OutboxRowView } from "./types";

const RESEND_FETCHER = "outbox-resend";

/** Call once in the screen: shows each Send again answer. */
export function useResendToasts() {
  useAnswer(useFetcher<ActionAnswer>({ key: RESEND_FETCHER }));
}

export function ResendButton({
  email,
}: {
  email: Pick<OutboxRowView, "id" | "status" | "subject" | "toAddress" | "sentAt">;
}) {
  const fetcher = useFetcher<ActionAnswer>({ key: RESEND_FETCHER });
  const [confirming, setConfirming] = useState(false);
  if (email.status === "pending") return null;
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("emailId") === email.id;
  const send = () =>
    fetcher.submit(
      { intent: "resend", emailId: email.id, status: email.status },
      { method: "post" },
    );
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        aria-label={`Send again: ${email.subject}, to ${email.toAddress}`}
        onClick={() => (email.status === "sent" ? setConfirming(true) : send())}
      >
        <RefreshCw aria-hidden />
        Send again
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Send this email again?"
        description={`It was sent to ${email.toAddress}${
          email.sentAt ? ` on ${formatFarmDateTime(email.sentAt)}` : ""
        }. They will receive it a second time.`}
        confirmLabel="Send again"
        busy={busy}
        onConfirm={() => {
          setConfirming(false);
          send();
        }}
      />
    </>
  );
}
