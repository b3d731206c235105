import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFlowReport } from './flow-report.ts';
import { toTransitionColumns } from '../input/transitions.ts';
import { forecastHowMany, forecastWhen } from '../metrics/forecast.ts';
import type { BoardItems, Transition } from '../types.ts';
import { contentlessOf, currentItems, privateFormOf } from '../fixtures/current-items.fixture.ts';

const COLUMNS = ['Backlog', 'Ready', 'Doing', 'Review', 'Done'];
const HOUR = 3_600_000;
const BASE = Date.UTC(2024, 0, 1);
const run = { numRuns: 60 };

type Step = { gap: number; to: string | null };
const toRows = (id: number, steps: Step[]): Transition[] => {
  let at = BASE;
  let from: string | null = null;
  return steps.map(({ gap, to }) => {
    at += gap * HOUR;
    const row = { itemId: `i${id}`, from, to, at };
    from = to;
    return row;
  });
};
/** Any history: backward moves, ties, leaving the board, unknown columns. */
const anyStep = fc.record({
  gap: fc.integer({ min: 0, max: 96 }),
  to: fc.constantFrom<string | null>(...COLUMNS, null, 'Old column'),
});
const anyHistory = fc
  .array(fc.array(anyStep, { minLength: 1, maxLength: 10 }), { minLength: 1, maxLength: 8 })
  .map((items) => items.flatMap((steps, id) => toRows(id, steps)));
/** Forward-only histories: each item visits an increasing subset of the columns. */
const forwardHistory = fc
  .array(
    fc.tuple(
      fc.subarray([0, 1, 2, 3, 4], { minLength: 1 }),
      fc.array(fc.integer({ min: 0, max: 72 }), { minLength: 5, maxLength: 5 }),
    ),
    { minLength: 1, maxLength: 10 },
  )
  .map((items) =>
    items.flatMap(([columns, gaps], id) =>
      toRows(
        id,
        columns.map((c, i) => ({ gap: gaps[i] ?? 0, to: COLUMNS[c] ?? null })),
      ),
    ),
  );

const report = (
  transitions: readonly Transition[],
  nowHours: number,
  days: number,
  seed = 3,
  items: BoardItems = currentItems(transitions),
) =>
  buildFlowReport({
    columns: COLUMNS,
    cycleStartColumn: 'Doing',
    transitions,
    items,
    now: BASE + nowHours * HOUR,
    days,
    horizon: 10,
    targetItems: 5,
    seed,
    trials: 300,
  });

function numbersIn(value: unknown, path = ''): [string, number][] {
  if (typeof value === 'number') return [[path, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => numbersIn(v, `${path}.${key}`));
}

/** `list` in the order of `keys` (one per element, else its position), ties by position. */
const shuffled = <T>(list: readonly T[], keys: readonly number[]) =>
  list
    .map((value, i) => ({ value, key: keys[i] ?? i, i }))
    .sort((a, b) => a.key - b.key || a.i - b.i)
    .map(({ value }) => value);

describe('Flow properties', () => {
  it('forecast confidences are monotone: 95 % ≤ 85 % ≤ 50 % items, and the reverse for dates', () => {
    const sample = fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(
        sample,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer(),
        (s, h, k, seed) => {
          const options = { trials: 300, seed };
          const [p50, p85, p95] = forecastHowMany(s, h, options).map((r) => r.items);
          expect(p95).toBeLessThanOrEqual(p85 as number);
          expect(p85).toBeLessThanOrEqual(p50 as number);
          const [w50, w85, w95] = forecastWhen(s, k, 0, options).map(
            (r) => r.days ?? Number.POSITIVE_INFINITY,
          );
          expect(w50).toBeLessThanOrEqual(w85 as number);
          expect(w85).toBeLessThanOrEqual(w95 as number);
        },
      ),
      run,
    );
  });

  it('the same seed gives the same report, whatever the order of the moves', () => {
    fc.assert(
      fc.property(anyHistory, fc.integer({ min: 0, max: 2000 }), fc.integer(), (rows, now, seed) => {
        const items = currentItems(rows);
        expect(report(rows, now, 14, seed, items)).toEqual(report([...rows].reverse(), now, 14, seed, items));
      }),
      run,
    );
  });

  it('joins the items to the timeline alike whatever their order: in their moves’ order or not, some missing, one unknown', () => {
    const columns = (rows: readonly Transition[]) =>
      toTransitionColumns([...rows].sort((a, b) => a.at - b.at));
    fc.assert(
      fc.property(
        anyHistory,
        fc.integer({ min: 0, max: 2000 }),
        fc.array(fc.double({ noNaN: true })),
        (rows, now, keys) => {
          const seed = 3;
          const moves = columns(rows);
          const firstMoved = new Map(moves.itemIds.map((id, code) => [id, code]));
          const items = currentItems(rows).sort(
            (a, b) => (firstMoved.get(a.id) as number) - (firstMoved.get(b.id) as number),
          );
          const unknown = { ...(items[0] as (typeof items)[0]), id: 'never moved', column: 'Doing' };
          const orders = [
            [...items].reverse(),
            shuffled([...items, unknown], keys),
            [unknown, ...items.filter((_, i) => i % 3 !== 1)],
          ];
          for (const order of orders) {
            const inMovesOrder = [...items, unknown].filter((item) => order.includes(item));
            const asColumns = (m: typeof moves) => m as unknown as Transition[];
            expect(report(asColumns(moves), now, 14, seed, order)).toEqual(
              report(asColumns(columns(rows)), now, 14, seed, inMovesOrder),
            );
          }
        },
      ),
      run,
    );
  });

  it('cumulative flow never increases from the first to the last column when items only move forward', () => {
    fc.assert(
      fc.property(
        forwardHistory,
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 40 }),
        (rows, now, days) => {
          for (const row of report(rows, now, days).cfd) {
            const counts = COLUMNS.map((c) => row.counts[c] as number);
            for (let c = 1; c < counts.length; c++) {
              expect(counts[c], row.date).toBeLessThanOrEqual(counts[c - 1] as number);
            }
          }
        },
      ),
      run,
    );
  });

  it('emits no NaN, infinite or negative number, even with `now` before the history', () => {
    fc.assert(
      fc.property(
        anyHistory,
        fc.integer({ min: -100, max: 2000 }),
        fc.integer({ min: -3, max: 60 }),
        (rows, now, days) => {
          for (const [path, value] of numbersIn(report(rows, now, days))) {
            expect(Number.isFinite(value), path).toBe(true);
            expect(value, path).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      run,
    );
  });

  it('reads a viewer’s items as columns as it reads their private forms: the same report', () => {
    fc.assert(
      fc.property(anyHistory, fc.integer({ min: 0, max: 2000 }), (rows, now) => {
        const items = currentItems(rows);
        // No object for every item: the report asks only for those its answer lists.
        const columns = contentlessOf(items);
        expect(report(rows, now, 14, 3, columns)).toEqual(report(rows, now, 14, 3, items.map(privateFormOf)));
      }),
      run,
    );
  });
});
