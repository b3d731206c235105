import { describe, expect, it } from 'vitest';
import { FALLBACK_MESSAGE } from '../insights/insight.ts';
import { buildColumnStats, buildIssuesInColumnReport } from './issues.ts';
import { COLUMNS, item, jan, NOW } from '../fixtures/worked-example.fixture.ts';

const items = [
  item(10, 'In Progress', jan(9, 12)),
  item(6, 'In Progress', Date.UTC(2023, 11, 20, 12)),
  item(11, 'In Progress', null),
  item(9, 'In Progress', jan(2, 12)),
  item(12, 'Backlog', jan(10)),
  item(13, 'Gone', jan(1)),
];
const input = { columns: COLUMNS, items, now: NOW, days: 7 };

describe('buildIssuesInColumnReport (docs/metrics.md worked example)', () => {
  it('rows sorted by days in column, descending', () => {
    const { issues } = buildIssuesInColumnReport({ ...input, column: 'In Progress' });
    expect(issues.map((i) => [i.number, i.days_in_current_column, i.entered_column_at])).toEqual([
      [6, 21, '2023-12-20T12:00:00.000Z'],
      [9, 8, '2024-01-02T12:00:00.000Z'],
      [10, 1, '2024-01-09T12:00:00.000Z'],
      [11, 0, null],
    ]);
    expect(issues[0]).toMatchObject({ id: 'I_6', title: 'Issue 6', milestone: null, labels: [] });
  });

  it('a draft issue (no number) is named by its title in the insight and sorts as number 0', () => {
    const draft = { ...item(7, 'In Progress', Date.UTC(2023, 11, 1)), number: null, title: 'Draft: spike' };
    const report = buildIssuesInColumnReport({ ...input, items: [...items, draft], column: 'In Progress' });
    expect(report.issues[0]).toMatchObject({ number: null, title: 'Draft: spike' });
    expect(report.column_stats.performance_insight.message).toContain("oldest 'Draft: spike' at");
  });

  it('column statistics with 1x and 2x iteration thresholds', () => {
    const { column_stats } = buildIssuesInColumnReport({ ...input, column: 'In Progress' });
    expect(column_stats).toEqual({
      avg_days: 10,
      issues_over_1x_iteration: 2,
      issues_over_2x_iteration: 1,
      thresholds: { '1x_iteration': 7, '2x_iteration': 14 },
      iteration_length_days: 7,
      performance_insight: {
        severity: 'critical',
        message:
          "1 of 4 issues in 'In Progress' has been there longer than two iterations (14 days); oldest #6 at 21 days.",
        // A count, not an estimate: no confidence, no sample (issue 31).
        confidence: 0,
      },
    });
  });

  it('a young column is excellent; an empty one is info; an unknown one falls back', () => {
    // With the board's commitment point at Backlog, Backlog holds work in progress.
    const committed = { ...input, cycleStartColumn: 'Backlog', column: 'Backlog' };
    expect(buildIssuesInColumnReport(committed).column_stats.performance_insight.severity).toBe('good');
    expect(buildIssuesInColumnReport(committed).column_stats.performance_insight.message).toMatch(
      /^The only issue in 'Backlog' entered it within the last iteration \(7 days\), [\d.]+ days ago\.$/,
    );
    const empty = buildIssuesInColumnReport({ ...input, column: 'Review' });
    expect(empty.issues).toEqual([]);
    expect(empty.column_stats.performance_insight).toEqual({
      severity: 'info',
      message: "No issues are currently in 'Review'.",
      confidence: 0,
    });
    expect(
      buildIssuesInColumnReport({ ...input, column: 'Gone' }).column_stats.performance_insight.message,
    ).toBe(FALLBACK_MESSAGE);
  });
});

describe('buildColumnStats', () => {
  it('per board column: count, mean age, over 7 and over 14 days', () => {
    expect(buildColumnStats(input)).toEqual({
      Backlog: { count: 1, avg_days: 0.5, over_7_days: 0, over_14_days: 0 },
      Ready: { count: 0, avg_days: 0, over_7_days: 0, over_14_days: 0 },
      'In Progress': { count: 4, avg_days: 10, over_7_days: 2, over_14_days: 1 },
      Review: { count: 0, avg_days: 0, over_7_days: 0, over_14_days: 0 },
      Done: { count: 0, avg_days: 0, over_7_days: 0, over_14_days: 0 },
    });
  });
});
