import type { LeadTimeResponse, TimeInStateResponse } from '@fluxion/contract';
import { describe, expect, it } from 'vitest';
import { CHART_COLORS, chartColor, leadTimeRows, timeInStateRows } from './chartData.ts';

const insight = { severity: 'info' as const, message: 'm', confidence: 0.4 };

describe('lead time rows', () => {
  const metrics = {
    lead_time_trend: 1,
    cycle_time_trend: null,
    stability: 'High' as const,
    avg_lead_time: 3,
    trend_known: true,
    stability_sample: 8,
    performance_insight: insight,
  };

  it('keeps only YYYY-MM-DD keys, sorted, and flags cycle values', () => {
    const data = {
      metrics,
      '2025-01-02': { average_lead_time: 4, average_cycle_time: null },
      '2025-01-01': { average_lead_time: 3, average_cycle_time: 2 },
      '2025-1-3': { average_lead_time: 9, average_cycle_time: 9 },
    } as unknown as LeadTimeResponse;
    expect(leadTimeRows(data)).toEqual({
      rows: [
        { date: '2025-01-01', lead: 3, cycle: 2 },
        { date: '2025-01-02', lead: 4, cycle: null },
      ],
      hasCycle: true,
    });
  });

  it('has no cycle series when every cycle value is null', () => {
    const data = {
      metrics,
      '2025-01-01': { average_lead_time: 3, average_cycle_time: null },
    } as unknown as LeadTimeResponse;
    expect(leadTimeRows(data).hasCycle).toBe(false);
  });
});

describe('time in state rows', () => {
  it('one row per date, columns in board order then the rest', () => {
    const data = {
      metrics: {},
      column_classification: { productive: [], waiting: [] },
      '2025-01-02': { timeinstate: { Done: 0.5, Todo: 2 } },
      '2025-01-01': { timeinstate: { 'In Progress': 1, Extra: 3 } },
    } as unknown as TimeInStateResponse;
    const result = timeInStateRows(data, ['Todo', 'In Progress', 'Done']);
    expect(result.columns).toEqual(['Todo', 'In Progress', 'Done', 'Extra']);
    expect(result.rows).toEqual([
      { date: '2025-01-01', 'In Progress': 1, Extra: 3 },
      { date: '2025-01-02', Done: 0.5, Todo: 2 },
    ]);
  });
});

describe('chart colours', () => {
  it('cycles through 8 colours', () => {
    expect(CHART_COLORS).toHaveLength(8);
    expect(chartColor(8)).toBe(chartColor(0));
    expect(chartColor(9)).toBe(CHART_COLORS[1]);
  });
});
