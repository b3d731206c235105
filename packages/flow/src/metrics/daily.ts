/**
 * Daily trailing windows over bucketed samples. Samples are added per UTC day, then turned into prefix
 * sums once, so the mean over any window of days costs O(1): O(samples + days) for a whole series.
 */
export type DailySums = {
  first: number;
  last: number;
  sum: Float64Array;
  count: Float64Array;
};

export function createDailySums(first: number, last: number): DailySums {
  const length = Math.max(0, last - first + 1) + 1;
  return { first, last, sum: new Float64Array(length), count: new Float64Array(length) };
}

/** Adds one sample on a day; samples outside the range (or on a NaN day) are ignored. */
export function addSample(s: DailySums, day: number, value: number): void {
  // No value (a partial history's lead time: docs/metrics.md): the completion is not a sample.
  if (!(day >= s.first && day <= s.last) || Number.isNaN(value)) return;
  const i = day - s.first + 1;
  s.sum[i] = (s.sum[i] as number) + value;
  s.count[i] = (s.count[i] as number) + 1;
}

/** Turns the buckets into prefix sums; call once after the last sample. */
export function accumulate(s: DailySums): DailySums {
  for (let i = 1; i < s.sum.length; i++) {
    s.sum[i] = (s.sum[i] as number) + (s.sum[i - 1] as number);
    s.count[i] = (s.count[i] as number) + (s.count[i - 1] as number);
  }
  return s;
}

export type WindowTotal = { sum: number; count: number };

/** Total of the `width` days ending on `day` (inclusive), after `accumulate`. */
export function windowTotal(s: DailySums, day: number, width: number): WindowTotal {
  const hi = Math.min(day, s.last) - s.first + 1;
  const lo = Math.max(day - width + 1, s.first) - s.first;
  if (hi <= lo) return { sum: 0, count: 0 };
  return {
    sum: (s.sum[hi] as number) - (s.sum[lo] as number),
    count: (s.count[hi] as number) - (s.count[lo] as number),
  };
}

export function mean(total: WindowTotal): number {
  return total.count > 0 ? total.sum / total.count : 0;
}
