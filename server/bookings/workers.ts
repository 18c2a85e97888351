// The bookings module's background work. Registered in server/app.ts.
import { SWEEP_INTERVAL_MS } from "#server/services/payments/sweeper.ts";
import type { Worker } from "#server/workers.ts";
import { tellLapsedPaymentLinks } from "./payment-link";

/** Guests whose payment link's time ran out (the hold sweeper expired it) are told, once. */
export const lapsedPaymentLinks: Worker = {
  name: "lapsed-payment-links",
  intervalMs: SWEEP_INTERVAL_MS,
  run: async ({ db }) => {
    await tellLapsedPaymentLinks(db);
  },
};
