import { describe, expect, it } from 'vitest';
import { diffListing } from './diff.ts';
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
  updatedAt: null,
  archived: false,
});
const stored = (
  itemId: string,
  column: string | null,
  enteredColumnAt: number,
  removedAt: number | null = null,
) => [itemId, { itemId, column, enteredColumnAt, removedAt }] as [string, StoredItem];

describe('diffListing', () => {
  it('places items at their column on first sight without inventing earlier history', () => {
    const diff = diffListing({
      observed: [item('a', 'Todo', 500), item('b', null)],
      stored: new Map(),
      now: 1000,
      notBefore: 0,
      initial: true,
      complete: true,
      source: 'poll',
    });
    expect(diff.moves).toEqual([{ itemId: 'a', from: null, to: 'Todo', at: 1000, source: 'snapshot' }]);
    expect(diff.states).toEqual([{ itemId: 'a', column: 'Todo', enteredColumnAt: 500, removed: false }]);
  });

  it('an item first seen later, in a column set before recording began: at GitHub time, partial before it', () => {
    const diff = diffListing({
      observed: [item('old', 'Done', 200), item('new', 'Todo', 800), item('kept', 'Todo', 100)],
      stored: new Map([stored('kept', 'Todo', 100)]),
      now: 1000,
      notBefore: 500,
      initial: false,
      complete: true,
      source: 'poll',
    });
    expect(diff.moves).toEqual([
      { itemId: 'old', from: null, to: 'Done', at: 200, source: 'poll' },
      { itemId: 'new', from: null, to: 'Todo', at: 800, source: 'poll' },
    ]);
    expect(diff.partial).toEqual(new Map([['old', 200]]));
  });

  it('leaves items recorded since the listing began as stored, neither moved nor removed', () => {
    const diff = diffListing({
      observed: [item('a', 'Todo', 100), item('b', 'Doing', 700)],
      stored: new Map([stored('a', 'Doing', 600), stored('b', 'Todo', 500), stored('c', 'Todo', 650)]),
      now: 1000,
      notBefore: 0,
      initial: false,
      complete: true,
      source: 'poll',
      recordedSince: new Set(['a', 'c']),
    });
    expect(diff.moves).toEqual([{ itemId: 'b', from: 'Todo', to: 'Doing', at: 700, source: 'poll' }]);
  });

  it('dates a move at the status update time when plausible, else at now', () => {
    const diff = diffListing({
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
      notBefore: 0,
      initial: false,
      complete: false,
      source: 'poll',
    });
    expect(diff.moves.map((m) => [m.itemId, m.from, m.to, m.at])).toEqual([
      ['a', 'Todo', 'Doing', 700],
      ['b', 'Todo', 'Doing', 1000],
      ['c', 'Todo', 'Doing', 1000],
    ]);
  });

  it('on a complete listing, items that vanished, were archived or lost their status leave the board', () => {
    const archived = { ...item('b', 'Doing'), archived: true };
    const diff = diffListing({
      observed: [archived, item('c', null)],
      stored: new Map([
        stored('a', 'Todo', 1),
        stored('b', 'Doing', 1),
        stored('c', 'Todo', 1),
        stored('z', 'Todo', 1, 5),
      ]),
      now: 1000,
      notBefore: 0,
      initial: false,
      complete: true,
      source: 'poll',
    });
    expect(diff.moves.map((m) => [m.itemId, m.from, m.to])).toEqual([
      ['b', 'Doing', null],
      ['c', 'Todo', null],
      ['a', 'Todo', null],
    ]);
    expect(diff.states.every((s) => s.removed)).toBe(true);
  });

  it('an incremental listing never removes unseen items; a returning item re-enters', () => {
    const diff = diffListing({
      observed: [item('z', 'Todo', 900)],
      stored: new Map([stored('a', 'Todo', 1), stored('z', 'Done', 1, 5)]),
      now: 1000,
      notBefore: 0,
      initial: false,
      complete: false,
      source: 'poll',
    });
    expect(diff.moves).toEqual([{ itemId: 'z', from: null, to: 'Todo', at: 900, source: 'poll' }]);
  });

  it('dates leaving at the item update, a return after the removal, never before the board was added', () => {
    const archived = { ...item('a', 'Doing', 300), archived: true, updatedAt: 800 };
    const cleared = { ...item('b', null), updatedAt: 700 };
    const restored = { ...item('c', 'Doing', 300), updatedAt: 900 };
    const early = item('d', 'Done', 150);
    const diff = diffListing({
      observed: [
        archived,
        cleared,
        restored,
        early,
        item('gone', null),
        { ...item('arch', 'Done'), archived: true },
      ],
      stored: new Map([
        stored('a', 'Doing', 300),
        stored('b', 'Todo', 100),
        stored('c', null, 300, 600),
        stored('d', 'Todo', 100),
        stored('gone', null, 300, 600),
        stored('arch', null, 300, 600),
      ]),
      now: 1000,
      notBefore: 200,
      initial: false,
      complete: true,
      source: 'poll',
    });
    expect(diff.moves.map((m) => [m.itemId, m.from, m.to, m.at])).toEqual([
      ['a', 'Doing', null, 800],
      ['b', 'Todo', null, 700],
      ['c', null, 'Doing', 900],
      ['d', 'Todo', 'Done', 1000],
    ]);
  });
});
