import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildColumnStats, buildIssuesInColumnReport } from './issues.ts';
import { computeItemTimelines } from '../timeline/item-timelines.ts';
import { buildLeadTimeReport } from './lead-time.ts';
import { buildTimeInStateReport } from './time-in-state.ts';
import type { BoardItem, Transition } from '../types.ts';

const COLUMNS = ['Backlog', 'Ready', 'Doing', 'Review', 'Done'];
const HOUR = 3_600_000;
const BASE = Date.UTC(2024, 0, 1);
const board = { columns: COLUMNS, cycleStartColumn: 'Doing' };

/** Random histories: moves an hour apart or more (ties included), off the board, unknown columns. */
const step = fc.record({
  gap: fc.integer({ min: 0, max: 96 }),
  to: fc.constantFrom<string | null>(...COLUMNS, null, 'Old column'),
});
const historyOf = (id: number, steps: { gap: number; to: string | null }[]): Transition[] => {
  let at = BASE;
  let from: string | null = null;
  return steps.map(({ gap, to }) => {
    at += gap * HOUR;
    const row = { itemId: `i${id}`, from, to, at };
    from = to;
    return row;
  });
};
const transitionsArb = fc
  .array(fc.array(step, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 8 })
  .map((items) => items.flatMap((steps, id) => historyOf(id, steps)));
const shuffled = transitionsArb.chain((rows) =>
  fc.tuple(fc.constant(rows), fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length })),
);
const withDuplicates = transitionsArb.chain((rows) => fc.tuple(fc.constant(rows), fc.subarray(rows)));

const timelines = (transitions: readonly Transition[]) =>
  computeItemTimelines({ ...board, transitions }).sort((a, b) => a.itemId.localeCompare(b.itemId));
const reports = (transitions: readonly Transition[], now: number, days: number) => {
  const items: BoardItem[] = timelines(transitions).map((t, n) => ({
    id: t.itemId,
    number: n,
    title: t.itemId,
    url: null,
    milestone: null,
    labels: [],
    column: t.stays.at(-1)?.column ?? null,
    enteredColumnAt: t.stays.at(-1)?.start ?? null,
  }));
  const input = { ...board, transitions, now, days, items };
  return {
    lead: buildLeadTimeReport(input),
    tis: buildTimeInStateReport(input),
    issues: COLUMNS.map((column) => buildIssuesInColumnReport({ ...input, column })),
    stats: buildColumnStats(input),
  };
};

function numbersIn(value: unknown, path = ''): [string, number][] {
  if (typeof value === 'number') return [[path, value]];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => numbersIn(v, `${path}.${k}`));
  }
  return [];
}

describe('properties', () => {
  it('results do not depend on input row order', () => {
    fc.assert(
      fc.property(shuffled, fc.integer({ min: 1, max: 14 }), ([rows, permuted], days) => {
        expect(timelines(permuted)).toEqual(timelines(rows));
        const now = BASE + 40 * 24 * HOUR;
        expect(reports(permuted, now, days)).toEqual(reports(rows, now, days));
      }),
    );
  });

  it('duplicate transitions change nothing', () => {
    fc.assert(
      fc.property(withDuplicates, ([rows, extra]) => {
        const doubled = [...extra, ...rows, ...extra.map((t) => ({ ...t }))];
        expect(timelines(doubled)).toEqual(timelines(rows));
      }),
    );
  });

  it('0 ≤ cycle time ≤ lead time; entries never decrease along the board', () => {
    fc.assert(
      fc.property(transitionsArb, (rows) => {
        for (const t of timelines(rows)) {
          if (t.completedAt === null) expect(t.leadTimeMs).toBeNull();
          else {
            expect(t.cycleTimeMs as number).toBeGreaterThanOrEqual(0);
            expect(t.cycleTimeMs as number).toBeLessThanOrEqual(t.leadTimeMs as number);
          }
          const set = Object.values(t.entered).filter((v): v is number => v !== null);
          expect(set).toEqual([...set].sort((a, b) => a - b));
        }
      }),
    );
  });

  it('the stays of a completed issue add up to its lead time', () => {
    fc.assert(
      fc.property(transitionsArb, (rows) => {
        for (const t of timelines(rows)) {
          if (t.completedAt === null) continue;
          const done = t.completedAt;
          const total = t.stays
            .filter((s) => s.end !== null && s.end <= done)
            .reduce((sum, s) => sum + ((s.end as number) - s.start), 0);
          expect(total).toBe(t.leadTimeMs);
        }
      }),
    );
  });

  it('no NaN, Infinity or negative duration ever reaches a response', () => {
    fc.assert(
      fc.property(
        transitionsArb,
        fc.integer({ min: -5, max: 60 }),
        fc.integer({ min: 0, max: 30 }),
        (rows, d, days) => {
          for (const [path, n] of numbersIn(reports(rows, BASE + d * 24 * HOUR, days))) {
            expect(Number.isFinite(n), path).toBe(true);
            if (!path.endsWith('_trend') && !path.endsWith('_change.percent'))
              expect(n, path).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});
