// What the back office's Bookings screen is sent: the list's rows and one
// booking's details (GET /api/admin/bookings/:id), written once for the
// service that builds them and the screen that shows them.
import type { CancelOptions } from "#domain/rules/cancellation.ts";
import type { BookingStatus, DisputeStatus, PaymentStatus } from "#domain/rules/statuses.ts";

/** The filter buttons of the Bookings screen (spec 2.15), plus Refunded for completeness. */
export const bookingFilters = [
  "all",
  "confirmed",
  "paid",
  "pending",
  "expired",
  "cancelled",
  "refunded",
] as const;
export type BookingFilter = (typeof bookingFilters)[number];

export type AdminBookingRow = {
  id: string;
  bookingReference: string;
  guestName: string;
  guestEmail: string;
  guestPhone: string | null;
  numberOfGuests: number;
  campsiteName: string | null;
  unitName: string | null;
  checkIn: string;
  checkOut: string;
  nights: number;
  status: BookingStatus;
  /** A card dispute on the booking's payment (the provider's word), or null when there is none. */
  disputeStatus: DisputeStatus | null;
  totalAmountCents: number;
  discountAmountCents: number;
  discountCode: { code: string; description: string } | null;
  prepaidAmountUsedCents: number;
  prepaidCardNumber: string | null;
  finalAmountCents: number;
  holdExpiresAt: string | null;
  createdAt: string;
};

export type BookingDetails = AdminBookingRow & {
  /** Taken by the farm itself (phone, gate) rather than online. */
  takenAtFrontDesk: boolean;
  /** The farm's private note, never shown to the guest. */
  farmNote: string;
  /** The guest's answers to the farm's questions at booking. */
  guestAnswers: { question: string; answer: string }[];
  cancelledAt: string | null;
  updatedAt: string;
  numberOfDogs: number;
  /** What the stay cost, line by line, as it was priced. */
  priceLines: { description: string; amountCents: number }[];
  /** GST included in the total after the discount; 0 when the farm is not registered. */
  gstAmountCents: number;
  /** A deposit booking's balance: the day it is charged to the kept card, and the charges refused so far. */
  balancePlan: { dueOn: string; cardKept: boolean; refusedCharges: number } | null;
  /** The farm's copy of the booking's invoice; null when it has none (never paid). */
  invoice: { title: "Tax Invoice" | "Receipt"; href: string } | null;
  payments: {
    id: string;
    provider: string;
    /** A recorded payment's receipt or transfer reference. */
    reference: string | null;
    sessionId: string;
    paymentIntentId: string | null;
    amountCents: number;
    refundedAmountCents: number;
    /** What the provider captured, when it said. */
    capturedAmountCents: number | null;
    chargeId: string | null;
    disputeId: string | null;
    currency: string;
    status: PaymentStatus;
    /** Since when this payment is owed back: its refund is being made, and retried if refused. */
    owedBackSince: string | null;
    createdAt: string;
  }[];
  emails: {
    id: string;
    kind: string;
    to: string;
    subject: string;
    status: string;
    attempts: number;
    lastError: string | null;
    sentAt: string | null;
    createdAt: string;
  }[];
  prepaidTransactions: {
    id: string;
    type: string;
    amountCents: number;
    description: string;
    createdAt: string;
  }[];
  history: { action: string; actorEmail: string | null; details: unknown; createdAt: string }[];
  /** What the Cancel action can do now. */
  cancellation: CancelOptions;
};
