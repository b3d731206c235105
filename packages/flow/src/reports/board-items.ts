/** The board report's per-item parts, read from the timeline's typed arrays (objects only for the output). */
import type { ParsedBoard } from '../input/board-file.ts';
import { type Calendar, UTC_CALENDAR } from '../core/calendar.ts';
import { DAY_MS, isoDay, isoTime, round } from '../core/numbers.ts';
import type { BoardTimeline } from '../timeline/timeline.ts';
import type { BoardReportItem, ScatterPoint } from './board-report.ts';

export type Durations = { lead: Float64Array; cycle: Float64Array };

const precise = (value: number) => (Number.isNaN(value) ? null : round(value, 4));

/** The timeline's item for each key (-1: no move); one map only when ids are not in key order. */
export function itemOfKeys(keys: readonly string[], itemIds: readonly string[]): Int32Array {
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

/**
 * Whole days from one instant to another: local date minus date, or with days off, the working days
 * after the first date up to and including the last.
 */
function wholeDaysBetween(calendar: Calendar, from: number, to: number): number {
  const first = calendar.dayOf(from);
  const last = calendar.dayOf(to);
  if (!calendar.partial) return last - first;
  let count = 0;
  for (let d = first + 1; d <= last; d++) if (calendar.isWorkingDay(d)) count++;
  return count;
}

/** Lead and cycle time in days per timeline item (NaN: not complete, or no cycle start), in working time. */
export function durations(
  t: BoardTimeline,
  cycleSlot: number,
  wholeDays: boolean,
  calendar: Calendar = UTC_CALENDAR,
): Durations {
  const count = t.itemIds.length;
  const width = t.board.columns.length;
  const lead = new Float64Array(count);
  const cycle = new Float64Array(count).fill(Number.NaN);
  const exactCycle = t.board.cycleStart;
  const span = wholeDays
    ? (from: number, to: number) => wholeDaysBetween(calendar, from, to)
    : (from: number, to: number) => (calendar.partial ? calendar.workingMs(from, to) : to - from) / DAY_MS;
  for (let i = 0; i < count; i++) {
    const done = t.doneAt[i] as number;
    if (Number.isNaN(done)) {
      lead[i] = Number.NaN;
      continue;
    }
    // A partial history gives no lead time, and a cycle time only from an entry after its known instant.
    const known = t.partialBefore[i] as number;
    lead[i] = Number.isNaN(known) ? span(t.firstEntry[i] as number, done) : Number.NaN;
    const slot = wholeDays ? cycleSlot : exactCycle;
    const start = slot >= 0 ? (t.entries[i * width + slot] as number) : Number.NaN;
    if (slot >= 0 && (Number.isNaN(known) || start > known)) cycle[i] = span(start, done);
  }
  return { lead, cycle };
}

/** Per key: its entries as ISO times (consecutive equal times share one string: back-fills repeat them). */
export function reportItems(
  board: ParsedBoard,
  t: BoardTimeline,
  slots: readonly number[],
  itemOfKey: Int32Array,
  d: Durations,
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

export function scatterPoints(
  keys: readonly string[],
  t: BoardTimeline,
  itemOfKey: Int32Array,
  d: Durations,
  calendar: Calendar = UTC_CALENDAR,
) {
  const points: ScatterPoint[] = [];
  keys.forEach((key, k) => {
    const item = itemOfKey[k] as number;
    const done = item < 0 ? Number.NaN : (t.doneAt[item] as number);
    if (Number.isNaN(done)) return;
    const lead = precise(d.lead[item] as number) as number;
    points.push({
      key,
      completed_date: isoDay(calendar.dayOf(done)),
      lead_time_days: lead,
      cycle_time_days: precise(d.cycle[item] as number),
    });
  });
  return points;
}

/** Cycle times in days of the keys' completed items, in key order (what the percentiles and histogram read). */
export function cycleTimesOfKeys(itemOfKey: Int32Array, cycle: Float64Array): number[] {
  const days: number[] = [];
  for (const item of itemOfKey) {
    const value = item < 0 ? Number.NaN : (cycle[item] as number);
    if (!Number.isNaN(value)) days.push(value);
  }
  return days;
}
