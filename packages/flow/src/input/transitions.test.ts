import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFlowReport } from '../reports/flow-report.ts';
import { buildColumnStats, buildIssuesInColumnReport } from '../metrics/issues.ts';
import { computeItemTimelines } from '../timeline/item-timelines.ts';
import { buildLeadTimeReport } from '../metrics/lead-time.ts';
import { buildTimeInStateReport } from '../metrics/time-in-state.ts';
import {
  fromTransitionColumns,
  TransitionColumnsBuilder,
  type Transitions,
  toTransitionColumns,
} from './transitions.ts';
import type { BoardItem, Transition } from '../types.ts';
import { currentItems } from '../fixtures/current-items.fixture.ts';

const COLUMNS = ['Backlog', 'Ready', 'Doing', 'Review', 'Done'];
const HOUR = 3_600_000;
const BASE = Date.UTC(2024, 0, 1);
/** Ids and names that are also Object.prototype keys: the builder's dictionaries must not see them. */
const ITEM_IDS = ['i0', 'i1', 'i2', 'i3', 'i4', 'i5', '__proto__', 'constructor'];

const step = fc.record({
  item: fc.integer({ min: 0, max: 7 }),
  gap: fc.integer({ min: 0, max: 96 }),
  from: fc.constantFrom<string | null>(...COLUMNS, null, 'Old column', 'toString'),
  to: fc.constantFrom<string | null>(...COLUMNS, null, 'Old column'),
  bad: fc.integer({ min: 0, max: 40 }),
});
/**
 * Any rows in any order: items interleaved or grouped, ties, duplicates, origins that do not match the
 * previous target, columns not on the board, leaving the board, and now and then a time that is not a number.
 */
const anyRows = fc.tuple(fc.array(step, { maxLength: 60 }), fc.boolean()).map(([steps, grouped]) => {
  let at = BASE;
  const rows: Transition[] = steps.map(({ item, gap, from, to, bad }) => {
    at += gap * HOUR;
    return { itemId: ITEM_IDS[item] as string, from, to, at: bad === 0 ? Number.NaN : at };
  });
  return grouped ? rows.sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0)) : rows;
});

/** Every analysis, on one form of the moves. */
function everything(transitions: Transitions, items: BoardItem[], nowHours: number, days: number) {
  const now = BASE + nowHours * HOUR;
  const board = { columns: COLUMNS, cycleStartColumn: 'Doing' };
  return {
    lead: buildLeadTimeReport({ ...board, transitions, days, now }),
    tis: buildTimeInStateReport({ ...board, transitions, items, days, now }),
    issues: buildIssuesInColumnReport({ ...board, column: 'Doing', items, days, now }),
    stats: buildColumnStats({ ...board, items, now }),
    timelines: computeItemTimelines({ ...board, transitions }),
    flow: buildFlowReport({
      ...board,
      transitions,
      items,
      now,
      days,
      horizon: 10,
      targetItems: 5,
      seed: 7,
      trials: 200,
    }),
  };
}

describe('columnar transitions', () => {
  it('every analysis gives the same report for objects and for columns', () => {
    fc.assert(
      fc.property(
        anyRows,
        fc.integer({ min: -50, max: 3000 }),
        fc.integer({ min: 1, max: 40 }),
        (rows, nowHours, days) => {
          const items = currentItems(rows);
          const columns = toTransitionColumns(rows);
          expect(everything(columns, items, nowHours, days)).toEqual(everything(rows, items, nowHours, days));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('round-trips objects, and a builder continued after a snapshot leaves the snapshot unchanged', () => {
    fc.assert(
      fc.property(anyRows, anyRows, (first, second) => {
        const builder = new TransitionColumnsBuilder(1);
        for (const t of first) builder.append(t.itemId, t.from, t.to, t.at);
        const before = builder.snapshot();
        for (const t of second) builder.append(t.itemId, t.from, t.to, t.at);
        expect(fromTransitionColumns(before)).toEqual(first);
        expect(fromTransitionColumns(builder.snapshot())).toEqual([...first, ...second]);
        const forked = TransitionColumnsBuilder.from(before, 0);
        for (const t of second) forked.append(t.itemId, t.from, t.to, t.at);
        expect(fromTransitionColumns(forked.snapshot())).toEqual([...first, ...second]);
        expect(fromTransitionColumns(before)).toEqual(first);
      }),
      { numRuns: 100 },
    );
  });

  it('rebuilds the same rows from a chain of coded parts, cut anywhere', () => {
    fc.assert(
      fc.property(anyRows, fc.array(fc.nat(), { maxLength: 5 }), (rows, cuts) => {
        const source = new TransitionColumnsBuilder(1);
        const parts = [];
        let mark = source.mark();
        const ends = new Set(cuts.map((c) => c % (rows.length + 1)));
        rows.forEach((t, i) => {
          source.append(t.itemId, t.from, t.to, t.at);
          if (ends.has(i + 1)) {
            parts.push(source.codedSince(mark));
            mark = source.mark();
          }
        });
        parts.push(source.codedSince(mark));
        const rebuilt = new TransitionColumnsBuilder(1);
        for (const part of parts) rebuilt.appendCoded(part);
        expect(fromTransitionColumns(rebuilt.snapshot())).toEqual(rows);
        // And the rebuilt builder goes on coding new rows exactly as the source does.
        for (const b of [source, rebuilt]) b.append('new item', 'Doing', 'Brand new column', BASE);
        expect(rebuilt.snapshot()).toEqual(source.snapshot());
      }),
      { numRuns: 100 },
    );
  });

  it('refuses coded rows that do not continue its dictionaries, and is left as it was', () => {
    const source = new TransitionColumnsBuilder();
    source.append('a', null, 'Ready', BASE);
    const first = source.codedSince({ count: 0, items: 0, names: 0 });
    const mark = source.mark();
    source.append('b', 'Ready', 'Doing', BASE + HOUR);
    const second = source.codedSince(mark);

    const target = new TransitionColumnsBuilder();
    expect(() => target.appendCoded(second)).toThrow(/continue dictionaries at 1\/1, builder is at 0\/0/);
    expect(() => target.appendCoded({ ...first, item: Int32Array.of(1) })).toThrow(/item code 1 at row 0/);
    expect(() => target.appendCoded({ ...first, to: Int32Array.of(-2) })).toThrow(/to code -2/);
    expect(() => target.appendCoded({ ...first, newItemIds: ['a', 'a'] })).toThrow(/already coded/);
    expect(target.mark()).toEqual({ count: 0, items: 0, names: 0 });
    target.appendCoded(first);
    expect(() => target.appendCoded(first)).toThrow(/continue dictionaries/);
    target.appendCoded(second);
    expect(fromTransitionColumns(target.snapshot())).toEqual(fromTransitionColumns(source.snapshot()));
  });

  it('a builder continuing columns in their spare rows appends there, leaving the columns unchanged', () => {
    fc.assert(
      fc.property(anyRows, anyRows, fc.nat(3), (first, second, spare) => {
        const source = toTransitionColumns(first);
        const n = source.count;
        // The columns as a stored snapshot holds them: views on arrays with spare rows after them.
        const room = {
          item: new Int32Array(n + second.length + spare + 1),
          at: new Float64Array(n + second.length + spare + 1),
          from: new Int32Array(n + second.length + spare + 1),
          to: new Int32Array(n + second.length + spare + 1),
        };
        room.item.set(source.item);
        room.at.set(source.at);
        room.from.set(source.from);
        room.to.set(source.to);
        const columns = {
          ...source,
          item: room.item.subarray(0, n),
          at: room.at.subarray(0, n),
          from: room.from.subarray(0, n),
          to: room.to.subarray(0, n),
        };
        const builder = TransitionColumnsBuilder.from(columns, 0, room);
        for (const t of second) builder.append(t.itemId, t.from, t.to, t.at);
        const after = builder.snapshot();
        expect(after.at.buffer).toBe(room.at.buffer);
        expect(fromTransitionColumns(after)).toEqual([...first, ...second]);
        expect(fromTransitionColumns(columns)).toEqual(first);
        // A room that is not the columns' own memory is not written: the builder copies.
        const copied = TransitionColumnsBuilder.from(source, 0, room).snapshot();
        expect(copied.at.buffer).not.toBe(room.at.buffer);
      }),
      { numRuns: 100 },
    );
  });

  it('a continuing builder codes ids the same once it stops searching the list and indexes them', () => {
    const ids = Array.from({ length: 200 }, (_, i) => `I${i}`);
    const source = toTransitionColumns(
      ids.map((itemId, i) => ({ itemId, from: null, to: 'Ready', at: BASE + i })),
    );
    const builder = TransitionColumnsBuilder.from(source);
    const appended: Transition[] = [];
    // Enough lookups of different ids (known, then new ones) to pass its search budget.
    for (let i = 0; i < 40_000; i++) {
      const itemId = i % 3 === 0 ? `new${i % 500}` : (ids[(i * 7) % ids.length] as string);
      appended.push({ itemId, from: 'Ready', to: 'Doing', at: BASE + HOUR + i });
      builder.append(itemId, 'Ready', 'Doing', BASE + HOUR + i);
    }
    const all = builder.snapshot();
    expect(fromTransitionColumns(all)).toEqual([...fromTransitionColumns(source), ...appended]);
    expect(new Set(all.itemIds).size).toBe(all.itemIds.length);
    expect(all.itemIds.length).toBe(200 + 500);
  });
});
