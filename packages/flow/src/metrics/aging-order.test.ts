import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgingItem } from '../reports/flow-types.ts';
import type { BoardItem } from '../types.ts';
import { days } from '../core/numbers.ts';
import { agingWip } from './aging.ts';

/** The order aging has always had: oldest first, then by number, then id (a stable sort). */
const byAgeThenNumber = (
  a: Pick<AgingItem, 'id' | 'number' | 'age_days'>,
  b: Pick<AgingItem, 'id' | 'number' | 'age_days'>,
) => b.age_days - a.age_days || (a.number ?? 0) - (b.number ?? 0) || a.id.localeCompare(b.id);

const DAY = 86_400_000;
const NOW = Date.parse('2025-01-01T00:00:00Z');
const percentiles = { p50: 1, p70: 2, p85: 3, p95: 4 };

function item(id: string, number: number | null, column: string, enteredColumnAt: number): BoardItem {
  return { id, number, title: id, url: null, milestone: null, labels: [], column, enteredColumnAt };
}

/** Items in progress started a few whole or quarter days ago: many equal ages, numbers and ids alike. */
const boardItems = fc.array(
  fc.record({
    id: fc.constantFrom('a', 'B', 'b', 'é', 'e', 'x1', 'x2', 'A'),
    number: fc.option(fc.integer({ min: 0, max: 5 })),
    column: fc.constantFrom('Doing', 'Review', 'Done'),
    quarters: fc.integer({ min: 0, max: 12 }),
  }),
  { maxLength: 60 },
);

describe('aging order', () => {
  it('is the comparator’s stable order, ties and all', () => {
    fc.assert(
      fc.property(boardItems, (rows) => {
        const items = rows.map((r) => item(r.id, r.number, r.column, NOW - (r.quarters * DAY) / 4));
        const aged = agingWip(items, { get: () => undefined }, ['Doing', 'Review'], NOW, percentiles);
        // The rows as built, in the board's order, then sorted by the comparator.
        const built = items
          .filter((i) => i.column !== 'Done')
          .map((i) => ({ id: i.id, number: i.number, age_days: days(NOW - (i.enteredColumnAt as number)) }));
        expect(aged.map(key)).toEqual(built.sort(byAgeThenNumber).map(key));
      }),
      { numRuns: 300 },
    );
  });

  it('orders a long run of equal ages (items that share one start) by number, then id', () => {
    const ids = Array.from({ length: 5_000 }, (_, i) => `item-${(i * 7919) % 5_000}`);
    const items = ids.map((id, i) => item(id, i % 3 === 0 ? null : 5_000 - i, 'Doing', NOW - DAY));
    const aged = agingWip(items, { get: () => undefined }, ['Doing'], NOW, percentiles);
    const built = items.map((i) => ({ id: i.id, number: i.number, age_days: 1 }));
    expect(aged.map(key)).toEqual(built.sort(byAgeThenNumber).map(key));
  });
});

const key = (r: Pick<AgingItem, 'id' | 'number' | 'age_days'>) => `${r.id}|${r.number}|${r.age_days}`;
