// A form acted on once (issue 28): each render of the front desk's 'Take
// booking' carries a one-time key; the command claims it in its own
// transaction, so a second press (or a resend before the script) waits for
// the first and is then refused, and a first that failed leaves it free.
import { lt } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { formSubmissions } from "#server/db/schema.ts";

/** True when this transaction is the first to act on the key. */
export async function claimSubmission(tx: Executor, key: string): Promise<boolean> {
  const claimed = await tx
    .insert(formSubmissions)
    .values({ key })
    .onConflictDoNothing()
    .returning({ key: formSubmissions.key });
  return claimed.length === 1;
}

/** Keys older than a few days: no form stays open that long. */
export async function pruneSubmissions(db: Executor, now = new Date()) {
  const before = new Date(now.getTime() - 3 * 24 * 3600_000);
  await db.delete(formSubmissions).where(lt(formSubmissions.createdAt, before));
}
