import { describe, expect, it } from 'vitest';
import { seededRandom } from '../core/random.ts';
import type { Stays } from '../timeline/timeline.ts';
import { wipAtDayEnds } from './wip-limits.ts';

const DAY = 86_400_000;
const dayOf = (ms: number) => Math.floor(ms / DAY);

/** Items' stays written item by item, each ending when the next begins, the last open; and their starts. */
function itemsStays(seed: number, items: number): { stays: Stays; from: Int32Array } {
  const random = seededRandom(seed);
  const rows: [number, number, number, number][] = [];
  const from = new Int32Array(items + 1);
  for (let item = 0; item < items; item++) {
    let at = Math.floor(random() * 200 * DAY);
    const count = Math.floor(random() * 6);
    for (let k = 0; k < count; k++) {
      const next = at + Math.floor(random() * 20 * DAY);
      rows.push([item, Math.floor(random() * 5) - 1, at, k === count - 1 ? Number.NaN : next]);
      at = next;
    }
    from[item + 1] = rows.length;
  }
  const stays: Stays = {
    count: rows.length,
    item: Uint32Array.from(rows, (r) => r[0]),
    column: Int16Array.from(rows, (r) => r[1]),
    start: Float64Array.from(rows, (r) => r[2]),
    end: Float64Array.from(rows, (r) => r[3]),
  };
  return { stays, from };
}

describe('WIP at day ends, read item by item', () => {
  it('counts what the pass over every stay counts', () => {
    const columns = new Map([
      [-1, 'Off'],
      [1, 'Doing'],
      [3, 'Review'],
    ]);
    for (let seed = 1; seed <= 30; seed++) {
      const { stays, from } = itemsStays(seed, 300);
      for (const window of [
        { first: 150, last: 190 },
        { first: 0, last: 30 },
        { first: 199, last: 260 },
      ]) {
        const everyStay = wipAtDayEnds(stays, columns, window, dayOf);
        const byItem = wipAtDayEnds(stays, columns, window, dayOf, from);
        expect([...byItem.keys()]).toEqual([...everyStay.keys()]);
        for (const [name, counts] of everyStay) expect([...(byItem.get(name) ?? [])]).toEqual([...counts]);
      }
    }
  });
});
