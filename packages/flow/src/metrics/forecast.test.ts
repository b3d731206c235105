import { describe, expect, it } from 'vitest';
import { buildFlowReport } from '../reports/flow-report.ts';
import { forecastHowMany, forecastWhen, MAX_FORECAST_DAYS } from './forecast.ts';
import { seededRandom } from '../core/random.ts';
import type { Transition } from '../types.ts';

const DAY = 86_400_000;
const options = { trials: 2000, seed: 7 };

/** A board where exactly two items finish every day (at 10:00) for 60 days up to `now` (15:00). */
function steadyBoard(now: number) {
  const today = Math.floor(now / DAY) * DAY;
  const transitions: Transition[] = [];
  for (let d = 0; d < 60; d++) {
    for (const n of [0, 1]) {
      const itemId = `d${d}-${n}`;
      const done = today - d * DAY + 10 * 3_600_000;
      transitions.push({ itemId, from: null, to: 'Doing', at: done - 2 * DAY });
      transitions.push({ itemId, from: 'Doing', to: 'Done', at: done });
    }
  }
  return {
    columns: ['Todo', 'Doing', 'Done'],
    cycleStartColumn: 'Doing',
    transitions,
    items: [],
    now,
    days: 30,
  };
}

describe('Monte Carlo forecasts', () => {
  it('constant throughput of 2 a day: 20 items in 10 days and 10 items in 5 days, at every confidence', () => {
    const report = buildFlowReport({
      ...steadyBoard(Date.UTC(2025, 2, 10, 15)),
      horizon: 10,
      targetItems: 10,
    });
    expect(report.forecast?.mean_daily_throughput).toBe(2);
    expect(report.forecast?.how_many.results).toEqual([
      { confidence: 0.5, items: 20 },
      { confidence: 0.85, items: 20 },
      { confidence: 0.95, items: 20 },
    ]);
    expect(report.forecast?.when.results.map((r) => [r.days, r.date])).toEqual([
      [5, '2025-03-15'],
      [5, '2025-03-15'],
      [5, '2025-03-15'],
    ]);
    expect(report.throughput.per_week).toBe(14);
    expect(report.cycle_time.percentiles).toEqual({ p50: 2, p70: 2, p85: 2, p95: 2 });
  });

  it('reads the confidence as "at least this many" and "by this day"', () => {
    // Half the days deliver 0, half 1: one day's total is 0 or 1, so 85 % can only promise 0.
    const howMany = forecastHowMany([0, 1], 1, options);
    expect(howMany.map((r) => r.items)).toEqual([expect.any(Number), 0, 0]);
    const when = forecastWhen([0, 1], 1, 100, options);
    expect(when[0]?.days).toBeLessThanOrEqual(2);
    expect(when[2]?.days).toBeGreaterThanOrEqual(4);
  });

  it('never promises anything from a sample without completions', () => {
    expect(forecastHowMany([0, 0, 0], 30, options).map((r) => r.items)).toEqual([0, 0, 0]);
    expect(forecastWhen([0, 0], 5, 100, options)).toEqual([
      { confidence: 0.5, days: null, date: null },
      { confidence: 0.85, days: null, date: null },
      { confidence: 0.95, days: null, date: null },
    ]);
  });

  it('gives up beyond the forecast limit', () => {
    const sparse = [1, ...new Array<number>(99).fill(0)];
    const when = forecastWhen(sparse, 50, 0, options);
    expect(when.every((r) => r.days === null || r.days <= MAX_FORECAST_DAYS)).toBe(true);
    expect(when[2]?.days).toBeNull();
  });

  it('is reproducible: the generator depends only on the seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(Array.from({ length: 5 }, seededRandom(43))).not.toEqual(first);
  });

  it('has no forecast before a complete day of history', () => {
    const now = Date.UTC(2025, 0, 1, 12);
    const report = buildFlowReport({
      columns: ['Todo', 'Doing', 'Done'],
      transitions: [{ itemId: 'a', from: null, to: 'Doing', at: now - 3_600_000 }],
      items: [],
      now,
      days: 14,
    });
    expect(report.forecast).toBeNull();
    expect(report.cycle_start_column).toBe('Doing');
    expect(report.performance_insight.message).toBe('Analysis unavailable - using fallback calculations');
  });
});
