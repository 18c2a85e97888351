// Cancelling a booking from the back office (spec 4, amendment 3): one schema
// for the Bookings screen's dialog and the admin API. The refund is none,
// full, or partial with an amount, in dollars ("25.00", the dialog) or in
// cents (the API); the guest is told unless asked not to.
import { parseMoneyToCents } from "#domain/format/money.ts";
import type { RefundChoice } from "#domain/rules/cancellation.ts";
import { z } from "./zod";

export const REFUND_AMOUNT_MESSAGE = "Enter the refund as dollars and cents, for example 25.00.";

/** A checkbox ("on"), or a boolean; absent means yes. */
const yesUnlessNo = z.preprocess(
  (v) => (v === undefined ? true : v === true || v === "on" || v === "true"),
  z.boolean(),
);

export const cancelBookingSchema = z
  .object({
    refund: z.enum(["none", "full", "partial"]).default("none"),
    refundAmount: z.string().optional(),
    refundAmountCents: z.number().int("Give the refund in whole cents.").positive().optional(),
    notifyGuest: yesUnlessNo,
  })
  .transform((v, ctx) => {
    const notifyGuest = v.notifyGuest;
    if (v.refund !== "partial") return { refund: { kind: v.refund } as RefundChoice, notifyGuest };
    const cents = v.refundAmountCents ?? parseMoneyToCents(v.refundAmount ?? "");
    if (cents === undefined || cents <= 0) {
      ctx.addIssue({ code: "custom", path: ["refundAmount"], message: REFUND_AMOUNT_MESSAGE });
      return z.NEVER;
    }
    return { refund: { kind: "partial", amountCents: cents } as RefundChoice, notifyGuest };
  });

export type CancelRequest = z.output<typeof cancelBookingSchema>;
