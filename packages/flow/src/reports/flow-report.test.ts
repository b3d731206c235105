import { describe, expect, it } from 'vitest';
import { buildFlowReport } from './flow-report.ts';
import type { Transition } from '../types.ts';
import { COLUMNS, item, jan, NOW, TRANSITIONS } from '../fixtures/worked-example.fixture.ts';

/** docs/metrics.md, "Flow", worked example: the small board plus three items in progress. */
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
const report = buildFlowReport({
  columns: COLUMNS,
  cycleStartColumn: 'In Progress',
  transitions,
  items,
  now: NOW,
  days: 7,
  horizon: 14,
  targetItems: 3,
});

describe('Flow report: worked example', () => {
  it('covers the window ending today', () => {
    expect(report.window).toEqual({ days: 7, start: '2024-01-04', end: '2024-01-10' });
    expect(report.cfd.map((row) => row.date)).toEqual(report.throughput.daily.map((row) => row.date));
    expect(report.cfd.at(-1)?.counts).toEqual({ Backlog: 8, Ready: 8, 'In Progress': 8, Review: 5, Done: 4 });
    expect(report.cfd[0]?.counts).toEqual({ Backlog: 8, Ready: 6, 'In Progress': 6, Review: 0, Done: 0 });
  });

  it('counts throughput per day and per week', () => {
    expect(report.throughput.daily.map((row) => row.count)).toEqual([0, 1, 1, 0, 1, 1, 0]);
    expect(report.throughput.weekly).toEqual([
      { week_start: '2024-01-04', week_end: '2024-01-10', count: 4 },
    ]);
    expect(report.throughput.total).toBe(4);
    expect(report.throughput.per_week).toBe(4);
  });

  it('plots cycle times with linear-interpolation percentiles', () => {
    expect(report.cycle_time.points.map((p) => [p.id, p.date, p.cycle_time_days])).toEqual([
      ['5', '2024-01-05', 2],
      ['3', '2024-01-06', 2],
      ['1', '2024-01-08', 6],
      ['2', '2024-01-09', 6],
    ]);
    expect(report.cycle_time.points[2]).toMatchObject({ number: 1, title: 'Issue 1' });
    expect(report.cycle_time.points[0]).toMatchObject({ number: null, title: null });
    expect(report.cycle_time.percentiles).toEqual({ p50: 4, p70: 6, p85: 6, p95: 6 });
  });

  it('ages the work in progress from the cycle start and flags it against the percentiles', () => {
    expect(report.aging.columns).toEqual(['In Progress', 'Review']);
    expect(report.aging.items.map((i) => [i.number, i.column, i.age_days, i.risk])).toEqual([
      [6, 'In Progress', 7.5, 'critical'],
      [8, 'Review', 5, 'watch'],
      [7, 'In Progress', 1.5, 'on_track'],
    ]);
    expect(report.aging.items[1]?.started_at).toBe('2024-01-05T12:00:00.000Z');
    expect(report.aging.at_risk).toBe(1);
  });

  it('names the item older than the p85 of past cycle times, as the p85 (no SLE on this board)', () => {
    expect(report.performance_insight).toEqual({
      severity: 'critical',
      message:
        "1 item in 'In Progress' is older than the p85 of past cycle times (6 days); oldest #6 at 7.5 days. Bottleneck: 'In Progress', 1.9 days per stay, 1.49x the other in-progress columns, last 7 days (iteration).",
      confidence: 0.29,
      sample: 4,
    });
  });

  it('names the oldest by its title when it has no number (a draft, a private item)', () => {
    const draft = { ...withId(6, 'In Progress', jan(3)), number: null, title: 'Draft: a new onboarding' };
    const drafted = buildFlowReport({
      columns: COLUMNS,
      cycleStartColumn: 'In Progress',
      transitions,
      items: items.map((i) => (i.id === '6' ? draft : i)),
      now: NOW,
      days: 7,
      horizon: 14,
      targetItems: 3,
    });
    expect(drafted.performance_insight.message).toContain("oldest 'Draft: a new onboarding' at 7.5 days.");
  });

  it('forecasts from the complete days of the sample window', () => {
    expect(report.forecast).toMatchObject({
      sample_start: '2024-01-03',
      sample_end: '2024-01-09',
      sample_days: 7,
      mean_daily_throughput: 0.57,
      trials: 10_000,
      seed: 1,
    });
    const howMany = report.forecast?.how_many.results.map((r) => r.items) ?? [];
    const when = report.forecast?.when.results.map((r) => r.days ?? 0) ?? [];
    expect(howMany).toEqual([...howMany].sort((a, b) => b - a));
    expect(when).toEqual([...when].sort((a, b) => a - b));
    // 14 days at 4/7 a day is 8 on average: the median. Seed 1, 10,000 trials (docs/metrics.md).
    expect(howMany).toEqual([8, 6, 5]);
    expect(when).toEqual([5, 7, 9]);
    expect(report.forecast?.when.results[0]?.date).toBe(`2024-01-${10 + (when[0] ?? 0)}`);
  });
});

describe('Flow report: the cycle start without a cycle-start column', () => {
  const withoutStart = (classification?: Record<string, 'productive' | 'waiting'>) =>
    buildFlowReport({
      columns: COLUMNS,
      transitions,
      items,
      now: NOW,
      days: 7,
      trials: 100,
      ...(classification ? { classification } : {}),
    });

  it('is the first productive column, by name or as the team classified the columns', () => {
    expect(withoutStart().cycle_start_column).toBe('In Progress');
    const readyWorks = withoutStart({ Ready: 'productive' });
    expect(readyWorks.cycle_start_column).toBe('Ready');
    expect(readyWorks.aging.columns).toEqual(['Ready', 'In Progress', 'Review']);
    expect(withoutStart({ 'In Progress': 'waiting' }).cycle_start_column).toBe('Review');
  });
});

describe('Flow report: a board just added', () => {
  // Two items sit in "In Progress" and one in "Backlog"; no move has been recorded yet.
  const fresh = buildFlowReport({
    columns: COLUMNS,
    transitions: [],
    items: [
      withId(11, 'In Progress', jan(9)),
      withId(12, 'In Progress', jan(2)),
      withId(13, 'Backlog', jan(10)),
    ],
    now: NOW,
    days: 7,
    trials: 100,
  });

  it('charts the work on the board in the cumulative flow, from when each item entered its column', () => {
    expect(fresh.cfd.at(-1)?.counts).toEqual({ Backlog: 3, Ready: 2, 'In Progress': 2, Review: 0, Done: 0 });
    // #12 entered before the window: counted from its first day; #11 from 9 January.
    expect(fresh.cfd[0]?.counts).toEqual({ Backlog: 1, Ready: 1, 'In Progress': 1, Review: 0, Done: 0 });
    expect(fresh.throughput.total).toBe(0);
  });
});
