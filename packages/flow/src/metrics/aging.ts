import type { AgingItem, AgingRisk, FlowPercentiles } from '../reports/flow-types.ts';
import type { ItemTimeline } from '../timeline/item-timelines.ts';
import { ageStartedAt, startedAt } from '../timeline/partial-rule.ts';
import { days, isoTime } from '../core/numbers.ts';
import type { BoardItem, BoardItems } from '../types.ts';
import { itemAt } from '../input/board-items.ts';

/**
 * Where an age stands against the cycle-time percentiles: above p95 critical, above p85 at risk,
 * above p50 watch, else on track; unknown without completed items to compare with.
 */
export function agingRisk(ageDays: number, p: FlowPercentiles): AgingRisk {
  if (p.p50 === null || p.p85 === null || p.p95 === null) return 'unknown';
  if (ageDays > p.p95) return 'critical';
  if (ageDays > p.p85) return 'at_risk';
  if (ageDays > p.p50) return 'watch';
  return 'on_track';
}

function byNumberThenId(a: AgingItem, b: AgingItem): number {
  return (a.number ?? 0) - (b.number ?? 0) || a.id.localeCompare(b.id);
}

function byAgeThenNumber(a: AgingItem, b: AgingItem): number {
  return b.age_days - a.age_days || byNumberThenId(a, b);
}

/**
 * The rows in `byAgeThenNumber`'s order (a stable sort), from each row's key (`-cents * span + position`:
 * its age in hundredths of a day and its position in `rows`, `span` a power of two above every position)
 * sorted natively: the comparator runs only within runs of equal ages. On a first run, a comparator called
 * ~15 times a row from `Array.prototype.sort` was most of aging's sort (17,000 rows: ~7 ms of samples).
 */
function sortedByKeys(rows: readonly AgingItem[], keys: readonly number[], span: number): AgingItem[] {
  const sorted = Float64Array.from(keys).sort();
  const out: AgingItem[] = [];
  let runStart = 0;
  let runKey = Number.NaN;
  for (let k = 0; k < sorted.length; k++) {
    const key = sorted[k] as number;
    const age = Math.floor(key / span);
    out.push(rows[key - age * span] as AgingItem);
    if (age !== runKey) {
      sortRun(out, runStart, k);
      runStart = k;
      runKey = age;
    }
  }
  sortRun(out, runStart, out.length);
  return out;
}

/**
 * A run of insertion sort's size at most: a board whose items share one start (added together, their
 * history lost) has runs of thousands of equal ages, which insertion sort would take in quadratic time.
 */
const SHORT_RUN = 16;

/** Sorts `rows[from..to)` (rows of equal age, in position order) by number then id, stably. */
function sortRun(rows: AgingItem[], from: number, to: number): void {
  if (to - from < 2) return;
  if (to - from > SHORT_RUN) {
    const run = rows.slice(from, to).sort(byNumberThenId);
    for (let i = 0; i < run.length; i++) rows[from + i] = run[i] as AgingItem;
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const row = rows[i] as AgingItem;
    let j = i - 1;
    while (j >= from && byNumberThenId(rows[j] as AgingItem, row) > 0) {
      rows[j + 1] = rows[j] as AgingItem;
      j--;
    }
    rows[j + 1] = row;
  }
}

/**
 * The items' timelines as aging reads them; `startOf`, when given, answers `get(id)?.entered[column]`
 * without making the item's view (the Flow report reads it from the timeline's entry table).
 */
export type AgingTimelines = Pick<ReadonlyMap<string, ItemTimeline>, 'get'> & {
  /** `position`: the item's position in the items aged. */
  startOf?: (itemId: string, column: string, position: number) => number | null | undefined;
};

/** Whether the item at a position sits in a WIP column: by its column's position when known, else by name. */
function inWipTest(
  items: BoardItems,
  wip: readonly string[],
  itemColumns: { positions: Int16Array; columns: readonly string[] } | undefined,
): (position: number) => boolean {
  const names = new Set(wip);
  if (!itemColumns) {
    return (i) => {
      const column = itemAt(items, i).column;
      return column !== null && names.has(column);
    };
  }
  const { positions, columns } = itemColumns;
  const wipAt = Uint8Array.from(columns, (name) => (names.has(name) ? 1 : 0));
  return (i) => {
    const p = positions[i] as number;
    return p >= 0 && wipAt[p] === 1;
  };
}

/** Builds an aging item's row from what aging found: the caller may build it in its final shape at once. */
export type AgingRowOf = (
  item: BoardItem,
  position: number,
  startedAt: string,
  ageDays: number,
  risk: AgingRisk,
) => AgingItem;

const plainRow: AgingRowOf = (item, _, startedAt, ageDays, risk) => ({
  id: item.id,
  number: item.number,
  title: item.title,
  url: item.url,
  // In a WIP column, so in one.
  column: item.column as string,
  started_at: startedAt,
  age_days: ageDays,
  risk,
});

/**
 * Aging work in progress: every current item in a WIP column (cycle start up to done) with its age, the
 * time since its cycle started, and its risk against the percentiles. Items with no known start are left out.
 */
export function agingWip(
  items: BoardItems,
  timelines: AgingTimelines,
  wip: readonly string[],
  now: number,
  percentiles: FlowPercentiles,
  /** Working time between two instants (the calendar's); elapsed time by default. */
  elapsed: (from: number, to: number) => number = (from, to) => Math.max(0, to - from),
  /** Each item's column's position in `columns` (itemColumnPositions), when the caller keeps them. */
  itemColumns?: { positions: Int16Array; columns: readonly string[] },
  rowOf: AgingRowOf = plainRow,
): AgingItem[] {
  const cycleStart = wip[0];
  if (cycleStart === undefined) return [];
  const inWip = inWipTest(items, wip, itemColumns);
  const rows: AgingItem[] = [];
  // Each row's sort key (sortedByKeys), written as the row is built.
  const keys: number[] = [];
  const span = 2 ** Math.ceil(Math.log2(items.length + 1));
  let keyed = true;
  for (let i = 0; i < items.length; i++) {
    if (!inWip(i)) continue;
    const item = itemAt(items, i);
    const started = timelines.startOf
      ? startedAt(timelines.startOf(item.id, cycleStart, i), item.enteredColumnAt)
      : ageStartedAt(timelines.get(item.id), item.enteredColumnAt, cycleStart);
    if (started === null) continue;
    // Compared as shown: both the age and the percentiles are rounded to 2 decimals.
    const age = days(elapsed(Math.min(started, now), now));
    const cents = Math.round(age * 100);
    if (!(cents / 100 === age && cents * span <= Number.MAX_SAFE_INTEGER)) keyed = false;
    keys.push(rows.length - cents * span);
    rows.push(rowOf(item, i, isoTime(Math.min(started, now)), age, agingRisk(age, percentiles)));
  }
  return keyed ? sortedByKeys(rows, keys, span) : rows.sort(byAgeThenNumber);
}
