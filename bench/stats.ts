/** Summary statistics of measured samples, and the rounding every figure in the results shares. */

/** Nearest-rank percentile (p in 0..100) of the samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export const median = (samples: readonly number[]) => percentile(samples, 50);

export function mean(samples: readonly number[]): number {
  return samples.length === 0 ? Number.NaN : samples.reduce((sum, v) => sum + v, 0) / samples.length;
}

/** Rounds for reporting: results carry what a reader can compare, not float noise. */
export function round(value: number, digits = 2): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** measured / baseline, rounded; null when the baseline is zero or missing (no meaningful ratio). */
export function ratio(measured: number, baseline: number, digits = 2): number | null {
  return baseline > 0 && Number.isFinite(measured) && Number.isFinite(baseline)
    ? round(measured / baseline, digits)
    : null;
}

/** Wall-clock timing of one async call, in milliseconds. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}
