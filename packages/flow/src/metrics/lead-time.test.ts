import { describe, expect, it } from 'vitest';
import { FALLBACK_MESSAGE } from '../insights/insight.ts';
import { buildLeadTimeReport } from './lead-time.ts';
import type { LeadTimeDay } from '../types.ts';
import { COLUMNS, jan, NOW, TRANSITIONS } from '../fixtures/worked-example.fixture.ts';

const input = { columns: COLUMNS, cycleStartColumn: 'In Progress', transitions: TRANSITIONS, now: NOW };

describe('buildLeadTimeReport (docs/metrics.md worked example)', () => {
  it('daily means over a trailing 3-day window', () => {
    const { metrics, ...series } = buildLeadTimeReport({ ...input, days: 3 });
    expect(series).toEqual({
      '2024-01-05': { average_lead_time: 3, average_cycle_time: 2 },
      '2024-01-06': { average_lead_time: 4, average_cycle_time: 2 },
      '2024-01-07': { average_lead_time: 4, average_cycle_time: 2 },
      '2024-01-08': { average_lead_time: 6, average_cycle_time: 4 },
      '2024-01-09': { average_lead_time: 7.5, average_cycle_time: 6 },
      '2024-01-10': { average_lead_time: 7.5, average_cycle_time: 6 },
    });
    expect(Object.keys(buildLeadTimeReport({ ...input, days: 3 })).at(-1)).toBe('metrics');
  });

  it('metrics: trend, stability, average and insight', () => {
    const { metrics } = buildLeadTimeReport({ ...input, days: 3 });
    expect(metrics).toEqual({
      lead_time_trend: 87.5,
      cycle_time_trend: 200,
      stability: 'High',
      avg_lead_time: 7.5,
      trend_known: true,
      stability_sample: 4,
      window_days: 3,
      lead_time_p50: 7.5,
      lead_time_p85: 7.85,
      cycle_time_p50: 6,
      cycle_time_p85: 6,
      // Two completions a window are too few to call a change (§3, "Honest trends").
      lead_time_change: {
        percent: 87.5,
        clear: false,
        reason: 'few_completions',
        completions: 2,
        previous_completions: 2,
        noise_percent: 55.9,
      },
      cycle_time_change: {
        percent: 200,
        clear: false,
        reason: 'few_completions',
        completions: 2,
        previous_completions: 2,
        noise_percent: 0,
      },
      performance_insight: {
        severity: 'info',
        message:
          'No clear change in lead time: average 7.5 days (p50 7.5, p85 7.8) over the last 3 days; the +87.5% against the 3 days before rests on 2 and 2 completions (a trend needs 5 in each window).',
        confidence: 0.17,
        sample: 2,
      },
      history_gaps: { finished: 2, without_cycle_start: 0, without_board_entry: 0 },
    });
  });

  it('a 7-day window has no previous window to compare with', () => {
    const report = buildLeadTimeReport({ ...input, days: 7 });
    expect(report['2024-01-08']).toEqual({ average_lead_time: 5, average_cycle_time: 3.33 });
    expect(report.metrics.lead_time_trend).toBe(0);
    expect(report.metrics.trend_known).toBe(false);
    expect(report.metrics.avg_lead_time).toBe(5.75);
    expect(report.metrics.performance_insight.severity).toBe('info');
  });

  it('without a cycle-start column the cycle values are null', () => {
    const report = buildLeadTimeReport({ ...input, cycleStartColumn: null, days: 3 });
    expect((report['2024-01-09'] as LeadTimeDay).average_cycle_time).toBeNull();
    expect(report.metrics.cycle_time_trend).toBeNull();
  });

  it('a single completion: a one-sample window, neutral stability, low confidence', () => {
    const transitions = TRANSITIONS.filter((t) => t.itemId === '5');
    const report = buildLeadTimeReport({ ...input, transitions, days: 7 });
    expect(report.metrics.avg_lead_time).toBe(3);
    expect(report.metrics.stability).toBe('Medium');
    expect(report.metrics.stability_sample).toBe(1);
    expect(report.metrics.performance_insight.confidence).toBe(0.09);
  });

  it('ignores completions after now and answers the fallback when nothing is complete', () => {
    const report = buildLeadTimeReport({ ...input, now: jan(4), days: 7 });
    expect(Object.keys(report)).toEqual(['metrics']);
    expect(report.metrics.performance_insight).toEqual({
      severity: 'info',
      message: FALLBACK_MESSAGE,
      confidence: 0.5,
    });
    expect(buildLeadTimeReport({ ...input, transitions: [], days: 7 }).metrics.cycle_time_trend).toBe(0);
  });

  it('falls back to 7 days for an unusable iteration length', () => {
    expect(buildLeadTimeReport({ ...input, days: Number.NaN })).toEqual(
      buildLeadTimeReport({ ...input, days: 7 }),
    );
  });
});
