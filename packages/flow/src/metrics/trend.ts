import { DAY_MS, percentChange, quantile, round } from '../core/numbers.ts';

/**
 * When a change of the mean between two windows is called (docs/metrics.md §3, "Honest trends"): each
 * window holds at least this many completions...
 */
export const MIN_TREND_COMPLETIONS = 5;
/** ...and the change is larger than this many standard errors of the difference of the two means. */
export const TREND_NOISE_FACTOR = 2;

export type TrendReason = 'clear' | 'no_previous' | 'few_completions' | 'within_noise';

/** A change of the mean from the previous window to the current one, and whether it is told apart from noise. */
export type TrendChange = {
  /** Percent change of the mean, 1 decimal; 0 without a previous window. */
  percent: number;
  /** True only when both windows rest on enough completions and the change exceeds the noise. */
  clear: boolean;
  reason: TrendReason;
  completions: number;
  previous_completions: number;
  /**
   * The window's own noise as a percent of the previous mean, 1 decimal: TREND_NOISE_FACTOR standard
   * errors of the difference of the means. null under two completions in a window (no spread to measure).
   */
  noise_percent: number | null;
};

type Moments = { n: number; mean: number; variance: number };

/** Count, mean and sample variance (n − 1; 0 under two values). */
function moments(values: ArrayLike<number>): Moments {
  const n = values.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i] as number;
  const mean = n > 0 ? sum / n : 0;
  let squares = 0;
  for (let i = 0; i < n; i++) squares += ((values[i] as number) - mean) ** 2;
  return { n, mean, variance: n > 1 ? squares / (n - 1) : 0 };
}

/**
 * The trend between two windows' durations (any unit, the same for both): the percent change of the mean,
 * called `clear` only when each window has MIN_TREND_COMPLETIONS and |change| exceeds the noise, that is
 * TREND_NOISE_FACTOR × √(s₁²/n₁ + s₀²/n₀) as a percent of the previous mean (Welch's standard error).
 */
export function trendChange(previous: ArrayLike<number>, current: ArrayLike<number>): TrendChange {
  const before = moments(previous);
  const now = moments(current);
  const base = { completions: now.n, previous_completions: before.n };
  if (before.n === 0 || !(before.mean > 0)) {
    return { ...base, percent: 0, clear: false, reason: 'no_previous', noise_percent: null };
  }
  const percent = percentChange(before.mean, now.mean);
  const exact = ((now.mean - before.mean) / before.mean) * 100;
  const spread = before.n > 1 && now.n > 1;
  const noise = spread
    ? (TREND_NOISE_FACTOR * Math.sqrt(now.variance / now.n + before.variance / before.n) * 100) / before.mean
    : null;
  const noise_percent = noise === null ? null : round(noise, 1);
  if (now.n < MIN_TREND_COMPLETIONS || before.n < MIN_TREND_COMPLETIONS || noise === null) {
    return { ...base, percent, clear: false, reason: 'few_completions', noise_percent };
  }
  const clear = Math.abs(exact) > noise && percent !== 0;
  return { ...base, percent, clear, reason: clear ? 'clear' : 'within_noise', noise_percent };
}

/** The 50th and 85th percentiles (days, 2 decimals) of durations in ms; null without any. */
export function medianAndP85(ms: number[]): { p50: number | null; p85: number | null } {
  if (ms.length === 0) return { p50: null, p85: null };
  const sorted = Float64Array.from(ms).sort();
  const inDays = (value: number | null) => (value === null ? null : Math.max(0, round(value / DAY_MS)));
  return { p50: inDays(quantile(sorted, 0.5)), p85: inDays(quantile(sorted, 0.85)) };
}
