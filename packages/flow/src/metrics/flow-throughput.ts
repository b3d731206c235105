import type { ItemTimeline } from '../timeline/item-timelines.ts';
import type { Calendar } from '../core/calendar.ts';
import { dayNumber, isoDay, round } from '../core/numbers.ts';

export type DayRange = { first: number; last: number };

/** What a completed item adds to a day: 1 (items), or its estimate (docs/metrics.md, "Iterations and estimates"). */
export type ItemWeight = (itemId: string) => number;

/** Completions per local day (`dayOf`, default UTC) over `range` (inclusive), zero days kept, in day order. */
export function dailyCompletions(
  items: readonly ItemTimeline[],
  range: DayRange,
  dayOf: (ms: number) => number = dayNumber,
  weight?: ItemWeight,
): number[] {
  const length = Math.max(0, range.last - range.first + 1);
  const counts = new Array<number>(length).fill(0);
  for (const item of items) {
    if (item.completedAt === null) continue;
    const i = dayOf(item.completedAt) - range.first;
    if (i >= 0 && i < length) counts[i] = (counts[i] as number) + (weight ? weight(item.itemId) : 1);
  }
  return counts;
}

export type WeekRow = { week_start: string; week_end: string; count: number };

/** Whole 7-day blocks ending on the range's last day, oldest first; a shorter leftover is dropped. */
export function weeklyCompletions(daily: readonly number[], range: DayRange): WeekRow[] {
  const weeks = Math.floor(daily.length / 7);
  return Array.from({ length: weeks }, (_, w) => {
    const end = daily.length - 7 * (weeks - 1 - w);
    const count = round(daily.slice(end - 7, end).reduce((a, b) => a + b, 0));
    return { week_start: isoDay(range.first + end - 7), week_end: isoDay(range.first + end - 1), count };
  });
}

/**
 * The forecasts' sample: completions per complete local day, from `sampleDays` days before today (or the
 * board's first recorded day, when later) to yesterday. Days before the board's history are unknown, not
 * zero. null when there is no such day. With non-working days, only working days are sampled: a
 * completion on a day off counts on the last working day before it (dropped before the first one).
 */
export function throughputSample(
  items: readonly ItemTimeline[],
  today: number,
  sampleDays: number,
  calendar?: Calendar,
  weight?: ItemWeight,
  /** The board's first recorded day, when the caller knows it (`items` may then be the recent ones only). */
  boardFirstDay?: number,
): { range: DayRange; counts: number[] } | null {
  const dayOf = calendar?.dayOf ?? dayNumber;
  let firstDay = boardFirstDay ?? Number.POSITIVE_INFINITY;
  if (boardFirstDay === undefined)
    for (const item of items)
      if (item.firstEntryAt !== null) firstDay = Math.min(firstDay, dayOf(item.firstEntryAt));
  const range = { first: Math.max(today - sampleDays, firstDay), last: today - 1 };
  if (!(range.first <= range.last)) return null;
  const daily = dailyCompletions(items, range, dayOf, weight);
  if (!calendar?.partial) return { range, counts: daily };
  const counts: number[] = [];
  daily.forEach((count, i) => {
    if (calendar.isWorkingDay(range.first + i)) counts.push(count);
    else if (counts.length > 0) counts[counts.length - 1] = (counts.at(-1) as number) + count;
  });
  return counts.length > 0 ? { range, counts } : null;
}
