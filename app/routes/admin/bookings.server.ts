// The Bookings screen's actions (spec 2.15): Email sends the booking's
// notification to the guest; Cancel cancels it with the refund the admin
// chose; 'Send booking page link' (the View dialog) emails the guest the link
// to their own booking page. All answer in the one ActionAnswer shape.
import type { AppLoadContext } from "react-router";
import type { ToastMessage } from "#app/components/admin/use-toast.ts";
import { invalidForm, ok, refused, refusedOrFailed } from "#app/routes/action-answer.server.ts";
import { formatMoney } from "#domain/format/money.ts";
import { cancelBookingSchema, REFUND_AMOUNT_MESSAGE } from "#domain/forms/cancel-booking.ts";
import { optionalText, parseForm } from "#domain/forms/form-fields.ts";
import { z } from "#domain/forms/zod.ts";
import { cancelAsFarm, type StaffActor, saveFarmNote } from "#server/bookings/index.ts";
import { AppError } from "#server/errors.ts";
import { OWNER_ONLY } from "#server/services/admin-access.ts";
import { sendBookingNotification } from "#server/services/admin-bookings/notify.ts";
import { sendBookingPageLink } from "#server/services/admin-bookings/page-link.ts";
import type { AuditActor } from "#server/services/audit-log.ts";
import type { CancelResult } from "#server/services/payments/cancel.ts";

type Db = AppLoadContext["db"];

/** What the screen's forms post: the row's Email button, the View dialog's link button, or the cancel dialog. */
export const bookingActionInput = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("email"), bookingId: z.uuid() }),
  z.object({ intent: z.literal("send-page-link"), bookingId: z.uuid() }),
  z.object({ intent: z.literal("cancel"), bookingId: z.uuid() }),
  z.object({
    intent: z.literal("save-note"),
    bookingId: z.uuid(),
    note: optionalText("Private note", 2000, { multiline: true }),
  }),
]);

/** The details dialog's 'Save note'. */
export async function saveNote(db: Db, admin: StaffActor, bookingId: string, note: string) {
  try {
    const { bookingReference } = await saveFarmNote(db, admin, bookingId, note);
    return ok("save-note", {
      kind: "success",
      title: "Note saved",
      description: `Booking ${bookingReference}`,
    });
  } catch (error) {
    return refused("save-note", error, (message) => ({
      kind: "error",
      title: "Could not save the note",
      description: message,
    }));
  }
}

export const NOT_UNDERSTOOD: ToastMessage = {
  kind: "error",
  title: "Error",
  description: "That request was not understood. Reload the page and try again.",
};

export async function emailBookingToGuest(db: Db, admin: AuditActor, bookingId: string) {
  try {
    const { to } = await sendBookingNotification(db, admin, bookingId);
    return ok("email", {
      kind: "success",
      title: "Notification Sent",
      description: `The booking notification is on its way to ${to}.`,
    });
  } catch (error) {
    return refusedOrFailed(
      "email",
      error,
      (message) => ({ kind: "error", title: "Notification Error", description: message }),
      {
        log: "booking notification failed",
        toast: {
          kind: "error",
          title: "Notification Error",
          description: "Failed to send booking notification.",
        },
      },
    );
  }
}

const PAGE_LINK_FAILED = "Could not send the booking page link.";

/** The View dialog's 'Send booking page link'; staff may send it too (it moves no money). */
export async function emailBookingPageLink(db: Db, admin: AuditActor, bookingId: string) {
  try {
    const { to } = await sendBookingPageLink(db, admin, bookingId);
    return ok("send-page-link", {
      kind: "success",
      title: "Booking page link sent",
      description: `The link to their booking page is on its way to ${to}.`,
    });
  } catch (error) {
    return refusedOrFailed(
      "send-page-link",
      error,
      (message) => ({ kind: "error", title: PAGE_LINK_FAILED, description: message }),
      {
        log: "sending a booking page link failed",
        toast: {
          kind: "error",
          title: "Error",
          description: `${PAGE_LINK_FAILED} Please try again.`,
        },
      },
    );
  }
}

const CANCEL_FAILED = "Failed to cancel booking. Please try again.";

/** The cancel dialog: the one command and schema the admin API uses too (server/bookings). */
export async function cancelBookingWithRefund(
  db: Db,
  admin: StaffActor,
  bookingId: string,
  form: FormData,
) {
  const parsed = parseForm(cancelBookingSchema, form);
  if (!parsed.ok) {
    const message = Object.values(parsed.errors)[0] ?? REFUND_AMOUNT_MESSAGE;
    return invalidForm("cancel", parsed.errors, {
      kind: "error",
      title: CANCEL_FAILED,
      description: message,
    });
  }
  try {
    const result = await cancelAsFarm(db, admin, bookingId, parsed.data);
    return ok("cancel", {
      kind: "success",
      title: "Booking Cancelled",
      description: whatWentBack(result),
    });
  } catch (error) {
    return refusedOrFailed(
      "cancel",
      besideRefundAmount(error),
      (message, refusal) => ({
        kind: "error",
        title: refusal.code === OWNER_ONLY.code ? OWNER_ONLY.title : CANCEL_FAILED,
        description: message,
      }),
      {
        log: "cancelling a booking failed",
        toast: { kind: "error", title: "Error", description: CANCEL_FAILED },
      },
    );
  }
}

/**
 * The dialog has one field, the refund amount: a refusal about any field
 * (the refund rules' or the payment's `amountCents`) is shown beside it.
 */
function besideRefundAmount(error: unknown): unknown {
  if (!(error instanceof AppError) || !error.fieldErrors) return error;
  const message = Object.values(error.fieldErrors)[0] ?? error.message;
  return new AppError(error.refusal, error.message, {
    code: error.code,
    fieldErrors: { refundAmount: message },
  });
}

/** The toast's line on what the cancellation gave back, if anything. */
function whatWentBack(result: CancelResult): string | undefined {
  const parts = [
    result.refundedCents > 0 &&
      `${formatMoney(result.refundedCents)} refunded to the guest's card.`,
    result.prepaidCreditReturnedCents > 0 &&
      `${formatMoney(result.prepaidCreditReturnedCents)} prepaid credit returned to their prepaid card.`,
    result.discountCodeUseReturned && "The discount code's use was given back.",
  ].filter((part): part is string => typeof part === "string");
  return parts.length > 0 ? parts.join(" ") : undefined;
}
