import type { IterationReportResponse } from '@fluxion/contract';
import { describe, expect, it } from 'vitest';
import { burnUpCsv, burnUpRows, historyCsv } from './iterationChartData.ts';

const day = (date: string, scope: number, completed: number, added = 0, removed = 0) => ({
  date,
  scope,
  completed,
  added,
  removed,
});

describe('iteration chart data', () => {
  it('draws every day of the iteration, removed work below the axis, the days to come empty', () => {
    const rows = burnUpRows(
      [day('2026-11-02', 10, 0), day('2026-11-03', 12, 2, 3, 1)],
      '2026-11-02',
      '2026-11-05',
    );
    expect(rows.map((r) => r.date)).toEqual(['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05']);
    expect(rows[1]).toMatchObject({ scope: 12, added: 3, removedBelow: -1 });
    expect(rows[2]).toEqual({ date: '2026-11-04' });
  });

  it('names the unit in every exported header', () => {
    const summary = { id: 'a', title: 'Sprint 1', start: '2026-10-19', end: '2026-11-01', partial: false };
    const report: IterationReportResponse = {
      unit: 'estimate',
      iteration_field: 'Iteration',
      estimate_field: 'Points',
      iterations: [],
      current: {
        ...summary,
        committed: 10,
        scope: 12,
        completed: 2,
        not_done: 10,
        added: 3,
        removed: 1,
        unestimated: 0,
        days: [day('2026-11-02', 10, 0)],
      },
      recent: [{ ...summary, committed: 20, scope: 18, completed: 15, not_done: 3, added: 1, removed: 3 }],
    };
    expect(burnUpCsv(report).header).toEqual([
      'Date',
      'Scope (Points (estimate))',
      'Completed (Points (estimate))',
      'Added (Points (estimate))',
      'Removed (Points (estimate))',
    ]);
    expect(historyCsv({ ...report, unit: 'items' }).header.slice(3, 4)).toEqual(['Committed (items)']);
    expect(historyCsv(report).rows).toEqual([['Sprint 1', '2026-10-19', '2026-11-01', 20, 1, 3, 18, 15, 3]]);
  });
});
