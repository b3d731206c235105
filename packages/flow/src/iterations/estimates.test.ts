import { describe, expect, it } from 'vitest';
import { buildCalendar } from '../core/calendar.ts';
import { COLUMNS, item, jan, NOW, TRANSITIONS } from '../fixtures/worked-example.fixture.ts';
import { buildFlowReport } from '../reports/flow-report.ts';
import { computeItemTimelines } from '../timeline/item-timelines.ts';
import type { Transition } from '../types.ts';
import { buildIterationReport } from './iteration-report.ts';
import { iterationWindow, resolveIteration } from './iterations.ts';
import { estimateWeights, itemsInIteration, iterationHistory } from './iteration-history.ts';
import type { Iteration, IterationEstimateChange } from './types.ts';

/** docs/metrics.md, "Iterations and estimates", worked examples: the Flow board of §11 with estimates. */
const more = (itemId: string, moves: [day: number, hour: number, to: string][]): Transition[] =>
  moves.map(([day, hour, to], i) => ({ itemId, from: moves[i - 1]?.[2] ?? null, to, at: jan(day, hour) }));
const transitions = [
  ...TRANSITIONS,
  ...more('6', [
    [1, 0, 'Backlog'],
    [3, 0, 'In Progress'],
  ]),
  ...more('7', [
    [2, 0, 'Backlog'],
    [9, 0, 'In Progress'],
  ]),
  ...more('8', [
    [2, 0, 'Backlog'],
    [5, 12, 'In Progress'],
    [7, 0, 'Review'],
  ]),
];
const withId = (number: number, column: string, at: number) => ({
  ...item(number, column, at),
  id: String(number),
});
const items = [
  withId(1, 'Done', jan(8)),
  withId(2, 'Done', jan(9)),
  withId(3, 'Done', jan(6)),
  withId(6, 'In Progress', jan(3)),
  withId(7, 'In Progress', jan(9)),
  withId(8, 'Review', jan(7)),
];

const ITERATIONS: Iteration[] = [
  { id: 'it-2', title: 'Sprint 2', startDate: '2024-01-08', duration: 7 },
  { id: 'it-1', title: 'Sprint 1', startDate: '2024-01-01', duration: 7 },
];
type Row = [itemId: string, day: number, hour: number, iteration: string | null, estimate: number | null];
const ROWS: Row[] = [
  ['1', 1, 0, 'it-1', 3],
  ['1', 8, 0, 'it-2', 3],
  ['2', 1, 0, 'it-1', 5],
  ['2', 8, 0, 'it-2', 5],
  ['3', 1, 0, 'it-1', 1],
  ['4', 1, 0, 'it-1', 2],
  ['4', 3, 0, null, 2],
  ['5', 2, 10, 'it-1', 2],
  ['6', 1, 0, 'it-1', 8],
  ['6', 7, 12, 'it-2', 8],
  ['7', 8, 0, 'it-2', 2],
  ['7', 10, 10, null, 2],
  ['8', 8, 0, 'it-2', null],
  ['8', 9, 12, 'it-2', 3],
  ['9', 10, 9, 'it-2', 5],
];
const CHANGES: IterationEstimateChange[] = ROWS.map(([itemId, day, hour, iteration, estimate]) => ({
  itemId,
  at: jan(day, hour),
  iteration,
  estimate,
}));
const history = iterationHistory(CHANGES);

const flow = (unit: 'items' | 'estimate') =>
  buildFlowReport({
    columns: COLUMNS,
    cycleStartColumn: 'In Progress',
    transitions,
    items,
    now: NOW,
    days: 7,
    horizon: 14,
    targetItems: 3,
    unit,
    estimates: estimateWeights(history),
  });

describe('Flow in estimate units: worked example', () => {
  const report = flow('estimate');

  it('weighs each completion by its estimate', () => {
    expect(report.unit).toBe('estimate');
    expect(report.throughput.daily.map((d) => d.count)).toEqual([0, 2, 1, 0, 3, 5, 0]);
    expect(report.throughput.total).toBe(11);
    expect(report.throughput.per_week).toBe(11);
    expect(report.throughput.weekly).toEqual([
      { week_start: '2024-01-04', week_end: '2024-01-10', count: 11 },
    ]);
  });

  it('stacks estimates in the cumulative flow; an item without an estimate weighs 0', () => {
    const day = (date: string) => report.cfd.find((row) => row.date === date)?.counts;
    // #8 weighs its latest estimate, 3; #9 has no move yet, so it is not in the chart.
    expect(day('2024-01-04')).toMatchObject({ Backlog: 26, 'In Progress': 21, Done: 0 });
    expect(day('2024-01-09')).toMatchObject({ Backlog: 26, 'In Progress': 26, Done: 11 });
    expect(report.cfd.map((row) => row.counts.Done)).toEqual([0, 2, 3, 3, 6, 11, 11]);
  });

  it('samples estimate units per day for the forecasts', () => {
    expect(report.forecast?.mean_daily_throughput).toBe(1.57);
    const items = flow('items');
    expect(items.unit).toBe('items');
    expect(items.throughput.total).toBe(4);
    expect(items.forecast?.mean_daily_throughput).toBe(0.57);
  });

  it('leaves cycle times and aging as they are', () => {
    const items = flow('items');
    expect(report.cycle_time).toEqual(items.cycle_time);
    expect(report.aging).toEqual(items.aging);
  });
});

describe('Iteration filter', () => {
  const today = buildCalendar().dayOf(NOW);

  it('names the current, the previous, or one by id or title', () => {
    expect(resolveIteration(ITERATIONS, 'current', today)?.id).toBe('it-2');
    expect(resolveIteration(ITERATIONS, 'previous', today)?.id).toBe('it-1');
    expect(resolveIteration(ITERATIONS, 'Sprint 1', today)?.id).toBe('it-1');
    expect(resolveIteration(ITERATIONS, 'it-2', today)?.title).toBe('Sprint 2');
    expect(resolveIteration(ITERATIONS, 'Sprint 9', today)).toBeNull();
    expect(resolveIteration(ITERATIONS, 'current', today + 30)).toBeNull();
  });

  it('gives the iteration length of the one running today; between iterations the last that ended, before them the first', () => {
    // Sprint 2 runs 8th–14th (today is the 10th); a 14-day Sprint 3 from the 22nd leaves a gap.
    const longer = [...ITERATIONS, { id: 'it-3', title: 'Sprint 3', startDate: '2024-01-22', duration: 14 }];
    expect(iterationWindow(longer, today)).toMatchObject({
      days: 7,
      running: true,
      iteration: { id: 'it-2' },
    });
    expect(iterationWindow(longer, today + 8)).toMatchObject({
      days: 7,
      running: false,
      iteration: { id: 'it-2' },
    });
    expect(iterationWindow(longer, today + 12)).toMatchObject({
      days: 14,
      running: true,
      iteration: { id: 'it-3' },
    });
    expect(iterationWindow(longer, today - 20)).toMatchObject({
      days: 7,
      running: false,
      iteration: { id: 'it-1' },
    });
    expect(iterationWindow([], today)).toBeNull();
  });

  it('keeps the items whose iteration is it now', () => {
    expect([...itemsInIteration(history, 'it-2')].sort()).toEqual(['1', '2', '6', '8', '9']);
    expect([...itemsInIteration(history, 'it-1')].sort()).toEqual(['3', '5']);
  });
});

describe('Iteration report: worked example', () => {
  const completedAt = new Map(
    computeItemTimelines({ columns: COLUMNS, transitions }).map((t) => [t.itemId, t.completedAt]),
  );
  const report = (unit: 'items' | 'estimate') =>
    buildIterationReport({
      iterations: ITERATIONS,
      history,
      completedAt,
      unit,
      now: NOW,
      knownSince: jan(1),
      calendar: buildCalendar(),
    });

  it('compares committed and completed for the finished iterations', () => {
    const base = { id: 'it-1', title: 'Sprint 1', start: '2024-01-01', end: '2024-01-07', partial: false };
    expect(report('items').recent).toEqual([
      { ...base, committed: 5, added: 1, removed: 2, scope: 4, completed: 2, not_done: 2 },
    ]);
    expect(report('estimate').recent).toEqual([
      { ...base, committed: 19, added: 2, removed: 10, scope: 11, completed: 3, not_done: 8 },
    ]);
  });

  it("draws the current iteration's burn-up with the scope added and removed", () => {
    const items = report('items').current;
    expect(items).toMatchObject({
      id: 'it-2',
      committed: 5,
      added: 1,
      removed: 1,
      scope: 5,
      completed: 2,
      not_done: 3,
    });
    const points = report('estimate').current;
    expect(points).toMatchObject({
      committed: 18,
      added: 5,
      removed: 2,
      scope: 24,
      completed: 8,
      not_done: 16,
      unestimated: 0,
    });
    expect(points?.days).toEqual([
      { date: '2024-01-08', scope: 18, completed: 3, added: 0, removed: 0 },
      { date: '2024-01-09', scope: 21, completed: 8, added: 0, removed: 0 },
      { date: '2024-01-10', scope: 24, completed: 8, added: 5, removed: 2 },
    ]);
  });

  it('marks an iteration whose commitment came before recording began as partial', () => {
    const late = buildIterationReport({
      iterations: ITERATIONS,
      history: iterationHistory(CHANGES.map((c) => ({ ...c, at: Math.max(c.at, jan(3)) }))),
      completedAt,
      unit: 'items',
      now: NOW,
      knownSince: jan(3),
      calendar: buildCalendar(),
    });
    // First seen on the 3rd: #4 had left Sprint 1 and #5 joined it before then, which nobody saw: the
    // scope seen on the 3rd is what counts as committed, and only the later move of #6 as a change.
    expect(late.recent[0]).toMatchObject({ partial: true, committed: 5, added: 0, removed: 1, scope: 4 });
  });
});
