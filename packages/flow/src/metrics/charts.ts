import { DAY_MS, dayNumber, isoDay, quantile } from '../core/numbers.ts';
import type { ItemTimeline } from '../timeline/item-timelines.ts';

export type CfdRow = { date: string; counts: Record<string, number> };
export type ThroughputRow = { date: string; count: number };
export type HistogramBin = { from_days: number; to_days: number; count: number };

export const DEFAULT_QUANTILES = [0.5, 0.7, 0.85, 0.95] as const;

type DayRange = { first: number; last: number };

/**
 * Column entry times of many items, one row of `width` per item (NaN: not entered), and for each
 * charted column the slot of its row it reads. What the timeline holds, so the board report charts it
 * without building an object per item.
 */
export type EntryTable = {
  entries: Float64Array;
  width: number;
  slots: readonly number[];
  /** What each row adds (its estimate, in estimate units); 1 each when absent. */
  weights?: Float64Array;
};

type DayOf = (ms: number) => number;

function entryDayRange(entries: Float64Array, dayOf: DayOf): DayRange | null {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < entries.length; i++) {
    const at = entries[i] as number;
    if (at < first) first = at;
    if (at > last) last = at;
  }
  return Number.isFinite(first) ? { first: dayOf(first), last: dayOf(last) } : null;
}

/** Cumulative flow of an entry table (see `cumulativeFlow`). */
export function cumulativeFlowOf(
  table: EntryTable,
  columns: readonly string[],
  range?: DayRange,
  dayOf: DayOf = dayNumber,
): CfdRow[] {
  const span = range ?? entryDayRange(table.entries, dayOf);
  if (!span) return [];
  const length = span.last - span.first + 1;
  const perColumn = columns.map(() => new Float64Array(length));
  const { entries, width, slots, weights } = table;
  // The latest instant seen on the range's first day or before: any earlier one counts there too, without
  // asking its day (most entries of a long history come before a recent range; days never go backwards).
  let onFirstDay = Number.NEGATIVE_INFINITY;
  for (let row = 0; row < entries.length; row += width) {
    const weight = weights ? (weights[row / width] as number) : 1;
    for (let c = 0; c < columns.length; c++) {
      const at = entries[row + (slots[c] as number)] as number;
      if (Number.isNaN(at)) continue;
      let i = 0;
      if (at > onFirstDay) {
        i = Math.max(0, dayOf(at) - span.first);
        if (i === 0) onFirstDay = at;
      }
      const counts = perColumn[c] as Float64Array;
      if (i < length) counts[i] = (counts[i] as number) + weight;
    }
  }
  for (const counts of perColumn)
    for (let i = 1; i < length; i++) counts[i] = (counts[i] as number) + (counts[i - 1] as number);
  return Array.from({ length }, (_, i) => ({
    date: isoDay(span.first + i),
    counts: Object.fromEntries(columns.map((name, c) => [name, (perColumn[c] as Float64Array)[i] as number])),
  }));
}

/**
 * Cumulative flow: one row per local day (`dayOf`, default UTC) from the first to the last entry date (or the given range); each
 * column counts the items whose entry into it (after the rules, back-filled) is on or before that day.
 */
export function cumulativeFlow(
  items: readonly Pick<ItemTimeline, 'entered'>[],
  columns: readonly string[],
  range?: DayRange,
  dayOf: DayOf = dayNumber,
  /** What each item (by position) adds; 1 each when absent. */
  weights?: Float64Array,
): CfdRow[] {
  const entries = new Float64Array(items.length * columns.length);
  items.forEach((item, i) => {
    columns.forEach((name, c) => {
      entries[i * columns.length + c] = item.entered[name] ?? Number.NaN;
    });
  });
  return cumulativeFlowOf(
    { entries, width: columns.length, slots: columns.map((_, c) => c), ...(weights ? { weights } : {}) },
    columns,
    range,
    dayOf,
  );
}

/** Completions per local day from the first to the last completion, zero days kept (NaN: not complete). */
export function throughputOf(completions: ArrayLike<number>, dayOf: DayOf = dayNumber): ThroughputRow[] {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < completions.length; i++) {
    const at = completions[i] as number;
    if (at < first) first = at;
    if (at > last) last = at;
  }
  if (!Number.isFinite(first)) return [];
  const firstDay = dayOf(first);
  const counts = new Array<number>(dayOf(last) - firstDay + 1).fill(0);
  for (let i = 0; i < completions.length; i++) {
    const at = completions[i] as number;
    if (!Number.isNaN(at)) counts[dayOf(at) - firstDay] = (counts[dayOf(at) - firstDay] as number) + 1;
  }
  return counts.map((count, i) => ({ date: isoDay(firstDay + i), count }));
}

/** Completions per UTC day from the first to the last completion, zero days kept. */
export function throughput(items: readonly ItemTimeline[]): ThroughputRow[] {
  return throughputOf(items.map((i) => i.completedAt ?? Number.NaN));
}

/** Cycle-time percentiles in days of completed items, linear interpolation (keys like "0.85"). */
export function cycleTimePercentiles(
  cycleTimesMs: ArrayLike<number>,
  quantiles: readonly number[] = DEFAULT_QUANTILES,
): Record<string, number | null> {
  const sorted = new Float64Array(cycleTimesMs.length);
  for (let i = 0; i < sorted.length; i++) sorted[i] = (cycleTimesMs[i] as number) / DAY_MS;
  sorted.sort();
  return Object.fromEntries(quantiles.map((q) => [String(q), quantile(sorted, q)]));
}

/** How many durations fall in each whole day [k, k + 1), from 0 to the longest, empty days kept. */
export function histogram(durationsDays: ArrayLike<number>): HistogramBin[] {
  let longest = -1;
  for (let i = 0; i < durationsDays.length; i++) longest = Math.max(longest, durationsDays[i] as number);
  if (longest < 0) return [];
  const counts = new Array<number>(Math.floor(longest) + 1).fill(0);
  for (let i = 0; i < durationsDays.length; i++) {
    const bin = Math.floor(Math.max(0, durationsDays[i] as number));
    counts[bin] = (counts[bin] as number) + 1;
  }
  return counts.map((count, k) => ({ from_days: k, to_days: k + 1, count }));
}
