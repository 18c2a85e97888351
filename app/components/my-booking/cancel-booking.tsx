// 'Cancel booking' on the camper's own page, an island (decision 0022): a
// confirmation dialog that states the refund before the camper confirms, then
// posts to the page as the browser does. A refused cancellation comes back as
// the page with the dialog open and the reason in it.
import { useState } from "react";
import { Modal } from "#app/components/public/modal.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { myBookingPage as words } from "#content/my-booking.ts";
import { useSendOnce } from "./send-once";

export type CancelBookingProps = {
  /** The page's own address, which the cancellation posts to. */
  action: string;
  statement: string;
  /** Why the last cancellation was refused, when the page is that answer. */
  refusal?: string;
};

export default function CancelBooking({ action, statement, refusal }: CancelBookingProps) {
  const [open, setOpen] = useState(refusal !== undefined);
  const { sent, offline, onSubmit } = useSendOnce();
  return (
    <>
      <Button type="button" variant="destructive" size="lg" onClick={() => setOpen(true)}>
        {words.cancelButton}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        labelledBy="cancel-booking-title"
        className="m-auto w-[min(32rem,calc(100vw-2rem))] max-w-none rounded-2xl bg-white p-6 shadow-2xl backdrop:bg-black/70"
      >
        <h2 id="cancel-booking-title" className="text-xl font-bold text-stone-900">
          {words.cancelDialogTitle}
        </h2>
        <p className="mt-3 text-stone-800">{statement}</p>
        <p className="mt-2 text-sm text-stone-700">{words.cancelFinal}</p>
        {refusal || offline ? (
          <p
            role="alert"
            className="mt-4 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800"
          >
            {offline ? words.offlineSend : refusal}
          </p>
        ) : null}
        <form
          method="post"
          action={action}
          onSubmit={onSubmit}
          className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
        >
          <input type="hidden" name="intent" value="cancel" />
          <Button type="button" variant="outline" size="lg" onClick={() => setOpen(false)}>
            {words.cancelKeep}
          </Button>
          <Button type="submit" variant="destructive" size="lg">
            {sent ? words.cancelling : words.cancelConfirm}
          </Button>
        </form>
      </Modal>
    </>
  );
}
