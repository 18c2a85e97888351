// The test checkout's kept cards (issue 31), apart from its provider so its
// page can show them without the server's modules.
/**
 * The test checkout's cards to keep for a balance, as Stripe's test cards
 * behave: one that pays later, one attached fine but declined when charged.
 */
export const TEST_KEPT_CARDS = {
  pays: { label: "A card that pays the balance (4242 4242 4242 4242)", customer: "test_cus_pays_" },
  declined: {
    label: "A card declined when the balance is charged (4000 0000 0000 0341)",
    customer: "test_cus_declined_",
  },
} as const;
export type TestKeptCard = keyof typeof TEST_KEPT_CARDS;
export const CARD_DECLINED = "Your card was declined.";
