import type { FlowForecast, FlowResponse, IssueRow } from '@fluxion/contract';
import type { LeadTimeRow, TimeInStateRow } from './chartData.ts';
import { type CsvTable, EXPORT_TIME_ZONE as TZ } from './exportCsv.ts';

/** The CSV of each chart and table: the values the page draws, with their units in the header. */
export function leadTimeCsv(rows: LeadTimeRow[], hasCycle: boolean): CsvTable {
  const header = [`Date (${TZ})`, 'Average lead time (days)'];
  if (hasCycle) header.push('Average cycle time (days)');
  return {
    header,
    rows: rows.map((row) => (hasCycle ? [row.date, row.lead, row.cycle] : [row.date, row.lead])),
  };
}

export function timeInStateCsv(rows: TimeInStateRow[], columns: string[]): CsvTable {
  return {
    header: [`Date (${TZ})`, ...columns.map((column) => `${column} (days)`)],
    rows: rows.map((row) => [
      row.date,
      ...columns.map((column) => (row[column] as number | undefined) ?? null),
    ]),
  };
}

export function cfdCsv(data: Pick<FlowResponse, 'cfd' | 'columns'>): CsvTable {
  return {
    header: [`Date (${TZ})`, ...data.columns.map((column) => `${column} (items, cumulative)`)],
    rows: data.cfd.map((day) => [day.date, ...data.columns.map((column) => day.counts[column] ?? 0)]),
  };
}

export function cycleTimeCsv(data: Pick<FlowResponse, 'cycle_time'>): CsvTable {
  return {
    header: ['Number', 'Title', `Completed at (${TZ}, ISO 8601)`, 'Cycle time (days)'],
    rows: data.cycle_time.points.map((p) => [p.number, p.title, p.completed_at, p.cycle_time_days]),
  };
}

export function agingCsv(data: Pick<FlowResponse, 'aging'>): CsvTable {
  return {
    header: ['Number', 'Title', 'Column', `Started at (${TZ}, ISO 8601)`, 'Age (days)', 'Risk'],
    rows: data.aging.items.map((i) => [i.number, i.title, i.column, i.started_at, i.age_days, i.risk]),
  };
}

export function forecastCsv(forecast: FlowForecast): CsvTable {
  const howMany = forecast.how_many.results.map((r) => [
    `How many items in ${forecast.how_many.horizon_days} days`,
    `${Math.round(r.confidence * 100)}%`,
    r.items,
    null,
  ]);
  const when = forecast.when.results.map((r) => [
    `When will ${forecast.when.items} items be done`,
    `${Math.round(r.confidence * 100)}%`,
    r.days,
    r.date,
  ]);
  return {
    header: ['Question', 'Confidence (%)', 'Answer (items or days)', `Date (${TZ})`],
    rows: [...howMany, ...when],
  };
}

export function issuesCsv(issues: IssueRow[]): CsvTable {
  return {
    header: [
      'Number',
      'Title',
      'Days in column (days)',
      `Entered column at (${TZ}, ISO 8601)`,
      'Milestone',
      'Labels',
    ],
    rows: issues.map((i) => [
      i.number,
      i.title,
      i.days_in_current_column,
      i.entered_column_at,
      i.milestone,
      i.labels.map((label) => (typeof label === 'string' ? label : label.name)).join('; '),
    ]),
  };
}
