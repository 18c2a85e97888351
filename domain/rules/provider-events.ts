// What the card provider tells us after the payment (decision 0013): whether
// an event belongs to this configuration at all, and what a dispute's status
// means for the booking.
import type { DisputeStatus } from "./statuses";

/** A Stripe key moves real money when it is a live secret or restricted key; any other key is a test key. */
export const isLiveStripeKey = (key: string | undefined): boolean =>
  /^(sk|rk)_live_/.test(key ?? "");

/** Why an event is not applied: it names another currency, or the other mode (live or test). */
export type EventMismatch = "currency" | "mode";

/**
 * Checks a verified event against the configuration. The same Stripe account
 * may serve other shops (another currency) and send test events to a live
 * endpoint: such an event is not ours to apply. An event not marked live is a
 * test event; an object without a currency is not one we made.
 */
export function eventMismatch(
  event: { livemode?: boolean | null; currency?: string | null },
  expected: { live: boolean; currency: string },
): EventMismatch | null {
  if ((event.livemode === true) !== expected.live) return "mode";
  if (event.currency?.toUpperCase() !== expected.currency.toUpperCase()) return "currency";
  return null;
}

/**
 * The outcome of a closed dispute from the provider's status. An inquiry that
 * closed without a chargeback (`warning_closed`) and a prevented one leave the
 * money with the farm, so they count as won; an unknown status decides nothing.
 */
export function disputeOutcome(status: string): Exclude<DisputeStatus, "open"> | null {
  if (status === "lost") return "lost";
  if (status === "won" || status === "warning_closed" || status === "prevented") return "won";
  return null;
}

/**
 * The dispute status after `dispute.created`: open, unless this same dispute
 * was already closed (its events arrived out of order), which stays closed.
 */
export function openedDisputeStatus(
  current: { disputeStatus: DisputeStatus | null; disputeId: string | null },
  disputeId: string,
): DisputeStatus {
  if (current.disputeId === disputeId && current.disputeStatus && current.disputeStatus !== "open")
    return current.disputeStatus;
  return "open";
}
