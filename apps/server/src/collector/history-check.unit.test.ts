import { describe, expect, it } from 'vitest';
import type { GithubItemHistory } from '../github/types.ts';
import { checkHistories } from './history-check.ts';

const T = (hour: number) => Date.parse('2026-11-01T00:00:00Z') + hour * 3_600_000;
const iso = (hour: number) => new Date(T(hour)).toISOString();
const ADDED = T(100);

function history(
  itemId: string | null,
  addedHour: number | null,
  changes: [number, string | null, string][],
) {
  return {
    itemId,
    contentId: `I_${itemId}`,
    addedAt: addedHour === null ? null : iso(addedHour),
    changes: changes.map(([hour, from, to]) => ({ at: iso(hour), from, to })),
    labels: [],
  } satisfies GithubItemHistory;
}
const now = (itemId: string, column: string | null, hour: number | null) => ({
  itemId,
  column,
  statusUpdatedAt: hour === null ? null : T(hour),
});
const move = (itemId: string, from: string | null, to: string, hour: number) => ({
  itemId,
  from,
  to,
  at: T(hour),
  source: 'backfill',
});

describe('checkHistories', () => {
  it('keeps a chain that ends where GitHub says the item entered its column (a second apart is the same move)', () => {
    const checked = checkHistories(
      [
        history('a', 1, [
          [1, null, 'Todo'],
          [5, 'Todo', 'Doing'],
        ]),
      ],
      [{ ...now('a', 'Doing', 5), statusUpdatedAt: T(5) + 1000 }],
      ADDED,
    );
    expect(checked).toEqual({
      moves: [move('a', null, 'Todo', 1), move('a', 'Todo', 'Doing', 5)],
      partial: new Map(),
      checked: 1,
    });
  });

  it('marks a chain that lost events partial before the known entry, which it records, and invents no move', () => {
    // Todo → Doing (event lost) → Review: GitHub says Review since hour 9; the events end in Todo.
    const checked = checkHistories([history('a', 1, [[1, null, 'Todo']])], [now('a', 'Review', 9)], ADDED);
    expect(checked.moves).toEqual([move('a', null, 'Todo', 1), move('a', null, 'Review', 9)]);
    expect(checked.partial).toEqual(new Map([['a', T(9)]]));
  });

  it('an item without events is complete when its value was set as it was added, else partial', () => {
    const checked = checkHistories(
      [history('set-at-add', 2, []), history('moved-later', 2, [])],
      [now('set-at-add', 'Todo', 2), now('moved-later', 'Done', 30)],
      ADDED,
    );
    expect(checked.moves).toEqual([
      move('set-at-add', null, 'Todo', 2),
      move('moved-later', null, 'Done', 30),
    ]);
    expect([...checked.partial.keys()]).toEqual(['moved-later']);
    expect(checked.checked).toBe(2);
  });

  it('drops events after the known entry (they cannot be placed) and a chain back in the same column is partial', () => {
    const checked = checkHistories(
      [
        history('a', 1, [
          [1, null, 'Todo'],
          [3, 'Todo', 'Done'],
          [20, 'Done', 'Todo'],
        ]),
      ],
      [now('a', 'Done', 10)],
      ADDED,
    );
    expect(checked.moves).toEqual([
      move('a', null, 'Todo', 1),
      move('a', 'Todo', 'Done', 3),
      move('a', null, 'Done', 10),
    ]);
    expect(checked.partial.get('a')).toBe(T(10));
  });

  it('checks only items on the board with a column set before the board was added', () => {
    const checked = checkHistories(
      [
        history('gone', 1, [[1, null, 'Todo']]),
        history(null, 1, [[1, null, 'Todo']]),
        history('no-status', 1, [[1, null, 'Todo']]),
        history('set-since', 1, [[1, null, 'Todo']]),
      ],
      [now('no-status', null, null), now('set-since', 'Done', 101)],
      ADDED,
    );
    expect(checked.moves).toEqual([move('no-status', null, 'Todo', 1), move('set-since', null, 'Todo', 1)]);
    expect(checked.partial.size).toBe(0);
    expect(checked.checked).toBe(0);
  });
});
