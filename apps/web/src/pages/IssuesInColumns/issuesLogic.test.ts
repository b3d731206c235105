import type { IssueRow } from '@fluxion/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../api/errors.ts';
import {
  columnOptions,
  defaultColumn,
  fallbackStats,
  issuesErrorMessage,
  labelNames,
  requestedColumn,
  shownColumn,
  sortByDaysDesc,
  statsFor,
} from './issuesLogic.ts';

const issue = (id: string, days: number): IssueRow => ({
  id,
  number: 1,
  title: id,
  url: null,
  days_in_current_column: days,
  entered_column_at: null,
  milestone: null,
  labels: [],
});

describe('issues in columns logic', () => {
  it('sorts by days in column, descending', () => {
    expect(sortByDaysDesc([issue('a', 2), issue('b', 9), issue('c', 5)]).map((i) => i.id)).toEqual([
      'b',
      'c',
      'a',
    ]);
  });

  it('reads labels given as strings or {name}', () => {
    expect(labelNames(['bug', { name: 'ui' }])).toEqual(['bug', 'ui']);
    expect(labelNames([])).toEqual([]);
    expect(labelNames(undefined)).toEqual([]);
  });

  it('falls back to 7/14 thresholds and the fallback insight without column stats', () => {
    const stats = fallbackStats([issue('a', 3), issue('b', 8), issue('c', 20)]);
    expect(stats.avg_days).toBeCloseTo(31 / 3);
    expect(stats.issues_over_1x_iteration).toBe(2);
    expect(stats.issues_over_2x_iteration).toBe(1);
    expect(stats.thresholds).toEqual({ '1x_iteration': 7, '2x_iteration': 14 });
    expect(stats.performance_insight).toEqual({
      severity: 'info',
      message: 'Analysis unavailable - using fallback calculations',
      confidence: 0.5,
    });
    expect(fallbackStats([]).avg_days).toBe(0);
  });

  it('uses the server stats when present', () => {
    const server = { ...fallbackStats([]), avg_days: 4 };
    expect(statsFor([], server)).toBe(server);
    expect(statsFor([issue('a', 1)], null).avg_days).toBe(1);
  });

  it("labels column options 'name (N issues)'", () => {
    const stats = { Todo: { count: 3, avg_days: 1, over_7_days: 0, over_14_days: 0 } };
    expect(columnOptions(['Todo', 'Done'], stats)).toEqual([
      { value: 'Todo', label: 'Todo (3 issues)' },
      { value: 'Done', label: 'Done (0 issues)' },
    ]);
    expect(
      columnOptions(['Todo'], { Todo: { count: 1, avg_days: 1, over_7_days: 0, over_14_days: 0 } }),
    ).toEqual([{ value: 'Todo', label: 'Todo (1 issue)' }]);
  });

  it('names the columns without a count while the counts are unknown (not a false 0)', () => {
    expect(columnOptions(['Todo', 'Done'], undefined).map((o) => o.label)).toEqual(['Todo', 'Done']);
  });

  it('shows the HTTP status message or the default', () => {
    expect(issuesErrorMessage(new HttpError(500, 'Internal Server Error'))).toBe('Internal Server Error');
    expect(issuesErrorMessage('x')).toBe('Failed to load issues');
  });
});

describe('the column shown (the address, or the link from Home)', () => {
  const link = (project: string | null, column: string | null) => ({ project, column });

  it('follows the address’s column on its project, or when it names no project (demo=1)', () => {
    expect(requestedColumn('p', link('p', 'Doing'))).toBe('Doing');
    expect(requestedColumn('p', link(null, 'Doing'))).toBe('Doing');
  });

  it('ignores the address’s column on another project (before its project is selected)', () => {
    expect(requestedColumn('q', link('p', 'Doing'))).toBe('');
    expect(requestedColumn(null, link('p', 'Doing'))).toBe('');
  });

  it('shows the first column when the requested one is not on the board', () => {
    expect(shownColumn('Doing', ['Todo', 'Doing', 'Done'])).toBe('Doing');
    expect(shownColumn('Gone', ['Todo', 'Doing', 'Done'])).toBe('Todo');
    expect(shownColumn('', ['Todo'])).toBe('Todo');
    expect(shownColumn('Doing', [])).toBe('');
  });

  it('without a requested column, opens on the engine’s bottleneck, else its commitment point, not the backlog', () => {
    const columns = ['Backlog', 'Ready', 'Doing', 'Review', 'Done'];
    const story = (bottleneck: string | null, commitment: string | null) => ({
      bottleneck: bottleneck === null ? null : { column: bottleneck },
      commitment_column: commitment,
    });
    expect(shownColumn('', columns, defaultColumn(story('Review', 'Doing')))).toBe('Review');
    expect(shownColumn('', columns, defaultColumn(story(null, 'Doing')))).toBe('Doing');
    expect(shownColumn('Backlog', columns, defaultColumn(story('Review', 'Doing')))).toBe('Backlog');
    expect(shownColumn('', columns, defaultColumn(undefined))).toBe('Backlog');
  });
});
