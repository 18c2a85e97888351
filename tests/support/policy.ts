// The cancellation policy a camper accepts before Pay (issue 29): what the
// payment request carries through the API, and the box ticked on step 3.
import type { Page } from "playwright-core";
import type { Availability } from "#domain/api/booking.ts";
import { policyWords } from "#domain/rules/cancellation-policy.ts";
import { farmToday } from "#domain/rules/dates.ts";
import { baseURL } from "./browser";

/** The body of POST /api/bookings/:id/payment: the stay's policy, as step 3 states it, accepted. */
export async function payBody(campsiteId: string, checkIn: string, origin = baseURL()) {
  const res = await fetch(`${origin}/api/campsites/${campsiteId}/availability`);
  return acceptedPolicy((await res.json()) as Availability, checkIn);
}

/** The payment request's acceptance of the policy `availability` (of the server paid on) states. */
export function acceptedPolicy(availability: Availability, checkIn: string) {
  const policy = availability.cancellationPolicy;
  if (!policy) throw new Error("the availability answer has the cancellation policy");
  return {
    acceptPolicy: true,
    policy: policyWords(checkIn, policy, farmToday()),
    termsVersion: availability.termsVersion,
  };
}

/** Ticks step 3's 'I accept this cancellation policy and the Terms and Conditions'. */
export const acceptPolicy = (page: Page) =>
  page.getByRole("checkbox", { name: /I accept this cancellation policy/ }).check();
