import type { BurnUpDay, IterationReportResponse, IterationSummary } from '@fluxion/contract';
import type { CsvTable } from './exportCsv.ts';

/** A burn-up day as the chart draws it: removed work below the axis; the days still to come empty. */
export type BurnUpRow = Partial<BurnUpDay> & { date: string; removedBelow?: number };

const DAY_MS = 86_400_000;

/** Every day of the iteration, `start` to `end` (YYYY-MM-DD): the measured ones, then the rest empty. */
export function burnUpRows(days: readonly BurnUpDay[], start: string, end: string): BurnUpRow[] {
  const rows: BurnUpRow[] = days.map((day) => ({ ...day, removedBelow: -day.removed }));
  const first = Date.parse(`${start}T00:00:00Z`);
  const last = Date.parse(`${end}T00:00:00Z`);
  for (let at = first + rows.length * DAY_MS; at <= last; at += DAY_MS) {
    rows.push({ date: new Date(at).toISOString().slice(0, 10) });
  }
  return rows;
}

/** The unit's name in exported headers: items, or the estimate field. */
export function unitName(report: Pick<IterationReportResponse, 'unit' | 'estimate_field'>): string {
  return report.unit === 'estimate' ? `${report.estimate_field ?? 'estimate'} (estimate)` : 'items';
}

export function burnUpCsv(report: IterationReportResponse): CsvTable {
  const unit = unitName(report);
  return {
    header: ['Date', `Scope (${unit})`, `Completed (${unit})`, `Added (${unit})`, `Removed (${unit})`],
    rows: (report.current?.days ?? []).map((d) => [d.date, d.scope, d.completed, d.added, d.removed]),
  };
}

export function historyCsv(report: IterationReportResponse): CsvTable {
  const unit = unitName(report);
  const row = (i: IterationSummary) => [
    i.title,
    i.start,
    i.end,
    i.committed,
    i.added,
    i.removed,
    i.scope,
    i.completed,
    i.not_done,
  ];
  return {
    header: [
      'Iteration',
      'Start',
      'End',
      `Committed (${unit})`,
      `Added (${unit})`,
      `Removed (${unit})`,
      `Scope at end (${unit})`,
      `Completed (${unit})`,
      `Not done (${unit})`,
    ],
    rows: report.recent.map(row),
  };
}
