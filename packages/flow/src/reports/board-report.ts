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
import { DAY_MS, dayNumber, isoDay, isoTime, round } from '../shared/numbers.ts';
import { type BoardTimeline, buildTimeline } from '../timeline/timeline.ts';

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
};

const precise = (value: number) => (Number.isNaN(value) ? null : round(value, 4));

/** The timeline's item for each key (-1: no transition); one map only when ids are not in key order. */
function itemOfKeys(keys: readonly string[], itemIds: readonly string[]): Int32Array {
  const items = new Int32Array(keys.length);
  let next = 0;
  let byId: Map<string, number> | undefined;
  keys.forEach((key, k) => {
    if (itemIds[next] === key) {
      items[k] = next++;
      return;
    }
    byId ??= new Map(itemIds.map((id, i) => [id, i]));
    items[k] = byId.get(key) ?? -1;
  });
  return items;
}

/** Lead and cycle time in days per timeline item (NaN: not complete, or no cycle start). */
function durations(t: BoardTimeline, cycleSlot: number, wholeDays: boolean) {
  const count = t.itemIds.length;
  const width = t.board.columns.length;
  const lead = new Float64Array(count);
  const cycle = new Float64Array(count).fill(Number.NaN);
  const exactCycle = t.board.cycleStart;
  for (let i = 0; i < count; i++) {
    const done = t.doneAt[i] as number;
    if (wholeDays) {
      lead[i] = dayNumber(done) - dayNumber(t.firstEntry[i] as number);
      if (cycleSlot >= 0) cycle[i] = dayNumber(done) - dayNumber(t.entries[i * width + cycleSlot] as number);
    } else {
      lead[i] = (done - (t.firstEntry[i] as number)) / DAY_MS;
      if (exactCycle >= 0) cycle[i] = (done - (t.entries[i * width + exactCycle] as number)) / DAY_MS;
    }
  }
  return { lead, cycle };
}

/** Per key: its entries as ISO times (consecutive equal times share one string: back-fills repeat them). */
function reportItems(
  board: ParsedBoard,
  t: BoardTimeline,
  slots: readonly number[],
  itemOfKey: Int32Array,
  d: ReturnType<typeof durations>,
): BoardReportItem[] {
  const width = t.board.columns.length;
  // Spreading a template with every column as an own property keeps the shape shared and makes a
  // column named "__proto__" an ordinary key.
  const blank = Object.fromEntries(board.columns.map((name) => [name, null])) as Record<
    string,
    string | null
  >;
  let lastAt = Number.NaN;
  let lastText = '';
  return board.keys.map((key, k) => {
    const item = itemOfKey[k] as number;
    const entered = { ...blank };
    if (item < 0) return { key, entered, lead_time_days: null, cycle_time_days: null };
    for (let c = 0; c < slots.length; c++) {
      const at = t.entries[item * width + (slots[c] as number)] as number;
      if (Number.isNaN(at)) continue;
      if (at !== lastAt) {
        lastAt = at;
        lastText = isoTime(at);
      }
      entered[board.columns[c] as string] = lastText;
    }
    return {
      key,
      entered,
      lead_time_days: precise(d.lead[item] as number),
      cycle_time_days: precise(d.cycle[item] as number),
    };
  });
}

function scatterPoints(
  keys: readonly string[],
  t: BoardTimeline,
  itemOfKey: Int32Array,
  d: ReturnType<typeof durations>,
) {
  const points: ScatterPoint[] = [];
  keys.forEach((key, k) => {
    const item = itemOfKey[k] as number;
    const done = item < 0 ? Number.NaN : (t.doneAt[item] as number);
    if (Number.isNaN(done)) return;
    const lead = precise(d.lead[item] as number) as number;
    points.push({
      key,
      completed_date: isoDay(dayNumber(done)),
      lead_time_days: lead,
      cycle_time_days: precise(d.cycle[item] as number),
    });
  });
  return points;
}

/** Cycle times in days of the keys' completed items, in key order (what the percentiles and histogram read). */
function cycleTimesOfKeys(itemOfKey: Int32Array, cycle: Float64Array): number[] {
  const days: number[] = [];
  for (const item of itemOfKey) {
    const value = item < 0 ? Number.NaN : (cycle[item] as number);
    if (!Number.isNaN(value)) days.push(value);
  }
  return days;
}

/**
 * The command-line report: per-item entries and durations, cycle-time percentiles, scatter and
 * histogram, CFD and throughput. One timeline pass into typed arrays; objects only for the output.
 */
export function buildBoardReport(board: ParsedBoard, options: BoardReportOptions = {}): BoardReport {
  const wholeDays = options.wholeDays ?? false;
  const t = buildTimeline(board, board.transitions);
  const slots = board.columns.map((name) => t.board.index.get(name) as number);
  const cycleStart =
    board.cycleStartColumn && board.columns.includes(board.cycleStartColumn) ? board.cycleStartColumn : null;
  const d = durations(t, cycleStart === null ? -1 : (t.board.index.get(cycleStart) as number), wholeDays);
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
    cfd: cumulativeFlowOf({ entries, width, slots }, board.columns),
    throughput: throughputOf(t.doneAt.subarray(0, t.itemIds.length)),
    scatter: scatterPoints(board.keys, t, itemOfKey, d),
    cycle_time_histogram: histogram(cycleDays),
  };
}
