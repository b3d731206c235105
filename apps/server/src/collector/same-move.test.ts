import { describe, expect, it } from 'vitest';
import type { Move } from './observation.ts';
import { hasSameMove, newMoves, type RecordedMove } from './same-move.ts';

const T = Date.UTC(2026, 10, 1, 9);
const move = (from: string | null, to: string | null, at: number, source: Move['source'] = 'poll'): Move => ({
  itemId: 'i1',
  from,
  to,
  at,
  source,
});

describe('hasSameMove', () => {
  const recorded: RecordedMove[] = [{ id: 1, from: 'Todo', to: 'Doing', at: T }];

  it('finds the move recorded by the other path a little apart, not one outside the window', () => {
    expect(hasSameMove(recorded, move('Todo', 'Doing', T + 90_000, 'webhook'))).toBe(true);
    expect(hasSameMove(recorded, move('Todo', 'Doing', T - 90_000, 'webhook'))).toBe(true);
    expect(hasSameMove(recorded, move('Todo', 'Doing', T + 3 * 60_000, 'webhook'))).toBe(false);
    expect(hasSameMove(recorded, move('Todo', 'Done', T, 'webhook'))).toBe(false);
  });

  it('a move back and forth between the two is a new move', () => {
    const backAndForth = [...recorded, { id: 2, from: 'Doing', to: 'Todo', at: T + 30_000 }];
    expect(hasSameMove(backAndForth, move('Todo', 'Doing', T + 60_000))).toBe(false);
  });

  it('at one second, the recording order tells what lies between', () => {
    const sameSecond = [
      { id: 5, from: 'Doing', to: 'Todo', at: T },
      { id: 6, from: 'Todo', to: 'Doing', at: T },
    ];
    expect(hasSameMove(sameSecond, move('Todo', 'Doing', T))).toBe(true);
    expect(
      hasSameMove(
        [...sameSecond].reverse().map((r, i) => ({ ...r, id: i })),
        move('Todo', 'Doing', T),
      ),
    ).toBe(false);
  });
});

describe('newMoves', () => {
  it('counts the moves accepted earlier in the same batch', () => {
    const batch = [
      move('Todo', 'Doing', T),
      move('Todo', 'Doing', T + 1000),
      move('Doing', 'Todo', T + 2000),
    ];
    expect(newMoves(batch, new Map())).toEqual([batch[0], batch[2]]);
  });

  it('a real A → B, B → A, A → B in one batch is three moves', () => {
    const batch = [
      move('Todo', 'Doing', T),
      move('Doing', 'Todo', T + 1000),
      move('Todo', 'Doing', T + 2000),
    ];
    expect(newMoves(batch, new Map())).toEqual(batch);
  });

  it('keeps every snapshot, and checks other items apart', () => {
    const recorded = new Map([['i1', [{ id: 1, from: null, to: 'Todo', at: T }]]]);
    const snapshot = move(null, 'Todo', T, 'snapshot');
    const other = { ...move(null, 'Todo', T), itemId: 'i2' };
    expect(newMoves([snapshot, move(null, 'Todo', T), other], recorded)).toEqual([snapshot, other]);
  });
});
