import { describe, expect, it } from 'vitest';
import type { BoardItem } from '../types.ts';
import { itemColumnCounts, itemColumnPositions } from './item-columns.ts';

const item = (id: string, column: string | null): BoardItem => ({
  id,
  number: null,
  title: id,
  url: null,
  milestone: null,
  labels: [],
  column,
  enteredColumnAt: null,
});

describe('the items’ columns by position', () => {
  const columns = ['Todo', 'Doing', 'Done'];
  const items = [
    item('a', 'Doing'),
    item('b', 'Gone'),
    item('c', null),
    item('d', 'Doing'),
    item('e', 'Done'),
  ];

  it('gives each item its column’s position (-1 for none or another) and each column its count', () => {
    expect([...itemColumnPositions(items, columns)]).toEqual([1, -1, -1, 1, 2]);
    expect([...itemColumnCounts(items, columns)]).toEqual([0, 2, 1]);
  });

  it('counts again for another items list or another column order, not for the same ones', () => {
    const counts = itemColumnCounts(items, columns);
    expect(itemColumnCounts(items, columns)).toBe(counts);
    expect([...itemColumnCounts(items, ['Done', 'Doing', 'Todo'])]).toEqual([1, 2, 0]);
    expect([...itemColumnCounts([...items, item('f', 'Todo')], columns)]).toEqual([1, 2, 1]);
  });
});
