import { describe, expect, it } from 'vitest';
import { IdRows } from './id-rows.ts';

/** The rows a Map of each id to its position gives (the last position for an id listed twice). */
const mapOf = (ids: readonly string[]) => new Map(ids.map((id, row) => [id, row]));

describe('IdRows', () => {
  it('finds each id at its row, as a Map of the ids would, and nothing for an unknown id', () => {
    const ids = Array.from({ length: 5_000 }, (_, i) => `PVTI_${(i * 7919).toString(36)}`);
    const rows = new IdRows(ids);
    const expected = mapOf(ids);
    // Ids as other strings of the same text (the items' ids are parsed apart from the moves').
    for (const id of ids) expect(rows.get(JSON.parse(JSON.stringify(id)) as string)).toBe(expected.get(id));
    expect(rows.size).toBe(expected.size);
    expect(rows.get('PVTI_none')).toBeUndefined();
    expect(rows.get('')).toBeUndefined();
  });

  it('gives an id listed twice its last row', () => {
    const rows = new IdRows(['a', 'b', 'a', 'c', 'b']);
    expect([rows.get('a'), rows.get('b'), rows.get('c')]).toEqual([2, 4, 3]);
    expect(rows.size).toBe(3);
  });

  it('extended to a longer list with the same start, finds the old rows and the new ones, grown or not', () => {
    const first = Array.from({ length: 100 }, (_, i) => `item-${i}`);
    const rows = new IdRows(first);
    const longer = [...first, 'item-100', 'item-3', ...Array.from({ length: 900 }, (_, i) => `new-${i}`)];
    expect(rows.extendTo(longer)).toBe(rows);
    const expected = mapOf(longer);
    for (const id of longer) expect(rows.get(id)).toBe(expected.get(id));
    expect(rows.size).toBe(expected.size);
    const few = [...longer, 'one-more'];
    rows.extendTo(few);
    expect(rows.get('one-more')).toBe(few.length - 1);
    expect(rows.get('item-3')).toBe(101);
    expect(rows.size).toBe(expected.size + 1);
  });
});
