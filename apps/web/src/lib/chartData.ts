import type { LeadTimeResponse, TimeInStateResponse } from '@fluxion/contract';

export const CHART_HEIGHT = 500;
/**
 * A top legend measures its own height (it wraps to several lines on a phone) and keeps a gap above
 * the plot, so it never covers the top y-axis tick.
 */
export const LEGEND_STYLE = { paddingBottom: 16, lineHeight: '20px' } as const;
/** Eight chart colours (Primer data-vis palette), cycled. */
export const CHART_COLORS = [
  '#0969da',
  '#1a7f37',
  '#bf8700',
  '#cf222e',
  '#8250df',
  '#bc4c00',
  '#1b7c83',
  '#bf3989',
];
export const chartColor = (index: number): string => CHART_COLORS[index % CHART_COLORS.length] ?? '#0969da';

const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;
const dateKeys = (data: object) =>
  Object.keys(data)
    .filter((key) => DATE_KEY.test(key))
    .sort();

export type LeadTimeRow = { date: string; lead: number | null; cycle: number | null };

/** Date-keyed points in date order; `hasCycle` when any cycle value exists. */
export function leadTimeRows(data: LeadTimeResponse): { rows: LeadTimeRow[]; hasCycle: boolean } {
  const rows = dateKeys(data).map((date) => {
    const point = data[date] as { average_lead_time?: number | null; average_cycle_time?: number | null };
    return { date, lead: point.average_lead_time ?? null, cycle: point.average_cycle_time ?? null };
  });
  return { rows, hasCycle: rows.some((row) => row.cycle !== null) };
}

export type TimeInStateRow = { date: string } & Record<string, number | string>;

/** One row per date with a value per column; columns in board order, unknown ones after. */
export function timeInStateRows(
  data: TimeInStateResponse,
  boardOrder: string[] = [],
): { rows: TimeInStateRow[]; columns: string[] } {
  const seen = new Set<string>();
  const rows = dateKeys(data).map((date) => {
    const values = (data[date] as { timeinstate?: Record<string, number> }).timeinstate ?? {};
    for (const column of Object.keys(values)) seen.add(column);
    return { date, ...values } as TimeInStateRow;
  });
  const ordered = boardOrder.filter((column) => seen.has(column));
  const rest = [...seen].filter((column) => !boardOrder.includes(column));
  return { rows, columns: [...ordered, ...rest] };
}
