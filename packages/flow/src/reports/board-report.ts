import type { ParsedBoard } from '../input/board-file.ts';
import {
  type CfdRow,
  cumulativeFlow,
  cycleTimePercentiles,
  type ThroughputRow,
  throughput,
} from '../metrics/charts.ts';
import { computeItemTimelines, type ItemTimeline } from '../timeline/item-timelines.ts';
import { DAY_MS, dayNumber, isoTime, round } from '../shared/numbers.ts';

export type BoardReportItem = {
  key: string;
  entered: Record<string, string | null>;
  lead_time_days: number | null;
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
};

export type BoardReportOptions = {
  /** Count durations in whole calendar days (UTC date minus date), as jira-agile-metrics does. */
  wholeDays?: boolean;
};

type Durations = { lead: number | null; cycle: number | null };

function durations(t: ItemTimeline | undefined, cycleStart: string | null, wholeDays: boolean): Durations {
  if (!t || t.completedAt === null || t.firstEntryAt === null) return { lead: null, cycle: null };
  const cycleFrom = cycleStart === null ? null : (t.entered[cycleStart] ?? null);
  if (!wholeDays) {
    return {
      lead: (t.leadTimeMs as number) / DAY_MS,
      cycle: t.cycleTimeMs === null ? null : t.cycleTimeMs / DAY_MS,
    };
  }
  const done = dayNumber(t.completedAt);
  return {
    lead: done - dayNumber(t.firstEntryAt),
    cycle: cycleFrom === null ? null : done - dayNumber(cycleFrom),
  };
}

const precise = (value: number | null) => (value === null ? null : round(value, 4));

/** The command-line report: per-item entries and durations, cycle-time percentiles, CFD and throughput. */
export function buildBoardReport(board: ParsedBoard, options: BoardReportOptions = {}): BoardReport {
  const wholeDays = options.wholeDays ?? false;
  const timelines = computeItemTimelines(board);
  const byKey = new Map(timelines.map((t) => [t.itemId, t]));
  const cycleStart =
    board.cycleStartColumn && board.columns.includes(board.cycleStartColumn) ? board.cycleStartColumn : null;
  const cycleTimes: number[] = [];
  const items = board.keys.map((key): BoardReportItem => {
    const t = byKey.get(key);
    const d = durations(t, cycleStart, wholeDays);
    if (d.cycle !== null) cycleTimes.push(d.cycle * DAY_MS);
    const entered = Object.fromEntries(
      board.columns.map((name) => {
        const at = t?.entered[name] ?? null;
        return [name, at === null ? null : isoTime(at)];
      }),
    );
    return { key, entered, lead_time_days: precise(d.lead), cycle_time_days: precise(d.cycle) };
  });
  const percentiles = cycleTimePercentiles(cycleTimes);
  return {
    columns: [...board.columns],
    cycle_start: cycleStart,
    done: board.doneColumn ?? (board.columns.at(-1) as string),
    duration: wholeDays ? 'whole-days' : 'exact',
    items,
    cycle_time_percentiles: Object.fromEntries(Object.entries(percentiles).map(([q, v]) => [q, precise(v)])),
    cfd: cumulativeFlow(timelines, board.columns),
    throughput: throughput(timelines),
  };
}
