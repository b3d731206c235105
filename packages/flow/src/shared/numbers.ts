/** Small numeric helpers shared by the reports. Nothing here returns NaN, Infinity or -0. */

export const DAY_MS = 86_400_000;

/** Rounds to `places` decimals; non-finite input becomes 0. */
export function round(value: number, places = 2): number {
  if (!Number.isFinite(value)) return 0;
  const factor = 10 ** places;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** A duration in days, rounded, never negative. */
export function days(ms: number, places = 2): number {
  return Math.max(0, round(ms / DAY_MS, places));
}

/** UTC day number (days since 1970-01-01) of an instant. */
export function dayNumber(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** `YYYY-MM-DD` of a UTC day number. */
export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** Iteration length as a whole number of days ≥ 1 (7, the spec's default, when unusable). */
export function iterationDays(value: number): number {
  if (!Number.isFinite(value) || value < 1) return 7;
  return Math.floor(value);
}

/** Percent change from `previous` to `current`; 0 when there is no usable previous value. */
export function percentChange(previous: number, current: number): number {
  if (!(previous > 0) || !Number.isFinite(current)) return 0;
  return round(((current - previous) / previous) * 100, 1);
}

/** Coefficient of variation (population standard deviation / mean) of `values`; null under two values. */
export function coefficientOfVariation(values: ArrayLike<number>): number | null {
  const n = values.length;
  if (n < 2) return null;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i] ?? 0;
  const mean = sum / n;
  if (!(mean > 0)) return 0;
  let squares = 0;
  for (let i = 0; i < n; i++) squares += ((values[i] ?? 0) - mean) ** 2;
  return Math.sqrt(squares / n) / mean;
}

/** Linear-interpolation quantile of ascending `sorted` (the pandas / numpy default). */
export function quantile(sorted: ArrayLike<number>, q: number): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const rank = Math.min(Math.max(q, 0), 1) * (n - 1);
  const lo = Math.floor(rank);
  const hi = Math.min(lo + 1, n - 1);
  const a = sorted[lo] ?? 0;
  const b = sorted[hi] ?? 0;
  return a + (b - a) * (rank - lo);
}

/** Confidence from a sample size: n / (n + 10), capped at 0.95 — 0.5 at ten samples. */
export function confidence(samples: number): number {
  if (!(samples > 0)) return 0;
  return round(Math.min(0.95, samples / (samples + 10)), 2);
}
