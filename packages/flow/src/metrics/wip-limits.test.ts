import { describe, expect, it } from 'vitest';
import type { Stays } from '../timeline/timeline.ts';
import { wipAtDayEnds, wipLimitStatus } from './wip-limits.ts';

const jan = (day: number, hour = 0) => Date.UTC(2024, 0, day, hour);
const dayOf = (ms: number) => Math.floor(ms / 86_400_000);

/** Stays of one column (index 1): [start, end | null]. */
function staysOf(list: [number, number | null][]): Stays {
  return {
    count: list.length,
    item: Uint32Array.from(list, (_, i) => i),
    column: Int16Array.from(list, () => 1),
    start: Float64Array.from(list, ([s]) => s),
    end: Float64Array.from(list, ([, e]) => e ?? Number.NaN),
  };
}

describe('WIP limits (docs/metrics.md worked example)', () => {
  // Review, limit 2: a 2nd 10:00 → 5th 09:00; b from the 3rd 12:00; c 3rd 15:00 → 18:00; d from the 4th 08:00.
  const stays = staysOf([
    [jan(2, 10), jan(5, 9)],
    [jan(3, 12), null],
    [jan(3, 15), jan(3, 18)],
    [jan(4, 8), null],
  ]);
  const window = { first: dayOf(jan(1)), last: dayOf(jan(5)) };
  const daily = wipAtDayEnds(stays, new Map([[1, 'Review']]), window, dayOf);

  it('counts the items in the column at each day end: 0, 1, 2, 3, 2', () => {
    expect([...(daily.get('Review') ?? [])]).toEqual([0, 1, 2, 3, 2]);
  });

  it('names the days over the limit, the peak and whether it is over now', () => {
    const [review] = wipLimitStatus({ Review: 2 }, ['Backlog', 'Review', 'Done'], () => 2, daily, window);
    expect(review).toEqual({
      column: 'Review',
      limit: 2,
      count: 2,
      over: false,
      daysOver: [dayOf(jan(4))],
      peak: 3,
    });
    const [now] = wipLimitStatus({ Review: 1 }, ['Backlog', 'Review', 'Done'], () => 2, daily, window);
    expect(now?.over).toBe(true);
    expect(now?.daysOver).toHaveLength(3);
  });

  it('ignores a limit on a column the board no longer has', () => {
    expect(wipLimitStatus({ Gone: 1 }, ['Backlog', 'Review', 'Done'], () => 9, daily, window)).toEqual([]);
  });
});
