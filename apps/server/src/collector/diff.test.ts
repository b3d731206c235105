import { describe, expect, it } from 'vitest';
import { planSync } from './diff.ts';
import type { ObservedItem, StoredItem } from './observation.ts';

const item = (
  itemId: string,
  column: string | null,
  statusUpdatedAt: number | null = null,
): ObservedItem => ({
  itemId,
  number: 1,
  title: itemId,
  url: null,
  contentType: 'Issue',
  milestone: null,
  labels: [],
  column,
  statusUpdatedAt,
  archived: false,
});
const stored = (
  itemId: string,
  column: string | null,
  enteredColumnAt: number,
  removedAt: number | null = null,
) => [itemId, { itemId, column, enteredColumnAt, removedAt }] as [string, StoredItem];

describe('planSync', () => {
  it('places items at their column on first sight without inventing earlier history', () => {
    const plan = planSync({
      observed: [item('a', 'Todo', 500), item('b', null)],
      stored: new Map(),
      now: 1000,
      initial: true,
      complete: true,
      source: 'poll',
    });
    expect(plan.moves).toEqual([{ itemId: 'a', from: null, to: 'Todo', at: 1000, source: 'snapshot' }]);
    expect(plan.states).toEqual([{ itemId: 'a', column: 'Todo', enteredColumnAt: 500, removed: false }]);
  });

  it('dates a move at the status update time when plausible, else at now', () => {
    const plan = planSync({
      observed: [
        item('a', 'Doing', 700),
        item('b', 'Doing', 100),
        item('c', 'Doing', 5000),
        item('d', 'Todo', 1),
      ],
      stored: new Map([
        stored('a', 'Todo', 500),
        stored('b', 'Todo', 500),
        stored('c', 'Todo', 500),
        stored('d', 'Todo', 1),
      ]),
      now: 1000,
      initial: false,
      complete: false,
      source: 'poll',
    });
    expect(plan.moves.map((m) => [m.itemId, m.from, m.to, m.at])).toEqual([
      ['a', 'Todo', 'Doing', 700],
      ['b', 'Todo', 'Doing', 1000],
      ['c', 'Todo', 'Doing', 1000],
    ]);
  });

  it('on a complete listing, items that vanished, were archived or lost their status leave the board', () => {
    const archived = { ...item('b', 'Doing'), archived: true };
    const plan = planSync({
      observed: [archived, item('c', null)],
      stored: new Map([
        stored('a', 'Todo', 1),
        stored('b', 'Doing', 1),
        stored('c', 'Todo', 1),
        stored('z', 'Todo', 1, 5),
      ]),
      now: 1000,
      initial: false,
      complete: true,
      source: 'poll',
    });
    expect(plan.moves.map((m) => [m.itemId, m.from, m.to])).toEqual([
      ['b', 'Doing', null],
      ['c', 'Todo', null],
      ['a', 'Todo', null],
    ]);
    expect(plan.states.every((s) => s.removed)).toBe(true);
  });

  it('an incremental listing never removes unseen items; a returning item re-enters', () => {
    const plan = planSync({
      observed: [item('z', 'Todo', 900)],
      stored: new Map([stored('a', 'Todo', 1), stored('z', 'Done', 1, 5)]),
      now: 1000,
      initial: false,
      complete: false,
      source: 'poll',
    });
    expect(plan.moves).toEqual([{ itemId: 'z', from: null, to: 'Todo', at: 900, source: 'poll' }]);
  });
});
