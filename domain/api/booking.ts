// The public booking API's answers (docs/api.md), written once: the server
// builds them and the browser reads them. Every amount is integer cents
// computed on the server; no answer carries a guest's personal data.
import type { BookingQuestion } from "#domain/rules/booking-questions.ts";
import type { CancellationPolicy } from "#domain/rules/cancellation-policy.ts";
import type { PaymentPlan } from "#domain/rules/deposits.ts";
import type { Quote as StayPrice } from "#domain/rules/pricing.ts";
import type { PriceLine, Rates } from "#domain/rules/rates.ts";
import type { BookingStatus } from "#domain/rules/statuses.ts";

/** An active campsite as `GET /api/campsites` lists it. */
export type CampsiteSummary = {
  id: string;
  name: string;
  location: string;
  description: string;
  pricePerNightCents: number;
  capacity: number;
  amenities: string[];
  images: string[];
  unitCount: number;
};

/** `GET /api/campsites/:id/availability`: the nights that cannot be booked, and the stay limits. */
export type Availability = {
  campsiteId: string;
  from: string;
  to: string;
  /** Nights (yyyy-MM-dd) that cannot be booked; a check-out may fall on one. */
  unavailableDates: string[];
  today: string;
  minimumNightStay: number;
  /** The longest stay taken online, in nights. */
  maximumNightStay: number;
  maxAdvanceBookingDays: number;
  lastCheckOutDate: string;
  capacity: number;
  /** What each night costs and the stays it demands, read with `nightRate` (rates.ts); active extras only. */
  rates: Rates;
  /** Long-weekend nights (yyyy-MM-dd) in the range. */
  longWeekendNights: string[];
  /** The farm's questions, asked on step 2. */
  questions: BookingQuestion[];
  /** The cancellation policy step 3 states for the stay; null until the server has said. */
  cancellationPolicy: CancellationPolicy | null;
  /** The version of the Terms and Conditions the camper accepts with it. */
  termsVersion: string;
};

/** A code's answer (spec 7.2), alone or inside a quote. */
export type DiscountCodeAnswer = { id: string; description: string; discountAmount: number };
/** A card's answer (spec 7.2): its balance in cents. */
export type PrepaidCardAnswer = { id: string; balance: number };

export type DiscountCodeValidation =
  | { valid: true; discountCode: DiscountCodeAnswer }
  | { valid: false; error: string };
export type PrepaidCardValidation =
  | { valid: true; prepaidCard: PrepaidCardAnswer }
  | { valid: false; error: string };

/** `POST /api/quote`: what the stay costs with the code and card applied (domain/rules/pricing.ts). */
export type Quote = StayPrice & {
  currency: string;
  discountCode?: DiscountCodeAnswer;
  prepaidCard?: PrepaidCardAnswer;
};

/** `POST /api/bookings`: the pending booking that holds a unit. */
export type PendingBooking = {
  id: string;
  bookingReference: string;
  status: BookingStatus;
  holdExpiresAt: string;
  campsiteName: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  guests: number;
  dogs: number;
  lines: PriceLine[];
  totalAmountCents: number;
  discountAmountCents: number;
  prepaidAmountUsedCents: number;
  finalAmountCents: number;
  gstAmountCents: number;
  /** A deposit today and the balance on its due day (issue 31); null when it is paid in full now. */
  paymentPlan: PaymentPlan | null;
};

/** `POST /api/payments/verify`: where the payment and its booking stand. */
export type VerifiedPayment = {
  status: "paid" | "confirmed" | "pending" | "expired" | "failed" | "refunded";
  booking: {
    bookingReference: string;
    campsiteName: string;
    checkIn: string;
    checkOut: string;
    nights: number;
    guests: number;
    finalAmountCents: number;
    /** A deposit booking's plan: what was paid today and the balance charged later. */
    paymentPlan: PaymentPlan | null;
  };
  /**
   * The camper's own booking page (/my-booking/<token>) once the booking is
   * paid or confirmed, else null. Only the browser holding the checkout
   * session's id, itself a secret, is answered it.
   */
  manageBookingPath: string | null;
};
