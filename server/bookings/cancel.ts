// The back office cancels a booking (spec 4, amendment 3): the one command
// the Bookings screen and the admin API both call. A refund moves money, so
// only the owner may ask for one (decision 0017); the rest is the shared
// cancellation (services/payments/cancel.ts).
import type { CancelRequest } from "#domain/forms/cancel-booking.ts";
import type { Executor } from "#server/db/client.ts";
import { type CancelResult, cancelBooking } from "#server/services/payments/cancel.ts";
import type { PaymentDeps } from "#server/services/payments/deps.ts";
import { requireOwner, type StaffActor } from "./actor";

export async function cancelAsFarm(
  db: Executor,
  actor: StaffActor,
  bookingId: string,
  request: CancelRequest,
  deps: PaymentDeps = {},
): Promise<CancelResult> {
  if (request.refund.kind !== "none") requireOwner(actor);
  return cancelBooking(db, actor, bookingId, { ...request, ...deps });
}
