import type { ItemTimeline } from '../timeline/item-timelines.ts';
import { DAY_MS, dayNumber, isoDay, quantile } from '../shared/numbers.ts';

export type CfdRow = { date: string; counts: Record<string, number> };
export type ThroughputRow = { date: string; count: number };

export const DEFAULT_QUANTILES = [0.5, 0.7, 0.85, 0.95] as const;

type DayRange = { first: number; last: number };

function entryDayRange(items: readonly ItemTimeline[]): DayRange | null {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const item of items) {
    for (const at of Object.values(item.entered)) {
      if (at === null) continue;
      first = Math.min(first, dayNumber(at));
      last = Math.max(last, dayNumber(at));
    }
  }
  return Number.isFinite(first) ? { first, last } : null;
}

/**
 * Cumulative flow: one row per UTC day from the first to the last entry date (or the given range); each
 * column counts the items whose entry into it (after the rules, back-filled) is on or before that day.
 */
export function cumulativeFlow(
  items: readonly ItemTimeline[],
  columns: readonly string[],
  range?: DayRange,
): CfdRow[] {
  const span = range ?? entryDayRange(items);
  if (!span) return [];
  const length = span.last - span.first + 1;
  const perColumn = columns.map(() => new Float64Array(length));
  for (const item of items) {
    columns.forEach((name, c) => {
      const at = item.entered[name];
      if (at === null || at === undefined) return;
      const i = Math.max(0, dayNumber(at) - span.first);
      const counts = perColumn[c] as Float64Array;
      if (i < length) counts[i] = (counts[i] as number) + 1;
    });
  }
  for (const counts of perColumn)
    for (let i = 1; i < length; i++) counts[i] = (counts[i] as number) + (counts[i - 1] as number);
  return Array.from({ length }, (_, i) => ({
    date: isoDay(span.first + i),
    counts: Object.fromEntries(columns.map((name, c) => [name, (perColumn[c] as Float64Array)[i] as number])),
  }));
}

/** Completions per UTC day from the first to the last completion, zero days kept. */
export function throughput(items: readonly ItemTimeline[]): ThroughputRow[] {
  const days = items.flatMap((i) => (i.completedAt === null ? [] : [dayNumber(i.completedAt)]));
  if (days.length === 0) return [];
  const first = Math.min(...days);
  const counts = new Array<number>(Math.max(...days) - first + 1).fill(0);
  for (const day of days) counts[day - first] = (counts[day - first] as number) + 1;
  return counts.map((count, i) => ({ date: isoDay(first + i), count }));
}

/** Cycle-time percentiles in days of completed items, linear interpolation (keys like "0.85"). */
export function cycleTimePercentiles(
  cycleTimesMs: readonly number[],
  quantiles: readonly number[] = DEFAULT_QUANTILES,
): Record<string, number | null> {
  const sorted = Float64Array.from(cycleTimesMs.map((ms) => ms / DAY_MS)).sort();
  return Object.fromEntries(quantiles.map((q) => [String(q), quantile(sorted, q)]));
}
