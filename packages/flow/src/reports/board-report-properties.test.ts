import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cumulativeFlow, cycleTimePercentiles, throughput } from '../metrics/charts.ts';
import { DAY_MS, isoTime, round } from '../core/numbers.ts';
import { computeItemTimelines } from '../timeline/item-timelines.ts';
import type { Transition } from '../types.ts';
import { buildBoardReport } from './board-report.ts';

const NAMES = ['Backlog', 'Ready', 'Doing', 'Review', 'Done', '__proto__'];
const HOUR = 3_600_000;
const BASE = Date.UTC(2024, 0, 1);

const step = fc.record({
  gap: fc.integer({ min: 0, max: 60 }),
  to: fc.constantFrom<string | null>(...NAMES, null, 'Old column'),
});
const boardArb = fc.record({
  columns: fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 6 }),
  cycleStart: fc.constantFrom<string | null>(...NAMES, null),
  histories: fc.array(fc.array(step, { minLength: 0, maxLength: 10 }), { minLength: 0, maxLength: 8 }),
  order: fc.func(fc.integer()),
});

const precise = (v: number | null) => (v === null ? null : round(v, 4));

/** The report as the engine's per-item objects give it (the board report reads typed arrays instead). */
function reference(columns: string[], cycleStart: string | null, keys: string[], transitions: Transition[]) {
  const timelines = computeItemTimelines({ columns, cycleStartColumn: cycleStart, transitions });
  const byKey = new Map(timelines.map((t) => [t.itemId, t]));
  const items = keys.map((key) => {
    const t = byKey.get(key);
    const entered = Object.fromEntries(
      columns.map((c) => [c, t?.entered[c] == null ? null : isoTime(t.entered[c])]),
    );
    const done = t?.completedAt != null;
    return {
      key,
      entered,
      lead_time_days: done ? precise((t?.leadTimeMs as number) / DAY_MS) : null,
      cycle_time_days: done && t?.cycleTimeMs != null ? precise(t.cycleTimeMs / DAY_MS) : null,
    };
  });
  const cycles = keys.flatMap((key) => {
    const ms = byKey.get(key)?.cycleTimeMs;
    return ms == null ? [] : [ms];
  });
  const percentiles = Object.entries(cycleTimePercentiles(cycles)).map(([q, v]) => [q, precise(v)]);
  return {
    items,
    percentiles: Object.fromEntries(percentiles),
    cfd: cumulativeFlow(timelines, columns),
    throughput: throughput(timelines),
  };
}

describe('buildBoardReport on typed arrays', () => {
  it('equals the report built from per-item timelines, for any board and key order', () => {
    fc.assert(
      fc.property(boardArb, ({ columns, cycleStart, histories, order }) => {
        const transitions = histories.flatMap((steps, id) => {
          let at = BASE;
          let from: string | null = null;
          return steps.map(({ gap, to }) => {
            at += gap * HOUR;
            const row = { itemId: `k${id}`, from, to, at };
            from = to;
            return row;
          });
        });
        // Every item keyed, plus one key without history, in an arbitrary order.
        const keys = [...histories.map((_, id) => `k${id}`), 'no-history'].sort(
          (a, b) => order(a) - order(b),
        );
        const report = buildBoardReport({ columns, cycleStartColumn: cycleStart, keys, transitions });
        const expected = reference(columns, cycleStart, keys, transitions);
        expect(report.items).toEqual(expected.items);
        expect(report.cycle_time_percentiles).toEqual(expected.percentiles);
        expect(report.cfd).toEqual(expected.cfd);
        expect(report.throughput).toEqual(expected.throughput);
        const completed = report.items.filter((i) => i.lead_time_days !== null);
        expect(report.scatter.map((p) => p.key)).toEqual(completed.map((i) => i.key));
        const binned = report.cycle_time_histogram.reduce((n, b) => n + b.count, 0);
        expect(binned).toBe(completed.filter((i) => i.cycle_time_days !== null).length);
      }),
      { numRuns: 300 },
    );
  });
});
