import type { BoardItem } from '@fluxion/flow';
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
    const ordered = inOrderOfMoves(items, ['b', 'gone', 'c', 'a', 'c']);
    expect(ordered.map((i) => i.id)).toEqual(['b', 'c', 'a', 'x', 'y']);
    expect(ordered[0]).toBe(items[4]);
    expect(items.map((i) => i.id)).toEqual(['x', 'c', 'a', 'y', 'b']);
  });
});
