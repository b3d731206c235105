import { type BoardItem, toTransitionColumns } from '@fluxion/flow';
import { describe, expect, it } from 'vitest';
import { inOrderOfMoves } from './board-snapshots.ts';

const item = (id: string): BoardItem => ({
  id,
  number: null,
  title: id,
  url: null,
  milestone: null,
  labels: [],
  column: 'Doing',
  enteredColumnAt: null,
});

describe("a big board snapshot's items", () => {
  it('follow their first recorded move, those never moved after them in the order they came', () => {
    const items = ['x', 'c', 'a', 'y', 'b'].map(item);
    // The dictionary lists c before a; the moves reach a first: a's first move comes first.
    const itemIds = ['b', 'unmoved', 'c', 'a'];
    const codes = [0, 3, 0, 2, 3, 0];
    const moves = toTransitionColumns([]);
    const ordered = inOrderOfMoves(items, {
      ...moves,
      itemIds,
      count: codes.length,
      item: Int32Array.from(codes),
    });
    expect(ordered.map((i) => i.id)).toEqual(['b', 'a', 'c', 'x', 'y']);
    expect(ordered[0]).toBe(items[4]);
    expect(items.map((i) => i.id)).toEqual(['x', 'c', 'a', 'y', 'b']);
  });
});
