// The reply to a contact message: subject prefilled, the answer in a
// textarea, checked in the browser with the schema the action uses. The
// email goes through the outbox to the sender, who can answer the farm's
// own address; the message is marked handled.
import { Send } from "lucide-react";
import { TextAreaField, TextField } from "#app/components/admin/catalogue/field.tsx";
import { CheckedForm } from "#app/components/admin/rates/dialog-form.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent } from "#app/components/ui/dialog.tsx";
import {
  REPLY_MAX_LENGTH,
  replyFormSchema,
  replySubject,
  SUBJECT_MAX_LENGTH,
} from "#domain/forms/messages.ts";
import type { ContactMessageView } from "./types";

export function ReplyDialog({
  message,
  farmName,
  replyTo,
  onClose,
}: {
  message: ContactMessageView | null;
  farmName: string;
  /** The farm's address the sender's answer goes to (SITE_EMAIL). */
  replyTo: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={message !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {message ? (
        <DialogContent
          title={`Reply to ${message.name}`}
          description={`To ${message.email}. Their answer comes to ${replyTo}.`}
          className="max-w-xl"
        >
          <ReplyForm message={message} farmName={farmName} onSent={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ReplyForm({
  message,
  farmName,
  onSent,
}: {
  message: ContactMessageView;
  farmName: string;
  onSent: () => void;
}) {
  return (
    <CheckedForm schema={replyFormSchema} onOk={onSent} className="flex flex-col gap-4">
      {({ errors, busy }) => (
        <>
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="messageId" value={message.id} />
          {errors.messageId ? (
            <p role="alert" className="text-sm text-red-700">
              {errors.messageId}
            </p>
          ) : null}
          <details className="rounded-md border border-stone-200 bg-stone-50 px-3 py-2 text-sm">
            <summary className="cursor-pointer font-semibold">Their message</summary>
            <p className="mt-2 whitespace-pre-wrap [overflow-wrap:anywhere]">{message.message}</p>
          </details>
          <TextField
            label="Subject"
            name="subject"
            required
            defaultValue={replySubject(farmName)}
            maxLength={SUBJECT_MAX_LENGTH}
            error={errors.subject}
          />
          <TextAreaField
            label="Your reply"
            name="body"
            rows={8}
            aria-required
            maxLength={REPLY_MAX_LENGTH}
            error={errors.body}
            hint={`Up to ${REPLY_MAX_LENGTH} characters. Their message is quoted below your reply.`}
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={busy}>
              <Send aria-hidden />
              {busy ? "Sending…" : "Send Reply"}
            </Button>
          </div>
        </>
      )}
    </CheckedForm>
  );
}
