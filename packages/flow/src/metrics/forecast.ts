import type { HowManyResult, WhenResult } from '@fluxion/contract';
import { isoDay, round } from '../core/numbers.ts';
import { draw, seededRandom } from '../core/random.ts';

/** The confidence levels of every forecast, in this order. */
export const FORECAST_CONFIDENCES = [0.5, 0.85, 0.95] as const;
/** A "when" trial that has not finished after this many days counts as never (the date is null). */
export const MAX_FORECAST_DAYS = 1000;

export type { HowManyResult, WhenResult };

export type ForecastOptions = { trials: number; seed: number };

/** How many trials (of `n`) a confidence `c` must cover: ⌈c·n⌉, robust to float error, at least 1. */
function covered(c: number, n: number): number {
  return Math.max(1, Math.min(n, Math.ceil(c * n - 1e-9)));
}

/**
 * "How many items in the next `horizon` days": each trial adds `horizon` days drawn at random (with
 * replacement) from the daily throughput `sample`. At confidence c the answer is the largest total
 * reached by at least c of the trials: ascending totals T, T[n − ⌈c·n⌉] (c = 0.85 → 15th percentile).
 */
export function forecastHowMany(
  sample: readonly number[],
  horizon: number,
  options: ForecastOptions,
): HowManyResult[] {
  const random = seededRandom(options.seed);
  const totals = new Float64Array(options.trials);
  for (let t = 0; t < totals.length; t++) {
    let total = 0;
    for (let d = 0; d < horizon; d++) total += draw(sample, random);
    totals[t] = total;
  }
  totals.sort();
  const n = totals.length;
  return FORECAST_CONFIDENCES.map((confidence) => ({
    confidence,
    items: n === 0 ? 0 : round(totals[n - covered(confidence, n)] as number),
  }));
}

/** Days one trial needs to finish `target` items (day 1 = tomorrow); Infinity past the limit. */
function daysToFinish(sample: readonly number[], target: number, random: () => number): number {
  let done = 0;
  for (let day = 1; day <= MAX_FORECAST_DAYS; day++) {
    done += draw(sample, random);
    if (done >= target) return day;
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * "When will the next `target` items be done": each trial draws days from `sample` until the target is
 * reached. At confidence c the answer is the fewest days within which at least c of the trials finished:
 * ascending days D, D[⌈c·n⌉ − 1] (c = 0.85 → 85th percentile), as a date counted from `today` (in
 * working days when the calendar has days off: `after`).
 */
export function forecastWhen(
  sample: readonly number[],
  target: number,
  today: number,
  options: ForecastOptions,
  /** The day `n` (working) days after `today`; plain days by default. */
  after: (today: number, n: number) => number = (day, n) => day + n,
): WhenResult[] {
  const random = seededRandom(options.seed);
  const productive = sample.some((count) => count > 0);
  const days = new Float64Array(productive ? options.trials : 0);
  for (let t = 0; t < days.length; t++) days[t] = daysToFinish(sample, target, random);
  days.sort();
  return FORECAST_CONFIDENCES.map((confidence) => {
    const d =
      days.length === 0 ? Number.POSITIVE_INFINITY : (days[covered(confidence, days.length) - 1] as number);
    return Number.isFinite(d)
      ? { confidence, days: d, date: isoDay(after(today, d)) }
      : { confidence, days: null, date: null };
  });
}
