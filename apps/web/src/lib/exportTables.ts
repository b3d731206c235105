import {
  type AgingItem,
  type CycleTimePoint,
  type DimensionFlowRow,
  type ExportCalendar,
  exportHeader,
  type FlowForecast,
  type FlowResponse,
  type IssueRow,
  zonedIso,
} from '@fluxion/contract';
import type { LeadTimeRow, TimeInStateRow } from './chartData.ts';
import type { CsvTable } from './exportCsv.ts';

/**
 * The CSV of each chart and table: the values the page draws, with their units in the header. Days are
 * the board's local days and named by its time zone; an instant is written in that zone with its offset;
 * durations are in working days when the board's calendar has days off (docs/api.md, "Export").
 */
const instant = (iso: string | null, calendar: ExportCalendar) =>
  iso === null ? null : zonedIso(Date.parse(iso), calendar.timeZone);

export function leadTimeCsv(rows: LeadTimeRow[], hasCycle: boolean, calendar: ExportCalendar): CsvTable {
  const h = exportHeader(calendar);
  const header = [h.day(), h.days('Average lead time')];
  if (hasCycle) header.push(h.days('Average cycle time'));
  return {
    header,
    rows: rows.map((row) => (hasCycle ? [row.date, row.lead, row.cycle] : [row.date, row.lead])),
  };
}

export function timeInStateCsv(
  rows: TimeInStateRow[],
  columns: string[],
  calendar: ExportCalendar,
): CsvTable {
  const h = exportHeader(calendar);
  return {
    header: [h.day(), ...columns.map((column) => h.days(column))],
    rows: rows.map((row) => [
      row.date,
      ...columns.map((column) => (row[column] as number | undefined) ?? null),
    ]),
  };
}

export function cfdCsv(
  data: Pick<FlowResponse, 'cfd' | 'columns' | 'unit'>,
  calendar: ExportCalendar,
): CsvTable {
  // The unit goes with the figures (docs/metrics.md, "Iterations and estimates").
  const unit = data.unit === 'estimate' ? 'estimate' : 'items';
  return {
    header: [
      exportHeader(calendar).day(),
      ...data.columns.map((column) => `${column} (${unit}, cumulative)`),
    ],
    rows: data.cfd.map((day) => [day.date, ...data.columns.map((column) => day.counts[column] ?? 0)]),
  };
}

/** A 0–1 share as a whole percent, empty when unknown. */
const percentOrEmpty = (share: number | null | undefined) =>
  share === null || share === undefined ? '' : Math.round(share * 100);

export function cycleTimeCsv(
  data: { cycle_time: { points: CycleTimePoint[] } },
  calendar: ExportCalendar,
): CsvTable {
  const h = exportHeader(calendar);
  const blockedKnown = data.cycle_time.points.some((p) => p.blocked_days !== undefined);
  return {
    header: [
      'Number',
      'Title',
      h.instant('Completed at'),
      h.days('Cycle time'),
      // Blocked time and flow efficiency (docs/metrics.md, "Blocked time"), when the answer has them.
      ...(blockedKnown ? [h.days('Blocked'), 'Flow efficiency (%)'] : []),
    ],
    rows: data.cycle_time.points.map((p) => [
      p.number,
      p.title,
      instant(p.completed_at, calendar),
      p.cycle_time_days,
      ...(blockedKnown ? [p.blocked_days ?? 0, percentOrEmpty(p.flow_efficiency)] : []),
    ]),
  };
}

export function agingCsv(data: { aging: { items: AgingItem[] } }, calendar: ExportCalendar): CsvTable {
  const h = exportHeader(calendar);
  const blockedKnown = data.aging.items.some((i) => i.blocked_days !== undefined);
  return {
    header: [
      'Number',
      'Title',
      'Column',
      h.instant('Started at'),
      h.days('Age'),
      'Risk',
      ...(blockedKnown ? [h.days('Blocked'), 'Blocked now', 'SLE'] : []),
    ],
    rows: data.aging.items.map((i) => [
      i.number,
      i.title,
      i.column,
      instant(i.started_at, calendar),
      i.age_days,
      i.risk,
      ...(blockedKnown ? [i.blocked_days ?? 0, i.blocked ? 'yes' : 'no', i.sle_risk ?? ''] : []),
    ]),
  };
}

/** One row per in-progress column with blocked time in the window or a blocked item now, in board order. */
export type BlockedColumnRow = { column: string; days: number; now: number };

export function blockedByColumnRows(
  data: Pick<FlowResponse, 'columns' | 'blocked'> & { aging: { items: AgingItem[] } },
): BlockedColumnRow[] {
  const byColumn = data.blocked?.by_column ?? {};
  const now = new Map<string, number>();
  for (const item of data.aging.items)
    if (item.blocked) now.set(item.column, (now.get(item.column) ?? 0) + 1);
  return data.columns
    .filter((column) => byColumn[column] !== undefined || now.has(column))
    .map((column) => ({ column, days: byColumn[column] ?? 0, now: now.get(column) ?? 0 }));
}

/**
 * Blocked days per column in the window (docs/metrics.md, "Blocked time"), with the items blocked there
 * now; the header names the window's days, the unit and what marks an item blocked.
 */
export function blockedByColumnCsv(
  data: Pick<FlowResponse, 'columns' | 'blocked' | 'window'> & { aging: { items: AgingItem[] } },
  calendar: ExportCalendar,
): CsvTable {
  const h = exportHeader(calendar);
  return {
    header: [
      'Column',
      h.days(`Blocked in the last ${data.window.days} days`),
      'Blocked now (items)',
      'Blocked by',
    ],
    rows: blockedByColumnRows(data).map((row) => [row.column, row.days, row.now, blockedBy(data.blocked)]),
  };
}

const blockedBy = (blocked: FlowResponse['blocked']) =>
  !blocked
    ? ''
    : blocked.field
      ? `label '${blocked.label}' or ${blocked.field.name} = '${blocked.field.value}'`
      : `label '${blocked.label}'`;

export function forecastCsv(
  forecast: FlowForecast,
  calendar: ExportCalendar,
  /** The estimate field the forecast counts in; null for items. */
  estimateField: string | null = null,
): CsvTable {
  const amount = estimateField === null ? 'items' : `${estimateField} (estimate)`;
  // With days off the forecasts count working days, and their dates skip the days off (metrics.md §12).
  const unit = calendar.daysOff ? `${amount} or working days` : `${amount} or days`;
  const howMany = forecast.how_many.results.map((r) => [
    `How many ${amount} in ${forecast.how_many.horizon_days} days`,
    `${Math.round(r.confidence * 100)}%`,
    r.items,
    null,
  ]);
  const when = forecast.when.results.map((r) => [
    `When will ${forecast.when.items} ${amount} be done`,
    `${Math.round(r.confidence * 100)}%`,
    r.days,
    r.date,
  ]);
  return {
    header: ['Question', 'Confidence (%)', `Answer (${unit})`, exportHeader(calendar).day()],
    rows: [...howMany, ...when],
  };
}

export function issuesCsv(issues: IssueRow[], calendar: ExportCalendar): CsvTable {
  const h = exportHeader(calendar);
  return {
    header: [
      'Number',
      'Title',
      h.days('Days in column'),
      h.instant('Entered column at'),
      'Milestone',
      'Labels',
    ],
    rows: issues.map((i) => [
      i.number,
      i.title,
      i.days_in_current_column,
      instant(i.entered_column_at, calendar),
      i.milestone,
      i.labels.map((label) => (typeof label === 'string' ? label : label.name)).join('; '),
    ]),
  };
}

/**
 * Flow's breakdown card (docs/metrics.md, "Breakdown"): one line per value as the answer has it, the items
 * without one under an empty value (as the items CSV writes them); SLE columns only when split by type.
 */
export function breakdownCsv(
  breakdown: { by: 'issue_type' | 'field'; field: string | null; rows: readonly DimensionFlowRow[] },
  windowDays: number,
  calendar: ExportCalendar,
): CsvTable {
  const h = exportHeader(calendar);
  const byType = breakdown.by === 'issue_type';
  return {
    header: [
      byType ? 'Issue type' : (breakdown.field ?? 'Value'),
      `Finished in the last ${windowDays} days`,
      'In progress now',
      h.days('Cycle time p50'),
      h.days('Cycle time p85'),
      h.days('Oldest in progress'),
      'In progress past p85',
      ...(byType ? ['SLE (%)', h.days('SLE'), 'SLE met (%)', 'In progress past SLE'] : []),
    ],
    rows: breakdown.rows.map((row) => [
      row.value ?? '',
      row.throughput,
      row.wip,
      row.p50,
      row.p85,
      row.oldest_days,
      row.over_p85,
      ...(byType
        ? [
            row.sle?.percent ?? null,
            row.sle?.days ?? null,
            row.sle?.met_percent ?? null,
            row.sle?.breached_now ?? null,
          ]
        : []),
    ]),
  };
}
