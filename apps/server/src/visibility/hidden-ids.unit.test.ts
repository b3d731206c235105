import type { BoardItem } from '@fluxion/flow';
import { describe, expect, it } from 'vitest';
import { eitherIds, privateIds } from './hidden-ids.ts';

const item = (id: string): BoardItem => ({
  id,
  number: 1,
  title: id,
  url: null,
  milestone: null,
  labels: [],
  column: null,
  enteredColumnAt: null,
});

describe('privateIds', () => {
  const items = ['a', 'b', 'c', 'd'].map(item);
  const viewed = items.map((i) => (i.id === 'b' || i.id === 'd' ? { ...i, title: 'Private item' } : i));

  it('is the set of the ids whose viewed form is not the item, whichever method reads it first', () => {
    const reads: ((ids: ReadonlySet<string>) => unknown)[] = [
      (ids) => ['a', 'b', 'c', 'd', 'e'].map((id) => ids.has(id)),
      (ids) => [...ids],
      (ids) => [...ids.entries()],
      (ids) => [...ids.keys()],
      (ids) => [...ids.values()],
      (ids) => {
        const seen: string[] = [];
        ids.forEach((value, key, set) => {
          seen.push(`${value}:${key}:${set === ids}`);
        });
        return seen;
      },
    ];
    const expected = new Set(['b', 'd']);
    for (const read of reads) {
      const ids = privateIds(items, viewed, 2);
      expect(ids.size).toBe(2);
      expect(read(ids)).toEqual(read(expected));
      // Read again once the table is made: the same answers.
      expect(read(ids)).toEqual(read(expected));
    }
  });

  it('is empty when nothing is hidden', () => {
    expect([...privateIds(items, items, 0)]).toEqual([]);
    expect(privateIds(items, items, 0).size).toBe(0);
  });
});

describe('eitherIds', () => {
  it('holds the ids of both sets, and answers a lookup from them', () => {
    const both = eitherIds(new Set(['a', 'b']), new Set(['c']));
    expect(both.size).toBe(3);
    expect(['a', 'b', 'c', 'd'].map((id) => both.has(id))).toEqual([true, true, true, false]);
    expect([...both]).toEqual(['a', 'b', 'c']);
    expect(both.has('d')).toBe(false);
  });

  it('is one of them when the other is empty', () => {
    const a = new Set(['a']);
    expect(eitherIds(a, new Set())).toBe(a);
    expect(eitherIds(new Set(), a)).toBe(a);
  });
});
