// The built-in test checkout, used when no card provider key is set: its
// page (/test-checkout/:sessionId) completes or cancels a payment through the
// same code path as the provider's webhook. No money moves.
import { randomBytes } from "node:crypto";
import type { PaymentProvider } from "./provider";
import { CARD_DECLINED, TEST_KEPT_CARDS } from "./test-kept-cards";

export const TEST_SESSION_PREFIX = "test_cs_";

export function createTestProvider(publicUrl: string): PaymentProvider {
  return {
    name: "test",
    async createCheckoutSession(request) {
      const id = `${TEST_SESSION_PREFIX}${randomBytes(18).toString("hex")}`;
      return { id, url: `${publicUrl}/test-checkout/${id}`, expiresAt: request.expiresAt };
    },
    // The test checkout keeps its state in the payments table itself.
    retrieveCheckoutSession: async () => undefined,
    expireCheckoutSession: async () => {},
    async chargeSavedCard({ customerId, idempotencyKey }) {
      if (customerId.startsWith(TEST_KEPT_CARDS.declined.customer))
        return { status: "refused", reason: CARD_DECLINED };
      return { status: "paid", paymentIntentId: `test_pi_balance_${idempotencyKey}` };
    },
    refund: async () => {},
  };
}
