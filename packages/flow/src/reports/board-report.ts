import type { ParsedBoard } from '../input/board-file.ts';
import {
  type CfdRow,
  cumulativeFlowOf,
  cycleTimePercentiles,
  type HistogramBin,
  histogram,
  type ThroughputRow,
  throughputOf,
} from '../metrics/charts.ts';
import { buildCalendar, type CalendarSettings } from '../core/calendar.ts';
import { DAY_MS, round } from '../core/numbers.ts';
import { buildTimeline } from '../timeline/timeline.ts';
import { cycleTimesOfKeys, durations, itemOfKeys, reportItems, scatterPoints } from './board-items.ts';

export type BoardReportItem = {
  key: string;
  entered: Record<string, string | null>;
  lead_time_days: number | null;
  cycle_time_days: number | null;
};

/** One completed item on the cycle-time scatter plot. */
export type ScatterPoint = {
  key: string;
  completed_date: string;
  lead_time_days: number;
  cycle_time_days: number | null;
};

export type BoardReport = {
  columns: string[];
  cycle_start: string | null;
  done: string;
  duration: 'exact' | 'whole-days';
  items: BoardReportItem[];
  cycle_time_percentiles: Record<string, number | null>;
  cfd: CfdRow[];
  throughput: ThroughputRow[];
  scatter: ScatterPoint[];
  /** Cycle times in whole-day bins. */
  cycle_time_histogram: HistogramBin[];
};

export type BoardReportOptions = {
  /** Count durations in whole calendar days (UTC date minus date), as jira-agile-metrics does. */
  wholeDays?: boolean;
  /** Day boundaries and working days (docs/metrics.md, "Calendar"); default UTC, every day worked. */
  calendar?: CalendarSettings;
};

/**
 * The command-line report: per-item entries and durations, cycle-time percentiles, scatter and
 * histogram, CFD and throughput. One timeline pass into typed arrays; objects only for the output.
 */
export function buildBoardReport(board: ParsedBoard, options: BoardReportOptions = {}): BoardReport {
  const wholeDays = options.wholeDays ?? false;
  const calendar = buildCalendar(options.calendar);
  const t = buildTimeline(board, board.transitions);
  const slots = board.columns.map((name) => t.board.index.get(name) as number);
  const cycleStart =
    board.cycleStartColumn && board.columns.includes(board.cycleStartColumn) ? board.cycleStartColumn : null;
  const d = durations(
    t,
    cycleStart === null ? -1 : (t.board.index.get(cycleStart) as number),
    wholeDays,
    calendar,
  );
  const itemOfKey = itemOfKeys(board.keys, t.itemIds);
  const cycleDays = cycleTimesOfKeys(itemOfKey, d.cycle);
  const percentiles = cycleTimePercentiles(cycleDays.map((days) => days * DAY_MS));
  const width = t.board.columns.length;
  const entries = t.entries.subarray(0, t.itemIds.length * width);
  return {
    columns: [...board.columns],
    cycle_start: cycleStart,
    done: board.doneColumn ?? (board.columns.at(-1) as string),
    duration: wholeDays ? 'whole-days' : 'exact',
    items: reportItems(board, t, slots, itemOfKey, d),
    cycle_time_percentiles: Object.fromEntries(
      Object.entries(percentiles).map(([q, v]) => [q, v === null ? null : round(v, 4)]),
    ),
    cfd: cumulativeFlowOf({ entries, width, slots }, board.columns, undefined, calendar.dayOf),
    throughput: throughputOf(t.doneAt.subarray(0, t.itemIds.length), calendar.dayOf),
    scatter: scatterPoints(board.keys, t, itemOfKey, d, calendar),
    cycle_time_histogram: histogram(cycleDays),
  };
}
