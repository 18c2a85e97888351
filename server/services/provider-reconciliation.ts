// The card provider's side of a range (issue 29 item 5): what went through
// its balance (card money, refunds and disputes, its fees, its payouts to the
// bank), for the owner to match against the bank statement beside the
// ledger's figures. The test checkout keeps no balance; a provider that does
// not answer in time leaves the rest of the report as it is.
import type { ReportRange } from "#domain/api/admin-reports.ts";
import type { ProviderReconciliation } from "#domain/api/money-figures.ts";
import { addDays, startOfFarmDay } from "#domain/rules/dates.ts";
import { log } from "#server/log.ts";
import { paymentProvider } from "#server/payments/index.ts";
import type { PaymentProvider } from "#server/payments/provider.ts";

/** How long Reports waits for the provider before showing its figures without it. */
const WAIT_MS = 5_000;

export async function providerReconciliation(
  range: ReportRange,
  provider: PaymentProvider = paymentProvider(),
  { waitMs = WAIT_MS } = {},
): Promise<ProviderReconciliation> {
  if (!provider.balance) return { kind: "none" };
  const period = { from: startOfFarmDay(range.from), to: startOfFarmDay(addDays(range.to, 1)) };
  // The provider stops asking by the deadline, or when the timer gives up on
  // it: no request goes out once the report has said "unavailable".
  const deadline = Date.now() + waitMs;
  const stop = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      stop.abort();
      reject(new Error("the provider did not answer in time"));
    }, waitMs);
  });
  try {
    const until = { deadline, signal: stop.signal };
    return { kind: "balance", ...(await Promise.race([provider.balance(period, until), late])) };
  } catch (error) {
    log.warn({ err: error }, "could not read the provider's balance transactions");
    return { kind: "unavailable" };
  } finally {
    clearTimeout(timer);
  }
}
