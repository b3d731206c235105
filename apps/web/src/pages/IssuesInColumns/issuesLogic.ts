import type { ColumnStat, IssueLabel, IssueRow, IssuesColumnStats } from '@fluxion/contract';
import { DEFAULT_ITERATION_LENGTH, FALLBACK_CONFIDENCE } from '../../lib/constants.ts';
import { T } from '../../texts.ts';

/** Fallback thresholds when no column stats are available: 7 and 14 days. */
export const FALLBACK_THRESHOLDS = { '1x_iteration': 7, '2x_iteration': 14 } as const;

export const sortByDaysDesc = (issues: IssueRow[]): IssueRow[] =>
  [...issues].sort((a, b) => b.days_in_current_column - a.days_in_current_column);

export const labelNames = (labels: IssueLabel[] | null | undefined): string[] =>
  (labels ?? []).map((label) => (typeof label === 'string' ? label : label.name)).filter(Boolean);

/** Statistics computed in the browser, with the fallback insight (info, 0.5). */
export function fallbackStats(issues: IssueRow[]): IssuesColumnStats {
  const days = issues.map((issue) => issue.days_in_current_column);
  const avg = days.length ? days.reduce((sum, d) => sum + d, 0) / days.length : 0;
  return {
    avg_days: avg,
    issues_over_1x_iteration: days.filter((d) => d > FALLBACK_THRESHOLDS['1x_iteration']).length,
    issues_over_2x_iteration: days.filter((d) => d > FALLBACK_THRESHOLDS['2x_iteration']).length,
    thresholds: { ...FALLBACK_THRESHOLDS },
    iteration_length_days: DEFAULT_ITERATION_LENGTH,
    performance_insight: {
      severity: 'info',
      message: T.issues.fallbackInsight,
      confidence: FALLBACK_CONFIDENCE,
    },
  };
}

export function statsFor(issues: IssueRow[], stats: IssuesColumnStats | null | undefined): IssuesColumnStats {
  return stats ?? fallbackStats(issues);
}

/**
 * 'name (N issues)' for the column selector, counting from column-stats; the bare name while the
 * counts are unknown (loading or failed), never a false "(0 issues)".
 */
export function columnOptions(columns: string[], stats: Record<string, ColumnStat> | undefined) {
  return columns.map((name) => ({
    value: name,
    label: stats ? T.issues.columnOption(name, stats[name]?.count ?? 0) : name,
  }));
}

/** A load error shows the HTTP status message or 'Failed to load issues'. */
export function issuesErrorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : T.issues.failed;
}

/**
 * The column asked for by the address (`?column=`, also Home's stuck-item links) when the address is
 * for this project or names none; '' for the first column.
 */
export function requestedColumn(
  projectId: string | null,
  link: { project: string | null; column: string | null },
): string {
  if (link.project !== null && link.project !== projectId) return '';
  return link.column ?? '';
}

/**
 * The column shown: the requested one when the board has it; else the engine's default (the board's
 * bottleneck, else its commitment point: never a backlog, docs/metrics.md §14) when on the board; else
 * the first column.
 */
export function shownColumn(requested: string, columns: string[], preferred: string | null = null): string {
  if (columns.includes(requested)) return requested;
  if (preferred !== null && columns.includes(preferred)) return preferred;
  return columns[0] ?? '';
}

/** The engine's default column from the board's story (GET /api/story/): its bottleneck, else its commitment point. */
export function defaultColumn(
  story: { bottleneck: { column: string } | null; commitment_column: string | null } | undefined,
): string | null {
  return story ? (story.bottleneck?.column ?? story.commitment_column) : null;
}
