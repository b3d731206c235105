import { describe, expect, it } from 'vitest';
import { itemIn } from '../fixtures/current-items.fixture.ts';
import { itemColumnCounts, itemColumnPositions } from './item-columns.ts';

const item = (id: string, column: string | null) => ({ ...itemIn(id, column ?? '', 0), column });

describe('the items’ columns by position', () => {
  const columns = ['Todo', 'Doing', 'Done'];
  const items = [
    item('i1', 'Doing'),
    item('i2', 'Gone'),
    item('i3', null),
    item('i4', 'Doing'),
    item('i5', 'Done'),
  ];

  it('gives each item its column’s position (-1 for none or another) and each column its count', () => {
    expect([...itemColumnPositions(items, columns)]).toEqual([1, -1, -1, 1, 2]);
    expect([...itemColumnCounts(items, columns)]).toEqual([0, 2, 1]);
  });

  it('counts again for another items list or another column order, not for the same ones', () => {
    const counts = itemColumnCounts(items, columns);
    expect(itemColumnCounts(items, columns)).toBe(counts);
    expect([...itemColumnCounts(items, ['Done', 'Doing', 'Todo'])]).toEqual([1, 2, 0]);
    expect([...itemColumnCounts([...items, item('i6', 'Todo')], columns)]).toEqual([1, 2, 1]);
  });
});
