// The Today screen's action (the check-in and check-out marks and their
// undo), answered in the one ActionAnswer shape with a toast.
import type { AppLoadContext } from "react-router";
import type { ToastMessage } from "#app/components/admin/use-toast.ts";
import { ok, refusedOrFailed } from "#app/routes/action-answer.server.ts";
import { formatMoney } from "#domain/format/money.ts";
import type { BalancePayment } from "#domain/forms/front-desk-booking.ts";
import { z } from "#domain/forms/zod.ts";
import { markStay, recordBalancePayment, type StaffActor } from "#server/bookings/index.ts";

type Db = AppLoadContext["db"];

/** What a mark button posts: which booking, the screen's day, which mark, set or undone. */
export const markInput = z.object({
  bookingId: z.uuid(),
  day: z.string(),
  mark: z.enum(["check-in", "check-out"]),
  done: z.enum(["true", "false"]).transform((v) => v === "true"),
});

export type MarkForm = z.output<typeof markInput>;

export const MARK_NOT_UNDERSTOOD: ToastMessage = {
  kind: "error",
  title: "Error",
  description: "That request was not understood. Reload the page and try again.",
};

const titles = {
  "check-in": { true: "Checked In", false: "Check-in Undone" },
  "check-out": { true: "Checked Out", false: "Check-out Undone" },
} as const;

export async function markStayAnswer(db: Db, admin: StaffActor, input: MarkForm) {
  const failed = input.mark === "check-in" ? "Failed to check in." : "Failed to check out.";
  try {
    const { bookingReference } = await markStay(db, admin, input);
    const title = titles[input.mark][input.done ? "true" : "false"];
    return ok(input.mark, { kind: "success", title, description: `Booking ${bookingReference}` });
  } catch (error) {
    return refusedOrFailed(
      input.mark,
      error,
      (message) => ({ kind: "error", title: failed, description: message }),
      {
        log: "marking a stay failed",
        toast: { kind: "error", title: "Error", description: failed },
      },
    );
  }
}

/** 'Record payment': money paid at the desk towards what the stay still owes. */
export async function recordPaymentAnswer(db: Db, admin: StaffActor, input: BalancePayment) {
  const failed = "Could not record the payment.";
  try {
    const { bookingReference, leftCents } = await recordBalancePayment(db, admin, input);
    const left = leftCents > 0 ? ` ${formatMoney(leftCents)} is still owed.` : " Paid in full.";
    return ok("record-payment", {
      kind: "success",
      title: "Payment recorded",
      description: `Booking ${bookingReference}: ${formatMoney(input.amount)} received.${left}`,
    });
  } catch (error) {
    return refusedOrFailed(
      "record-payment",
      error,
      (message) => ({ kind: "error", title: failed, description: message }),
      {
        log: "recording a payment failed",
        toast: { kind: "error", title: "Error", description: failed },
      },
    );
  }
}
