// The cancellation policy the camper accepts on step 3 (issue 29): kept with
// the booking when they press Pay, refused when it changed since they read
// it, and the one their page, their email and their own cancellation apply
// whatever the settings say later.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { NON_REFUNDABLE, policyWords } from "#domain/rules/cancellation-policy.ts";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { guestBookingByToken } from "#server/bookings/index.ts";
import { bookings } from "#server/db/schema.ts";
import { createTestProvider } from "#server/payments/test-checkout.ts";
import { setupTestDatabase } from "#server/testing/database.ts";
import { createCampsite } from "#server/testing/factories.ts";
import { present } from "#server/testing/present.ts";
import { queuedEmails } from "#server/testing/queued.ts";
import { refusal } from "#server/testing/refusal.ts";
import { termsVersion } from "./accepted-policy";
import { createBooking } from "./bookings";
import { startPayment } from "./payments/start";
import { completeTestCheckout } from "./payments/test-checkout-session";
import { saveSettings } from "./settings";

const database = setupTestDatabase();
const db = () => database().db;
const checkout = {
  provider: createTestProvider("http://127.0.0.1:9"),
  publicUrl: "http://127.0.0.1:9",
};
const halfLate = {
  refunds: "by-notice",
  fullRefundDays: 7,
  lateRefundPercent: 50,
} as const;

/** A two-night hold 30 days ahead on a campsite of its own. */
async function hold(daysAhead = 30) {
  const site = await createCampsite(db(), { pricePerNightCents: 5000, quantity: 1 });
  const checkIn = addDays(farmToday(), daysAhead);
  return createBooking(db(), {
    campsiteId: site.id,
    checkIn,
    checkOut: addDays(checkIn, 2),
    guests: 2,
    firstName: "Pia",
    lastName: "Policy",
    email: "pia@example.com",
  });
}

const row = async (id: string) =>
  present((await db().select().from(bookings).where(eq(bookings.id, id)))[0], "the booking");

describe("the policy accepted before paying", () => {
  it("is kept with the booking and quoted by its email and page after the settings change", async () => {
    await saveSettings(db(), { lateCancellationRefundPercent: 50 });
    const held = await hold();
    const words = policyWords(held.checkIn, halfLate, farmToday());
    expect(words).toMatch(/^Full refund if you cancel by .*; 50% refund if you cancel by .*/);
    const accepted = { policy: words, termsVersion: termsVersion() };
    const { url } = await startPayment(db(), held.id, held.holdSecret, { ...checkout, accepted });
    const session = present(url.split("/test-checkout/")[1], "the session");
    expect(await completeTestCheckout(db(), session, checkout)).toBe("paid");
    const paid = await row(held.id);
    expect(paid.acceptedPolicy).toMatchObject({ ...halfLate, words, termsVersion: termsVersion() });

    // The farm goes to "no refunds" later: this camper keeps what they accepted.
    await saveSettings(db(), { cancellationRefunds: "none", lateCancellationRefundPercent: 0 });
    const page = present(
      await guestBookingByToken(db(), present(paid.guestToken, "token")),
      "page",
    );
    expect(page.policy).toBe(words);
    expect(page.accepted).toEqual({ words, on: farmToday() });
    expect(page.cancel?.statement).toContain("a full refund");
    const [email] = await queuedEmails(db(), held.id, "booking-confirmation");
    expect(present(email, "the confirmation").textBody).toContain(words);
    await saveSettings(db(), {
      cancellationRefunds: "by-notice",
      lateCancellationRefundPercent: 0,
    });
  });

  it("is refused when the policy or the Terms changed since step 3, and nothing is kept", async () => {
    const held = await hold(3);
    // Three days ahead the week's notice has passed: the camper was told it is non-refundable.
    const stale = {
      policy: "Full refund if you cancel by yesterday.",
      termsVersion: termsVersion(),
    };
    expect(
      await refusal(startPayment(db(), held.id, held.holdSecret, { ...checkout, accepted: stale })),
    ).toMatchObject({ refusal: "conflict", code: "policy_changed" });
    const oldTerms = { policy: NON_REFUNDABLE, termsVersion: "0000" };
    expect(
      await refusal(
        startPayment(db(), held.id, held.holdSecret, { ...checkout, accepted: oldTerms }),
      ),
    ).toMatchObject({ code: "policy_changed" });
    expect((await row(held.id)).acceptedPolicy).toBeNull();
    const accepted = { policy: NON_REFUNDABLE, termsVersion: termsVersion() };
    await startPayment(db(), held.id, held.holdSecret, { ...checkout, accepted });
    expect((await row(held.id)).acceptedPolicy?.words).toBe(NON_REFUNDABLE);
  });
});
