import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyColumn, classifyColumns } from './columns.ts';
import { currentItems } from '../fixtures/current-items.fixture.ts';
import { randomHistory } from '../fixtures/random-history.fixture.ts';
import { buildFlowReport } from '../reports/flow-report.ts';
import { buildTimeInStateReport } from '../metrics/time-in-state.ts';
import type { ClassificationOverride, ColumnKindOverride, Transition } from '../types.ts';

const COLUMNS = ['Intake', 'Ready', 'Doing', 'Review', 'Blocked', 'Done'];
const DONE = COLUMNS.length - 1;
const OPEN = COLUMNS.slice(0, DONE);
const HOUR = 3_600_000;
const BASE = Date.UTC(2024, 0, 1);
const guess = (name: string) => classifyColumn(name, COLUMNS.indexOf(name), DONE) as ColumnKindOverride;
const opposite = (kind: ColumnKindOverride): ColumnKindOverride =>
  kind === 'productive' ? 'waiting' : 'productive';

/** Random histories over the board: moves hours apart, sometimes off the board. */
const historyArb = randomHistory({ to: [...COLUMNS, null], base: BASE, gap: { min: 1, max: 72 }, steps: 10 });
const nowArb = fc.integer({ min: 0, max: 30 * 24 }).map((h) => BASE + h * HOUR);
const daysArb = fc.constantFrom(1, 7, 14);

const timeInState = (
  transitions: Transition[],
  now: number,
  days: number,
  classification?: ClassificationOverride,
  cycleStartColumn?: string,
) =>
  buildTimeInStateReport({
    columns: COLUMNS,
    ...(cycleStartColumn ? { cycleStartColumn } : {}),
    transitions,
    items: currentItems(transitions),
    now,
    days,
    ...(classification ? { classification } : {}),
  });
const flow = (transitions: Transition[], now: number, classification?: ClassificationOverride) =>
  buildFlowReport({
    columns: COLUMNS,
    transitions,
    items: currentItems(transitions),
    now,
    days: 14,
    trials: 50,
    ...(classification ? { classification } : {}),
  });

describe('classification override (properties)', () => {
  it('an override that restates the name-based guess, plus unknown names and done, changes nothing', () => {
    fc.assert(
      fc.property(historyArb, nowArb, daysArb, fc.subarray(OPEN), (transitions, now, days, named) => {
        const restated: Record<string, ColumnKindOverride> = Object.fromEntries(
          named.map((c) => [c, guess(c)]),
        );
        restated.Done = 'productive';
        restated['Not a column'] = 'waiting';
        expect(timeInState(transitions, now, days, restated)).toEqual(timeInState(transitions, now, days));
        expect(flow(transitions, now, restated)).toEqual(flow(transitions, now));
      }),
      { numRuns: 150 },
    );
  });

  it('a full override is the classification, whatever the names say', () => {
    const kinds = fc.array(fc.constantFrom<ColumnKindOverride>('productive', 'waiting'), {
      minLength: OPEN.length,
      maxLength: OPEN.length,
    });
    fc.assert(
      fc.property(kinds, (chosen) => {
        const classification = Object.fromEntries(OPEN.map((c, i) => [c, chosen[i] as ColumnKindOverride]));
        expect(classifyColumns({ columns: COLUMNS, classification })).toEqual({
          productive: OPEN.filter((_, i) => chosen[i] === 'productive'),
          waiting: OPEN.filter((_, i) => chosen[i] === 'waiting'),
        });
      }),
    );
  });

  it('swapping one column’s kind moves it between the lists and moves the ratios the right way', () => {
    fc.assert(
      fc.property(historyArb, nowArb, daysArb, fc.constantFrom(...OPEN), (transitions, now, days, column) => {
        const from = guess(column);
        const to = opposite(from);
        // Committed from the first column, so a new kind cannot move the commitment point (§14).
        const before = timeInState(transitions, now, days, undefined, 'Intake');
        const after = timeInState(transitions, now, days, { [column]: to }, 'Intake');
        expect(after.column_classification[from]).toEqual(
          before.column_classification[from].filter((c) => c !== column),
        );
        expect(after.column_classification[to]).toContain(column);
        expect(after.column_classification[to]).toHaveLength(before.column_classification[to].length + 1);
        const ratio = { before: before.metrics.active_work_ratio, after: after.metrics.active_work_ratio };
        const queue = { before: before.metrics.queue_health_ratio, after: after.metrics.queue_health_ratio };
        // No committed stay ended in the window: nothing to measure either way.
        if (ratio.before === null || ratio.after === null) expect(ratio.after).toBe(ratio.before);
        else if (to === 'waiting') expect(ratio.after).toBeLessThanOrEqual(ratio.before);
        else expect(ratio.after).toBeGreaterThanOrEqual(ratio.before);
        // No committed item open now: no queue either way (both kinds count as open).
        if (queue.before === null || queue.after === null) expect(queue.after).toBe(queue.before);
        else if (to === 'waiting') expect(queue.after).toBeGreaterThanOrEqual(queue.before);
        else expect(queue.after).toBeLessThanOrEqual(queue.before);
        // A column with half a day or more of mean stay in the last window moves the ratio visibly.
        const lastDay = Object.keys(before)
          .filter((k) => /^\d{4}-/.test(k))
          .at(-1);
        const point = lastDay ? (before[lastDay] as { timeinstate: Record<string, number> }) : null;
        if ((point?.timeinstate[column] ?? 0) >= 0.5) expect(ratio.after).not.toBe(ratio.before);
        // The stays themselves do not depend on the classification.
        const { metrics: _a, column_classification: _b, ...seriesAfter } = after;
        const { metrics: _c, column_classification: _d, ...seriesBefore } = before;
        expect(seriesAfter).toEqual(seriesBefore);
      }),
      { numRuns: 200 },
    );
  });

  it('the kind of a column before the commitment point moves neither ratio: a backlog is not a queue of committed work', () => {
    const before = fc.constantFrom('Intake', 'Ready');
    fc.assert(
      fc.property(
        historyArb,
        nowArb,
        daysArb,
        before,
        fc.boolean(),
        (transitions, now, days, column, productive) => {
          const base = timeInState(transitions, now, days, undefined, 'Doing');
          const kind: ColumnKindOverride = productive ? 'productive' : 'waiting';
          const changed = timeInState(transitions, now, days, { [column]: kind }, 'Doing');
          expect(changed.metrics.active_work_ratio).toBe(base.metrics.active_work_ratio);
          expect(changed.metrics.queue_health_ratio).toBe(base.metrics.queue_health_ratio);
        },
      ),
      { numRuns: 150 },
    );
  });
});
