// Money is integer cents everywhere; it is formatted only at the edge.

const aud = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });

/** 4500 -> "$45.00" */
export function formatMoney(cents: number): string {
  return aud.format(cents / 100);
}

/** "45.5" or "45.50" -> 4550; undefined for anything that is not an amount. */
export function parseMoneyToCents(value: string): number | undefined {
  const trimmed = value.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return undefined;
  return Math.round(Number(trimmed) * 100);
}

/** 4500 -> "45.00": dollars as a form field or a CSV cell holds them. */
export function centsToAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}
