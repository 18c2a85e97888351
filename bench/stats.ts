// Percentiles of one measurement and the median (with spread) of repetitions.

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** "1234 (1200-1250)": the median of the repetitions and their range, `digits` decimals. */
export function withSpread(values: number[], digits = 0): string {
  const m = median(values);
  if (values.length < 2) return m.toFixed(digits);
  const finite = values.filter(Number.isFinite);
  const low = Math.min(...finite);
  const high = Math.max(...finite);
  return `${m.toFixed(digits)} (${low.toFixed(digits)}-${high.toFixed(digits)})`;
}

export const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);
