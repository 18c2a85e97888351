// The cancellation policy a booking is held to (issue 29): the one the camper
// accepted on step 3, with the Terms' version, kept with the booking when they
// pressed Pay; for a booking made before that (or at the front desk), the
// farm's settings. What the camper saw is what the page, the emails and their
// own cancellation apply, whatever the settings say later.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { termsPage, termsSections } from "#content/terms.ts";
import {
  type AcceptedPolicy,
  type CancellationPolicy,
  policyOfSettings,
  policyWords,
} from "#domain/rules/cancellation-policy.ts";
import { farmToday } from "#domain/rules/dates.ts";
import type { Executor } from "#server/db/client.ts";
import { bookings } from "#server/db/schema.ts";
import { conflict } from "#server/errors.ts";
import { getSettings } from "./settings";

export const POLICY_CHANGED =
  "The cancellation policy or the Terms and Conditions changed while you were booking. Please read them again before you pay.";

/** The Terms' version: a digest of their words, so any change of them is a new version. */
export const termsVersion = (() => {
  let version: string | undefined;
  return () => {
    version ??= createHash("sha256")
      .update(JSON.stringify({ termsPage, termsSections }))
      .digest("hex")
      .slice(0, 12);
    return version;
  };
})();

/** The policy the booking is held to: the one accepted, or the farm's settings. */
export async function policyOf(
  db: Executor,
  booking: { acceptedPolicy: AcceptedPolicy | null },
): Promise<CancellationPolicy> {
  return booking.acceptedPolicy ?? policyOfSettings(await getSettings(db));
}

/** What paying for a stay accepts today: the settings' policy in its words, and the Terms' version. */
export async function policyOffered(db: Executor, checkIn: string, now: Date) {
  const policy = policyOfSettings(await getSettings(db));
  return {
    policy,
    words: policyWords(checkIn, policy, farmToday(now)),
    termsVersion: termsVersion(),
  };
}

/**
 * Keeps the policy and Terms the camper accepted with the booking. Refused
 * (409) when either changed since step 3 showed them: the camper reads again.
 */
export async function acceptPolicy(
  db: Executor,
  booking: { id: string; checkInDate: string },
  accepted: { policy: string; termsVersion: string },
  now: Date,
): Promise<void> {
  const {
    policy,
    words,
    termsVersion: version,
  } = await policyOffered(db, booking.checkInDate, now);
  if (accepted.policy !== words || accepted.termsVersion !== version)
    throw conflict(POLICY_CHANGED, "policy_changed");
  const kept: AcceptedPolicy = {
    ...policy,
    words,
    termsVersion: version,
    acceptedAt: now.toISOString(),
  };
  await db.update(bookings).set({ acceptedPolicy: kept }).where(eq(bookings.id, booking.id));
}
