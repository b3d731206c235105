import { describe, expect, it } from 'vitest';
import type { Move, StoredItem } from './observation.ts';
import { diffReportedMoves } from './reported-moves.ts';

const move = (itemId: string, from: string | null, to: string | null, at: number): Move => ({
  itemId,
  from,
  to,
  at,
  source: 'webhook',
});
const stored = (itemId: string, column: string | null, enteredColumnAt: number | null, removedAt = null) =>
  [itemId, { itemId, column, enteredColumnAt, removedAt }] as [string, StoredItem];

describe('planning reported moves', () => {
  it('plans moves of one item as if recorded one after the other', () => {
    const diff = diffReportedMoves(new Map([stored('a', 'Todo', 100)]), [
      move('a', null, 'Doing', 200),
      move('a', null, 'Done', 300),
    ]);
    expect(diff.candidates.map((c) => [c?.from, c?.to])).toEqual([
      ['Todo', 'Doing'],
      ['Doing', 'Done'],
    ]);
    expect(diff.states.at(-1)).toEqual({ itemId: 'a', column: 'Done', enteredColumnAt: 300, removed: false });
    expect(diff.late.size).toBe(0);
  });

  it('a move dated before the column the item entered is late: recorded, the column stays', () => {
    const diff = diffReportedMoves(new Map([stored('a', 'Done', 500)]), [
      move('a', 'Todo', 'Doing', 200),
      move('a', null, 'Todo', 600),
      move('a', 'Doing', 'Review', 550),
    ]);
    const [early, next, after] = diff.candidates;
    // Late against Done (entered at 500), then against Todo (entered at 600 by the move before it).
    expect(diff.late).toEqual(new Set([early, after]));
    expect(diff.late.has(next as Move)).toBe(false);
    expect(diff.states).toEqual([{ itemId: 'a', column: 'Todo', enteredColumnAt: 600, removed: false }]);
  });

  it('an item not stored gets a row once; a move off the board of an item not on it is nothing', () => {
    const diff = diffReportedMoves(new Map([stored('gone', 'Todo', 100, 150 as never)]), [
      move('gone', null, null, 200),
      move('new', null, 'Todo', 200),
      move('new', null, 'Doing', 300),
    ]);
    expect(diff.candidates[0]).toBeNull();
    expect(diff.candidates[2]?.from).toBe('Todo');
    expect(diff.newItems).toEqual(['new']);
  });

  it('a move off the board leaves the item without a column: a later move starts from nowhere', () => {
    const diff = diffReportedMoves(new Map([stored('a', 'Todo', 100)]), [
      move('a', null, null, 200),
      move('a', null, 'Doing', 300),
    ]);
    expect(diff.candidates.map((c) => [c?.from, c?.to])).toEqual([
      ['Todo', null],
      [null, 'Doing'],
    ]);
    expect(diff.states[0]).toEqual({ itemId: 'a', column: null, enteredColumnAt: null, removed: true });
  });
});
