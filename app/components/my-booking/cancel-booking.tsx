// 'Cancel booking' on the camper's own page: a confirmation dialog that states
// the refund before the camper confirms, then posts to the page's action. The
// fetcher has a key so the page can tell of the result after this unmounts.
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Modal } from "#app/components/public/modal.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { myBookingPage as words } from "#content/my-booking.ts";

export const CANCEL_FETCHER = "cancel-own-booking";

export function CancelBooking({ statement }: { statement: string }) {
  const fetcher = useFetcher<ActionAnswer>({ key: CANCEL_FETCHER });
  const [open, setOpen] = useState(false);
  const busy = fetcher.state !== "idle";
  const refusal = fetcher.data && !fetcher.data.ok ? fetcher.data.toast : undefined;

  useEffect(() => {
    if (fetcher.data?.ok) setOpen(false);
  }, [fetcher.data]);

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
        {refusal ? (
          <p
            role="alert"
            className="mt-4 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800"
          >
            {refusal.description ?? refusal.title}
          </p>
        ) : null}
        <fetcher.Form
          method="post"
          className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
        >
          <input type="hidden" name="intent" value="cancel" />
          <Button type="button" variant="outline" size="lg" onClick={() => setOpen(false)}>
            {words.cancelKeep}
          </Button>
          <Button type="submit" variant="destructive" size="lg" disabled={busy}>
            {busy ? words.cancelling : words.cancelConfirm}
          </Button>
        </fetcher.Form>
      </Modal>
    </>
  );
}
