import type { FlowResponse } from '@fluxion/contract';
import type { LeadTimeRow, TimeInStateRow } from './chartData.ts';

/** Lead time has something to say once one completion gives a point. */
export const leadTimeHasData = (rows: LeadTimeRow[]): boolean => rows.some((row) => row.lead !== null);

/** Time in State has something to say once a recorded stay gives a bar. */
export const timeInStateHasData = (rows: TimeInStateRow[]): boolean =>
  rows.some((row) => Object.entries(row).some(([key, value]) => key !== 'date' && typeof value === 'number'));

/** Flow's throughput, percentiles and forecasts need at least one completion in the window. */
export const flowHasCompletions = (data: Pick<FlowResponse, 'throughput'>): boolean =>
  data.throughput.total > 0;

/** The done column a board's figures wait for: its last column. */
export const doneColumn = (columns: readonly string[]): string => columns[columns.length - 1] ?? 'Done';
