import { type ResolvedBoard, resolveBoard } from '../input/columns.ts';
import { type PreparedTransitions, prepareTransitions } from './order-moves.ts';
import { type BufferPool, scratch } from './scratch.ts';
import { type Transitions, transitionCount } from '../input/transitions.ts';
import type { BoardColumns } from '../types.ts';
import { keptRows, keptTimeline } from './kept-timeline.ts';
import { timelineOf } from './timeline-of.ts';

/** Stays of all items, columnar. `column` -1 marks time off the board or in an unknown column. */
export type Stays = {
  count: number;
  item: Uint32Array;
  column: Int16Array;
  start: Float64Array;
  /** NaN while the stay is still open. */
  end: Float64Array;
};

/** Per-item results of the entry rules, columnar for speed (see docs/metrics.md). */
export type BoardTimeline = {
  board: ResolvedBoard;
  itemIds: string[];
  /** entries[item * columns + column]: entry time after the backward-move and back-fill rules, NaN if none. */
  entries: Float64Array;
  /** First entry into any board column, NaN if never on the board. */
  firstEntry: Float64Array;
  /** Completion time (entry into done) when the item's last board column is done (or later), else NaN. */
  doneAt: Float64Array;
  /** Last board column the item was in, -1 if none. */
  lastColumn: Int16Array;
  /** The instant before which the item's history is partial (docs/metrics.md), NaN when it is complete. */
  partialBefore: Float64Array;
  /** 1: a partial item whose joining the board is known (reconstructed): its lead time counts. */
  joinKnown: Uint8Array;
  stays: Stays;
};

/** A timeline's per-row results without its stays: what lead time reads. */
export type RowTimeline = Omit<BoardTimeline, 'stays'>;

const NOT_YET = -3;

/** `top`: the highest column of the current item with an entry (-1 for none); later ones are all NaN. */
type Walk = {
  entries: Float64Array;
  base: number;
  width: number;
  top: number;
  stays: Stays;
  /** The current item's partial-history instant (NaN: complete): stays that began before it are unknown. */
  knownFrom: number;
};

function closeStay(w: Walk, item: number, column: number, start: number, end: number): void {
  if (start < w.knownFrom) return;
  const s = w.stays;
  const i = s.count++;
  s.item[i] = item;
  s.column[i] = column < 0 ? -1 : column;
  s.start[i] = start;
  s.end[i] = end;
}

/** Rule 1: first entry kept; every move clears the later columns' entries. */
function enter(w: Walk, column: number, at: number): void {
  const e = w.entries;
  const slot = w.base + column;
  if (Number.isNaN(e[slot] as number)) e[slot] = at;
  for (let c = column + 1; c <= w.top; c++) e[w.base + c] = Number.NaN;
  w.top = column;
}

/** Rule 2: a skipped column takes the entry of the next later column reached. */
function backFill(w: Walk): void {
  let next = Number.NaN;
  for (let c = w.base + w.width - 1; c >= w.base; c--) {
    if (Number.isNaN(w.entries[c] as number)) w.entries[c] = next;
    else next = w.entries[c] as number;
  }
}

function walkItem(p: PreparedTransitions, t: BoardTimeline, w: Walk, item: number): void {
  const lo = p.start[item] as number;
  const hi = lo + (p.kept[item] as number);
  let current = NOT_YET;
  let since = 0;
  let last = -1;
  for (let k = lo; k < hi; k++) {
    const to = p.to[k] as number;
    const at = p.at[k] as number;
    if (to === current || (current === NOT_YET && to < 0)) continue;
    if (current !== NOT_YET) closeStay(w, item, current, since, at);
    if (to >= 0) {
      if (Number.isNaN(t.firstEntry[item] as number)) t.firstEntry[item] = at;
      enter(w, to, at);
      last = to;
    }
    current = to;
    since = at;
  }
  if (current !== NOT_YET) closeStay(w, item, current, since, Number.NaN);
  backFill(w);
  t.lastColumn[item] = last;
  if (last >= t.board.done && last >= 0) t.doneAt[item] = w.entries[w.base + t.board.done] as number;
}

function emptyStays(capacity: number, pool: BufferPool): Stays {
  return {
    count: 0,
    item: pool.u32('stays.item', capacity),
    column: pool.i16('stays.column', capacity),
    start: pool.f64('stays.start', capacity),
    end: pool.f64('stays.end', capacity),
  };
}

/** Drops the moves left out (estimated ones, when asked without them) from their items' groups. */
function leaveOut(p: PreparedTransitions, leftOut: ReadonlyMap<string, ReadonlySet<number>>): void {
  for (let item = 0; item < p.itemIds.length; item++) {
    const instants = leftOut.get(p.itemIds[item] as string);
    if (!instants) continue;
    const lo = p.start[item] as number;
    const hi = lo + (p.kept[item] as number);
    let write = lo;
    for (let k = lo; k < hi; k++) {
      if (instants.has(p.at[k] as number)) continue;
      p.at[write] = p.at[k] as number;
      p.to[write] = p.to[k] as number;
      p.order[write] = p.order[k] as number;
      write++;
    }
    p.kept[item] = write - lo;
  }
}

/**
 * Applies the entry rules to every item: one sort, one pass. The result lives in shared scratch buffers:
 * read it before the next call (every caller in this package does, synchronously). For moves whose
 * timelines are kept (`keepTimelines`: a loaded board's version), the kept timeline instead: built once,
 * owned, never written again, so it may be read at any time.
 */
export function buildTimeline(columns: BoardColumns, transitions: Transitions): BoardTimeline {
  return (
    keptTimeline(columns, transitions, buildScratchTimeline) ?? buildScratchTimeline(columns, transitions)
  );
}

/**
 * `buildTimeline` for an analysis that reads no stay: for held moves, the kept timeline's rows (its stays
 * are left to the first analysis that reads them), else a scratch build.
 */
export function buildRowTimeline(columns: BoardColumns, transitions: Transitions): RowTimeline {
  return keptRows(columns, transitions, buildScratchTimeline) ?? buildScratchTimeline(columns, transitions);
}

/** `buildTimeline` into the scratch buffers, or those of `pool` (its grouping work still in scratch). */
export function buildScratchTimeline(
  columns: BoardColumns,
  transitions: Transitions,
  pool: BufferPool = scratch,
): BoardTimeline {
  const board = resolveBoard(columns);
  const p = prepareTransitions(board, transitions);
  if (columns.leftOutMoves) leaveOut(p, columns.leftOutMoves);
  const items = p.itemIds.length;
  const width = board.columns.length;
  const timeline = timelineOf(
    board,
    {
      itemIds: p.itemIds,
      entries: pool.f64('entries', items * width).fill(Number.NaN),
      firstEntry: pool.f64('firstEntry', items).fill(Number.NaN),
      doneAt: pool.f64('doneAt', items).fill(Number.NaN),
      lastColumn: pool.i16('lastColumn', items),
      partialBefore: pool.f64('partialBefore', items).fill(Number.NaN),
      joinKnown: pool.u8('joinKnown', items).fill(0),
    },
    emptyStays(transitionCount(transitions), pool),
  );
  const partial = columns.partialHistory;
  const joined = columns.joinedOnlyItems;
  const walk: Walk = {
    entries: timeline.entries,
    base: 0,
    width,
    top: -1,
    stays: timeline.stays,
    knownFrom: Number.NaN,
  };
  for (let item = 0; item < items; item++) {
    walk.base = item * width;
    walk.top = -1;
    walk.knownFrom = partial?.get(p.itemIds[item] as string) ?? Number.NaN;
    timeline.partialBefore[item] = walk.knownFrom;
    if (joined?.has(p.itemIds[item] as string)) timeline.joinKnown[item] = 1;
    walkItem(p, timeline, walk, item);
  }
  return timeline;
}

/**
 * Lead time of item i in ms, NaN when not complete, or when its history is partial: its first entry on
 * the board is not known (docs/metrics.md, "Partial histories"), unless its joining was reconstructed.
 */
export function leadTimeMs(t: RowTimeline, item: number): number {
  if (!Number.isNaN(t.partialBefore[item] as number) && t.joinKnown[item] !== 1) return Number.NaN;
  return (t.doneAt[item] as number) - (t.firstEntry[item] as number);
}

/**
 * Cycle time of item i in ms, NaN when not complete, when the board has no cycle-start column, or when
 * the item's history is partial and its entry into the cycle-start column is not after the known instant.
 */
export function cycleTimeMs(t: RowTimeline, item: number): number {
  const cs = t.board.cycleStart;
  if (cs < 0) return Number.NaN;
  const width = t.board.columns.length;
  const start = t.entries[item * width + cs] as number;
  if (!(start > (t.partialBefore[item] as number)) && !Number.isNaN(t.partialBefore[item] as number))
    return Number.NaN;
  return (t.doneAt[item] as number) - start;
}
