import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLeadTimeReport } from './lead-time.ts';
import { MIN_TREND_COMPLETIONS, trendChange } from './trend.ts';
import type { Transition } from '../types.ts';

const DAY = 86_400_000;
const jan = (day: number, hour = 0) => Date.UTC(2024, 0, day, hour);
const NOW = jan(15, 12);

/** Items done at noon on the given January days, with the given lead times (days); 1 day In Progress each. */
function completions(done: Array<[day: number, lead: number]>): Transition[] {
  return done.flatMap(([day, lead], i): Transition[] => {
    const itemId = `i${day}-${i}`;
    const end = jan(day, 12);
    return [
      { itemId, from: null, to: 'Backlog', at: end - lead * DAY },
      { itemId, from: 'Backlog', to: 'In Progress', at: end - DAY },
      { itemId, from: 'In Progress', to: 'Done', at: end },
    ];
  });
}

const PREVIOUS: Array<[number, number]> = [
  [4, 4],
  [5, 5],
  [6, 6],
  [7, 5],
  [8, 5],
];
const report = (current: Array<[number, number]>) =>
  buildLeadTimeReport({
    columns: ['Backlog', 'In Progress', 'Done'],
    cycleStartColumn: 'In Progress',
    transitions: completions([...PREVIOUS, ...current]),
    now: NOW,
    days: 7,
  }).metrics;

describe('honest trends (docs/metrics.md §3, worked example)', () => {
  it('one 23-day outlier among five completions is within the noise: no clear change, and why', () => {
    const metrics = report([
      [10, 4],
      [11, 5],
      [12, 5],
      [13, 6],
      [14, 23],
    ]);
    expect(metrics.lead_time_change).toEqual({
      percent: 72,
      clear: false,
      reason: 'within_noise',
      completions: 5,
      previous_completions: 5,
      noise_percent: 145.1,
    });
    expect(metrics.avg_lead_time).toBe(8.6);
    expect([metrics.lead_time_p50, metrics.lead_time_p85]).toEqual([5, 12.8]);
    expect(metrics.performance_insight.severity).toBe('info');
    expect(metrics.performance_insight.message).toBe(
      "No clear change in lead time: average 8.6 days (p50 5, p85 12.8) over the last 7 days; the +72% against the 7 days before is within the window's own noise (±145.1%).",
    );
    // Cycle times are one day each, in both windows: no change at all, and none called.
    expect(metrics.cycle_time_change?.clear).toBe(false);
  });

  it('the same rise without the outlier is past the noise: called, and coloured by the thresholds', () => {
    const metrics = report([
      [10, 6],
      [11, 6],
      [12, 7],
      [13, 6],
      [14, 7],
    ]);
    expect(metrics.lead_time_change).toMatchObject({
      percent: 28,
      clear: true,
      reason: 'clear',
      noise_percent: 16,
    });
    expect(metrics.performance_insight.severity).toBe('critical');
    expect(metrics.performance_insight.message).toBe(
      'Average lead time rose 28% to 6.4 days (p50 6, p85 7): last 7 days vs the 7 before, past the noise of ±16%.',
    );
  });

  it('four completions in a window are too few, whatever the change', () => {
    const metrics = report([
      [10, 9],
      [11, 9],
      [12, 9],
      [13, 9],
    ]);
    expect(metrics.lead_time_change).toMatchObject({ percent: 80, clear: false, reason: 'few_completions' });
    expect(metrics.performance_insight.message).toContain(
      'rests on 5 and 4 completions (a trend needs 5 in each window)',
    );
  });
});

describe('trendChange (properties)', () => {
  const durations = fc.array(fc.double({ min: 0.01, max: 60, noNaN: true }), { maxLength: 25 });

  it('a trend is called (and so coloured) only past the stated threshold', () => {
    fc.assert(
      fc.property(durations, durations, (previous, current) => {
        const change = trendChange(previous, current);
        if (!change.clear) return;
        expect(previous.length).toBeGreaterThanOrEqual(MIN_TREND_COMPLETIONS);
        expect(current.length).toBeGreaterThanOrEqual(MIN_TREND_COMPLETIONS);
        expect(change.noise_percent).not.toBeNull();
        expect(Math.abs(change.percent)).toBeGreaterThanOrEqual(change.noise_percent as number);
        expect(change.percent).not.toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('and is called when enough completions carry a change clearly past the noise', () => {
    fc.assert(
      fc.property(durations, durations, (previous, current) => {
        const change = trendChange(previous, current);
        const enough = Math.min(previous.length, current.length) >= MIN_TREND_COMPLETIONS;
        if (enough && Math.abs(change.percent) > (change.noise_percent ?? Number.POSITIVE_INFINITY) + 0.1) {
          expect(change.clear).toBe(true);
        }
        if (!enough) expect(change.clear).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
