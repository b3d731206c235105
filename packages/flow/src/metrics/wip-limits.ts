import type { Stays } from '../timeline/timeline.ts';
import type { DayRange } from './flow-throughput.ts';

/** A team's work-in-progress limits: column name → the most items it should hold at once. */
export type WipLimits = Readonly<Record<string, number>>;

/** One limited column: its items now, and the window days whose end found it over its limit. */
export type WipLimitStatus = {
  column: string;
  limit: number;
  count: number;
  over: boolean;
  /** The window's days (by number) on which more than `limit` items were in the column at the day's end. */
  daysOver: number[];
  /** The most items it held at a day's end in the window. */
  peak: number;
};

/**
 * Items in each column at the end of each window day (at `now` for today), from the stays: a stay counts
 * from the end of the day it began to the end of the day before it ended (an item that left during a day
 * is not there at its end; an open stay counts through today). `columns` selects the columns counted
 * (index → name); the result is one count per window day for each.
 */
export function wipAtDayEnds(
  stays: Stays,
  columns: ReadonlyMap<number, string>,
  window: DayRange,
  dayOf: (ms: number) => number,
  /**
   * Where each item's stays begin, when they are written item by item in time order (`stayStarts`): the
   * items whose last move is known to be before the window are then passed over but for their last stay.
   */
  itemStarts?: Int32Array,
): Map<string, Int32Array> {
  const length = window.last - window.first + 1;
  const diffs = new Map<number, Int32Array>();
  for (const c of columns.keys()) diffs.set(c, new Int32Array(length + 1));
  // By column position, so the loop over every stay of the board looks nothing up in a Map.
  const diffAt: (Int32Array | undefined)[] = [];
  for (const [c, diff] of diffs) if (c >= 0) diffAt[c] = diff;
  // The latest end seen on the window's first day or before: a stay that ended by then is not at any of
  // the window's day ends, and is passed over without asking its days (most stays of a long history).
  let endedBefore = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < stays.count; i++) {
    if (itemStarts !== undefined) {
      // An item's stays follow one another, each ended by the time its last one began: when that began
      // by a known end on the window's first day or before, its stays before the last are at no day end.
      const last = (itemStarts[(stays.item[i] as number) + 1] as number) - 1;
      if (i < last && (stays.start[last] as number) <= endedBefore) i = last;
    }
    const column = stays.column[i] as number;
    const diff = column < 0 ? diffs.get(column) : diffAt[column];
    if (!diff) continue;
    const end = stays.end[i] as number;
    if (end <= endedBefore) continue;
    if (!Number.isNaN(end) && dayOf(end) <= window.first) {
      endedBefore = end;
      continue;
    }
    const first = Math.max(dayOf(stays.start[i] as number), window.first);
    const last = Math.min(Number.isNaN(end) ? window.last : dayOf(end) - 1, window.last);
    if (last < first) continue;
    (diff[first - window.first] as number)++;
    (diff[last - window.first + 1] as number)--;
  }
  const out = new Map<string, Int32Array>();
  for (const [c, diff] of diffs) {
    const counts = new Int32Array(length);
    let running = 0;
    for (let d = 0; d < length; d++) counts[d] = running += diff[d] as number;
    out.set(columns.get(c) as string, counts);
  }
  return out;
}

/**
 * Each limited board column with its items now (`countNow`: the board's current items, what Issues in
 * Columns shows) and the days it was over its limit. Limits on columns the board no longer has are ignored.
 */
export function wipLimitStatus(
  limits: WipLimits,
  boardColumns: readonly string[],
  countNow: (column: string) => number,
  daily: ReadonlyMap<string, Int32Array>,
  window: DayRange,
): WipLimitStatus[] {
  return boardColumns.flatMap((column) => {
    const limit = limits[column];
    if (limit === undefined) return [];
    const counts = daily.get(column) ?? new Int32Array(0);
    const daysOver: number[] = [];
    counts.forEach((n, d) => {
      if (n > limit) daysOver.push(window.first + d);
    });
    const count = countNow(column);
    return [{ column, limit, count, over: count > limit, daysOver, peak: Math.max(0, ...counts) }];
  });
}
