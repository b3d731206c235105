import { describe, expect, it } from 'vitest';
import type { Move } from './moves.ts';
import { hasSameMove, newMoves, type RecordedMove } from './same-move.ts';

const T = Date.UTC(2026, 10, 1, 9);
const move = (from: string | null, to: string | null, at: number, source: Move['source'] = 'poll'): Move => ({
  itemId: 'i1',
  from,
  to,
  at,
  source,
});

const recordedAs = (
  from: string | null,
  to: string | null,
  at: number,
  { id = 1, source = 'webhook', looked = false } = {},
): RecordedMove => ({ id, from, to, at, source, looked });

describe('hasSameMove', () => {
  it('finds the move recorded by the other path with the same stamp, not one a little apart', () => {
    const recorded = [recordedAs('Todo', 'Doing', T)];
    expect(hasSameMove(recorded, move('Todo', 'Doing', T, 'poll'))).toBe(true);
    expect(hasSameMove(recorded, move('Todo', 'Doing', T, 'webhook'))).toBe(true);
    // Two paths' stamps of one move may lie either side of a second's turn; one path's never do.
    expect(hasSameMove(recorded, move('Todo', 'Doing', T + 1000, 'poll'))).toBe(true);
    expect(hasSameMove(recorded, move('Todo', 'Doing', T + 1000, 'webhook'))).toBe(false);
    // A → B, B → A (still on its way), A → B: the third is a move of its own.
    expect(hasSameMove(recorded, move('Todo', 'Doing', T + 10_000, 'webhook'))).toBe(false);
    expect(hasSameMove(recorded, move('Todo', 'Doing', T + 10_000, 'poll'))).toBe(false);
    expect(hasSameMove(recorded, move('Todo', 'Done', T, 'webhook'))).toBe(false);
  });

  it('a poll that dated the move when it looked matches within the window, either way round', () => {
    const polled = [recordedAs('Todo', 'Doing', T, { source: 'poll', looked: true })];
    expect(hasSameMove(polled, move('Todo', 'Doing', T - 90_000, 'webhook'))).toBe(true);
    expect(hasSameMove(polled, move('Todo', 'Doing', T - 3 * 60_000, 'webhook'))).toBe(false);
    const webhook = [recordedAs('Todo', 'Doing', T)];
    expect(hasSameMove(webhook, move('Todo', 'Doing', T + 90_000, 'poll'), true)).toBe(true);
    expect(hasSameMove(webhook, move('Todo', 'Doing', T + 90_000, 'poll'), false)).toBe(false);
  });

  it("against a poll's move only the column entered must agree: the poll may have seen only the end", () => {
    const polled = [recordedAs('Todo', 'Done', T, { source: 'poll' })];
    expect(hasSameMove(polled, move('Doing', 'Done', T, 'webhook'))).toBe(true);
    expect(hasSameMove([recordedAs('Todo', 'Done', T)], move('Doing', 'Done', T, 'webhook'))).toBe(false);
  });

  it('a move back and forth between the two is a new move', () => {
    const backAndForth = [
      recordedAs('Todo', 'Doing', T, { source: 'poll', looked: true }),
      recordedAs('Doing', 'Todo', T + 30_000, { id: 2 }),
    ];
    expect(hasSameMove(backAndForth, move('Todo', 'Doing', T + 60_000), true)).toBe(false);
  });

  it('at one second, the recording order tells what lies between', () => {
    const sameSecond = [recordedAs('Doing', 'Todo', T, { id: 5 }), recordedAs('Todo', 'Doing', T, { id: 6 })];
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
    expect(newMoves(batch, new Map(), T)).toEqual([batch[0], batch[2]]);
  });

  it('a real A → B, B → A, A → B in one batch is three moves', () => {
    const batch = [
      move('Todo', 'Doing', T),
      move('Doing', 'Todo', T + 1000),
      move('Todo', 'Doing', T + 2000),
    ];
    expect(newMoves(batch, new Map(), T)).toEqual(batch);
  });

  it('keeps every snapshot, and checks other items apart', () => {
    const recorded = new Map([['i1', [recordedAs(null, 'Todo', T)]]]);
    const snapshot = move(null, 'Todo', T, 'snapshot');
    const other = { ...move(null, 'Todo', T), itemId: 'i2' };
    expect(newMoves([snapshot, move(null, 'Todo', T), other], recorded, T)).toEqual([snapshot, other]);
  });
});
