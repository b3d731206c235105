import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoardColumns } from '../types.ts';
import { queueHealth } from './queue.ts';

const board: BoardColumns = {
  columns: ['Backlog', 'Ready', 'In Progress', 'Waiting for review', 'Review', 'Done'],
  cycleStartColumn: 'Ready',
};
const names = [...board.columns, 'Renamed away', null];

describe('queueHealth', () => {
  it('counts the same whether the items come in runs of one shared object a column or one by one, in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: names.length - 1 }), { maxLength: 80 }), (picks) => {
        const oneByOne = picks.map((p) => ({ column: names[p] as string | null }));
        const shared = names.map((column) => ({ column }));
        const runs = [...picks].sort((a, b) => a - b).map((p) => shared[p] as { column: string | null });
        expect(queueHealth(board, runs)).toEqual(queueHealth(board, oneByOne));
      }),
    );
  });

  it('counts committed work only: waiting over waiting and productive, none without open work', () => {
    const items = ['Backlog', 'Backlog', 'Ready', 'In Progress', 'Waiting for review', 'Done', null].map(
      (column) => ({ column }),
    );
    const health = queueHealth(board, items);
    expect(health.open).toBe(health.waiting + 1);
    expect(health.waiting).toBeGreaterThan(0);
    expect(queueHealth(board, [{ column: 'Backlog' }, { column: 'Done' }])).toEqual({
      waiting: 0,
      open: 0,
      ratio: null,
    });
  });
});
