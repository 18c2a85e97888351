// What the server's answers about a hold mean to the booking flow (decision
// 0012), as pure functions: the held booking kept from an answer, the
// countdown's end on this browser's clock, and a refusal read as something the
// camper can act on. The hooks (use-*.ts) call the API and send the results to
// the reducer.
import { ApiError, type BookingAnswer } from "#app/lib/booking-api.ts";
import type { BookingRequestBody, HeldBooking } from "#app/lib/booking-session.ts";
import { holdDeadline } from "#domain/rules/hold-countdown.ts";
import type { GuestField } from "./guest-step";

/**
 * The hold's end on this browser's clock. The Date header is in whole seconds,
 * so the server's clock may have been up to 999 ms past it: counting from the
 * latest it could have been means the countdown starts at 5:00 (not 5:01) and
 * may end a moment early, never after the hold.
 */
export function countdownDeadline(
  holdExpiresAt: string,
  serverDate: string | null,
  receivedAt: number,
): number {
  const deadline = holdDeadline(holdExpiresAt, serverDate, receivedAt);
  return serverDate ? Math.max(receivedAt, deadline - 999) : deadline;
}

/** The held booking to keep from a server's answer about it, timed from that answer. */
export function heldFromAnswer(
  answer: BookingAnswer,
  holdSecret: string,
  request: BookingRequestBody,
  receivedAt: number,
): HeldBooking {
  const deadline = countdownDeadline(answer.booking.holdExpiresAt, answer.serverDate, receivedAt);
  const live = answer.booking.status === "pending";
  return {
    booking: answer.booking,
    holdSecret,
    request,
    countdownDeadline: live ? deadline : undefined,
    keepUntil: deadline,
  };
}

/** Why a hold could not be made (or its guest details changed), as the flow shows it. */
export type HoldRefusal =
  /** The last unit went: back to the calendar as it is now. */
  | { kind: "unitGone"; message: string }
  /** The server refused the dates, guests or dogs, with its own reason (e.g. the minimum stay). */
  | { kind: "stay"; message: string }
  /** The server refused guest details: the fields to mark. */
  | { kind: "details"; message: string; fields: string[] }
  /** Anything else: too many holds (429), a dropped connection, a fault. */
  | { kind: "other"; message: string };

const STAY_FIELDS = ["checkIn", "checkOut", "guests", "dogs"] as const;
const GUEST_FIELDS: readonly GuestField[] = ["firstName", "lastName", "email", "phone"];

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function holdRefusal(error: unknown): HoldRefusal {
  const message = messageOf(error);
  if (!(error instanceof ApiError)) return { kind: "other", message };
  if (error.status === 409 && error.code === "unavailable") return { kind: "unitGone", message };
  if (error.status !== 400) return { kind: "other", message };
  const fields = error.fieldErrors;
  const stayField = STAY_FIELDS.find((field) => fields[field]);
  if (stayField) return { kind: "stay", message: fields[stayField] ?? message };
  const guestFields = Object.keys(fields).filter(
    (field) => GUEST_FIELDS.includes(field as GuestField) || field.startsWith("answer:"),
  );
  const first = guestFields[0];
  if (first) return { kind: "details", message: fields[first] ?? message, fields: guestFields };
  return { kind: "other", message };
}

/**
 * The held booking can no longer be changed or paid: its hold ran out (409
 * hold_expired), it was closed, or it is not found or not this browser's.
 * The camper starts a new booking.
 */
export function holdEnded(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.code === "hold_expired" ||
    error.code === "booking_closed" ||
    error.status === 403 ||
    error.status === 404
  );
}

/** The refused option of a PATCH: its toast title, or undefined for another refusal. */
export function refusedOption(error: unknown): "code" | "card" | "extras" | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  if (error.code === "invalid_discount_code") return "code";
  if (error.code === "invalid_prepaid_card") return "card";
  if (error.fieldErrors.extras) return "extras";
  return undefined;
}
