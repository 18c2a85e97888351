// The card payment provider behind one interface: Stripe Checkout when its
// key is configured, otherwise the built-in test checkout (amendment 4).
import type { ProviderBalance } from "#domain/api/money-figures.ts";

export type CheckoutRequest = {
  bookingId: string;
  bookingReference: string;
  description: string;
  amountCents: number;
  currency: string;
  guestEmail: string;
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
  /** A deposit's payment keeps the card for the balance (issue 31), with the camper's consent in these words. */
  keepCard?: { consent: string };
};

export type CheckoutSession = { id: string; url: string; expiresAt: Date };

/** What the provider says of a checkout session now. */
export type CheckoutState = {
  id: string;
  status: "open" | "complete" | "expired";
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  amountTotalCents: number | null;
  paymentIntentId: string | null;
  /** The provider's customer holding the card kept for later (a deposit's session); null without. */
  customerId: string | null;
};

/** A charge of a kept card without the camper present (a deposit's balance). */
export type SavedCardCharge = {
  customerId: string;
  amountCents: number;
  currency: string;
  description: string;
  bookingId: string;
  bookingReference: string;
  /** The same key for every try of one charge: the provider charges it once. */
  idempotencyKey: string;
  /**
   * The provider's payment of an earlier try that was still processing: it is
   * asked about, not made again (a key is only remembered for a day).
   */
  paymentIntentId?: string | null;
};

/**
 * The card was charged, or refused (declined, expired, needs the camper):
 * `reason` says why; or it is still processing, to be asked about later.
 */
export type SavedCardResult =
  | { status: "paid"; paymentIntentId: string }
  | { status: "refused"; reason: string }
  | { status: "processing"; paymentIntentId: string };

export type BalanceDeadline = { deadline?: number; signal?: AbortSignal };

export interface PaymentProvider {
  readonly name: "stripe" | "test";
  /** True when real money moves (Stripe's live keys); its events must say the same (decision 0013). */
  readonly livemode?: boolean;
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The session's state at the provider; undefined when the provider keeps none (test checkout). */
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutState | undefined>;
  /** Ends an open session early, so a replaced session can no longer be paid. */
  expireCheckoutSession(sessionId: string): Promise<void>;
  /** Charges a kept card; throws when the provider cannot be asked (then it is tried again with the same key). */
  chargeSavedCard(charge: SavedCardCharge): Promise<SavedCardResult>;
  refund(input: {
    paymentIntentId: string | null;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<void>;
  /**
   * The balance's movements between two instants; absent when the provider
   * keeps none (test checkout). It fails rather than go on asking the
   * provider once the caller has stopped waiting: no request starts after the
   * deadline (a `Date.now()` time) or the signal's abort, and none waits past
   * the deadline.
   */
  balance?(period: { from: Date; to: Date }, until?: BalanceDeadline): Promise<ProviderBalance>;
}
