import { resolveBoard } from '../input/columns.ts';
import { rowsOfItems, type TransitionColumns, type Transitions } from '../input/transitions.ts';
import type { BoardColumns } from '../types.ts';
import { columnCode, OFF_BOARD } from './group-by-item.ts';
import { type BufferPool, scratch } from './scratch.ts';
import type { BoardTimeline, RowTimeline, Stays } from './timeline.ts';
import { timelineOf } from './timeline-of.ts';

/**
 * A kept timeline built by walking the moves in their own order (time order, as the server holds a
 * board), each item's rule state kept by its row, instead of grouping a million moves by item first
 * (`prepareTransitions`): no working copy of the moves (~32 MB of fresh memory at a million), and its
 * two parts apart: the per-row results (entries, completion: all lead time reads) in one pass, the stays
 * in a second pass when an analysis first reads them. The result is the grouped build's, row for row and
 * stay for stay (rows by their item's first appearance, an item's stays in its order). An item whose
 * moves are not in strictly increasing time (ties, duplicates, rows out of order: the grouped build sorts
 * and chains them) or that has moves left out is built by `build` on its moves alone and copied in.
 */
export type WalkedRows = {
  rows: RowTimeline;
  /** Item code of the columns → the item's row (-1: no row). */
  rowOfCode: Int32Array;
  /** Row r's stays are positions stayFrom[r] … stayFrom[r + 1] - 1. */
  stayFrom: Int32Array;
  /** 1: the row is built apart (`build`), not walked. */
  apart: Uint8Array;
};

type Build = (columns: BoardColumns, transitions: Transitions) => BoardTimeline;

const NOT_YET = -3;

/** Column code of each column name of `c`. */
const targetsOf = (board: RowTimeline['board'], c: TransitionColumns) =>
  Int16Array.from(c.names, (name) => columnCode(board, name));

/** The per-row results (`pool`'s buffers; working state in scratch: run it aside for a whole board). */
export function walkRows(
  board: BoardColumns,
  c: TransitionColumns,
  pool: BufferPool,
  build: Build,
): WalkedRows {
  const resolved = resolveBoard(board);
  const codes = c.itemIds.length;
  const width = resolved.columns.length;
  const all = timelineOf(
    resolved,
    {
      itemIds: [],
      entries: pool.f64('entries', codes * width).fill(Number.NaN),
      firstEntry: pool.f64('firstEntry', codes).fill(Number.NaN),
      doneAt: pool.f64('doneAt', codes).fill(Number.NaN),
      lastColumn: pool.i16('lastColumn', codes).fill(-1),
      partialBefore: pool.f64('partialBefore', codes).fill(Number.NaN),
      joinKnown: pool.u8('joinKnown', codes).fill(0),
    },
    null,
  );
  const walked = {
    rowOfCode: pool.i32('rowOfCode', codes).fill(-1),
    apart: pool.u8('apart', codes).fill(0),
    // Each row's count of stays until the sums below.
    stayFrom: pool.i32('stayFrom', codes + 1).fill(0),
  };
  const current = scratch.i16('walk.current', codes).fill(NOT_YET);
  const since = scratch.f64('walk.since', codes);
  walkEntries(all, board, c, {
    rowOfCode: walked.rowOfCode,
    apart: walked.apart,
    stayFrom: walked.stayFrom,
    current,
    since,
  });
  const n = all.itemIds.length;
  const rows = timelineOf(
    resolved,
    {
      itemIds: all.itemIds,
      entries: all.entries.subarray(0, n * width),
      firstEntry: all.firstEntry.subarray(0, n),
      doneAt: all.doneAt.subarray(0, n),
      lastColumn: all.lastColumn.subarray(0, n),
      partialBefore: all.partialBefore.subarray(0, n),
      joinKnown: all.joinKnown.subarray(0, n),
    },
    null,
  );
  const counts = walked.stayFrom;
  finishRows(rows, walked.apart, current, since, counts);
  const part = buildApart(board, c, walked.rowOfCode, walked.apart, build);
  if (part) copyApartRows(rows, part, counts);
  // Counts → starts, in place: stayFrom[r + 1] is the sum of the counts of rows 0 … r.
  let sum = 0;
  for (let row = 0; row < n; row++) {
    const count = counts[row] as number;
    counts[row] = sum;
    sum += count;
  }
  counts[n] = sum;
  return {
    rows,
    rowOfCode: walked.rowOfCode,
    stayFrom: counts.subarray(0, n + 1),
    apart: walked.apart.subarray(0, n),
  };
}

type EntryWalk = {
  rowOfCode: Int32Array;
  apart: Uint8Array;
  stayFrom: Int32Array;
  current: Int16Array;
  since: Float64Array;
};

/**
 * Rule 1 as the moves come (first entry kept, a move clears the later columns' entries), each row's count
 * of stays, and which rows are built apart. Rows are numbered by first appearance, whatever the move.
 */
function walkEntries(t: RowTimeline, board: BoardColumns, c: TransitionColumns, w: EntryWalk): void {
  const { rowOfCode, apart, current, since } = w;
  const stays = w.stayFrom;
  const targets = targetsOf(t.board, c);
  const width = t.board.columns.length;
  const { entries, firstEntry, lastColumn, partialBefore } = t;
  const lastAt = scratch.f64('walk.lastAt', c.itemIds.length).fill(Number.NEGATIVE_INFINITY);
  const top = scratch.i16('walk.top', c.itemIds.length).fill(-1);
  for (let i = 0; i < c.count; i++) {
    const code = c.item[i] as number;
    let row = rowOfCode[code] as number;
    if (row < 0) {
      const id = c.itemIds[code] as string;
      row = t.itemIds.push(id) - 1;
      rowOfCode[code] = row;
      partialBefore[row] = board.partialHistory?.get(id) ?? Number.NaN;
      if (board.joinedOnlyItems?.has(id)) t.joinKnown[row] = 1;
      if (board.leftOutMoves?.has(id)) apart[row] = 1;
    }
    const at = c.at[i] as number;
    if (!Number.isFinite(at)) continue;
    if (!(at > (lastAt[row] as number))) apart[row] = 1;
    lastAt[row] = at;
    if (apart[row] === 1) continue;
    const target = c.to[i] as number;
    const to = target < 0 ? OFF_BOARD : (targets[target] as number);
    const from = current[row] as number;
    if (to === from || (from === NOT_YET && to < 0)) continue;
    // A stay that began before the item's history is known is not one (closeStay in timeline.ts).
    if (from !== NOT_YET && !((since[row] as number) < (partialBefore[row] as number)))
      stays[row] = (stays[row] as number) + 1;
    if (to >= 0) {
      if (Number.isNaN(firstEntry[row] as number)) firstEntry[row] = at;
      const base = row * width;
      if (Number.isNaN(entries[base + to] as number)) entries[base + to] = at;
      for (let col = to + 1; col <= (top[row] as number); col++) entries[base + col] = Number.NaN;
      top[row] = to;
      lastColumn[row] = to;
    }
    current[row] = to;
    since[row] = at;
  }
}

/** Each walked row's open stay, rule 2 (a skipped column takes the next later entry) and completion. */
function finishRows(
  t: RowTimeline,
  apart: Uint8Array,
  current: Int16Array,
  since: Float64Array,
  stays: Int32Array,
): void {
  const width = t.board.columns.length;
  const done = t.board.done;
  for (let row = 0; row < t.itemIds.length; row++) {
    if (apart[row] === 1) continue;
    if (current[row] !== NOT_YET && !((since[row] as number) < (t.partialBefore[row] as number)))
      stays[row] = (stays[row] as number) + 1;
    const base = row * width;
    let next = Number.NaN;
    for (let col = base + width - 1; col >= base; col--) {
      if (Number.isNaN(t.entries[col] as number)) t.entries[col] = next;
      else next = t.entries[col] as number;
    }
    const last = t.lastColumn[row] as number;
    if (last >= done && last >= 0) t.doneAt[row] = t.entries[base + done] as number;
  }
}

/** The rows built apart: their timeline (on their moves alone) and each of its rows' row here. */
type Apart = { timeline: BoardTimeline; rowOf: Int32Array };

/** The rows marked apart, built by `build` on their moves alone (undefined: none). */
function buildApart(
  board: BoardColumns,
  c: TransitionColumns,
  rowOfCode: Int32Array,
  apart: Uint8Array,
  build: Build,
): Apart | undefined {
  if (!apart.includes(1)) return undefined;
  const keep = new Uint8Array(c.itemIds.length);
  for (let code = 0; code < keep.length; code++) {
    const row = rowOfCode[code] as number;
    if (row >= 0) keep[code] = apart[row] as number;
  }
  const rows = rowsOfItems(c, keep);
  const { count, item } = rows;
  if (count === 0) return undefined;
  const timeline = build(board, rows);
  // The part's rows are numbered by first appearance too: in the same order as here.
  const rowOf = new Int32Array(timeline.itemIds.length);
  for (let p = 0, seen = 0; p < count && seen < rowOf.length; p++) {
    const row = rowOfCode[item[p] as number] as number;
    if (seen === 0 || (rowOf[seen - 1] as number) < row) rowOf[seen++] = row;
  }
  return { timeline, rowOf };
}

/** The part's per-row results and counts of stays, at its rows. */
function copyApartRows(t: RowTimeline, part: Apart, stays: Int32Array): void {
  const width = t.board.columns.length;
  const p = part.timeline;
  part.rowOf.forEach((row, r) => {
    t.entries.set(p.entries.subarray(r * width, (r + 1) * width), row * width);
    t.firstEntry[row] = p.firstEntry[r] as number;
    t.doneAt[row] = p.doneAt[r] as number;
    t.lastColumn[row] = p.lastColumn[r] as number;
    t.partialBefore[row] = p.partialBefore[r] as number;
    t.joinKnown[row] = p.joinKnown[r] as number;
    stays[row] = 0;
  });
  for (let i = 0; i < p.stays.count; i++) {
    const row = part.rowOf[p.stays.item[i] as number] as number;
    stays[row] = (stays[row] as number) + 1;
  }
}

/**
 * The stays of walked rows (`pool`'s buffers; working state in scratch): a second pass over the moves,
 * each stay written at its row's next position; the rows built apart are built again and copied.
 */
export function walkStays(
  board: BoardColumns,
  c: TransitionColumns,
  walked: WalkedRows,
  pool: BufferPool,
  build: Build,
): Stays {
  const { rows, rowOfCode, stayFrom, apart } = walked;
  const n = rows.itemIds.length;
  const total = stayFrom[n] as number;
  const stays: Stays = {
    count: total,
    item: pool.u32('stays.item', total),
    column: pool.i16('stays.column', total),
    start: pool.f64('stays.start', total),
    end: pool.f64('stays.end', total),
  };
  const targets = targetsOf(rows.board, c);
  const current = scratch.i16('walk.current', n).fill(NOT_YET);
  const since = scratch.f64('walk.since', n);
  const next = scratch.i32('walk.next', n);
  next.set(stayFrom.subarray(0, n));
  const known = rows.partialBefore;
  // Only where each stay starts and its column are scattered; its row and end are filled in order below.
  const close = (row: number) => {
    if ((since[row] as number) < (known[row] as number)) return;
    const k = next[row] as number;
    next[row] = k + 1;
    const column = current[row] as number;
    stays.column[k] = column < 0 ? -1 : column;
    stays.start[k] = since[row] as number;
  };
  for (let i = 0; i < c.count; i++) {
    const row = rowOfCode[c.item[i] as number] as number;
    if (apart[row] === 1) continue;
    const at = c.at[i] as number;
    if (!Number.isFinite(at)) continue;
    const target = c.to[i] as number;
    const to = target < 0 ? OFF_BOARD : (targets[target] as number);
    const from = current[row] as number;
    if (to === from || (from === NOT_YET && to < 0)) continue;
    if (from !== NOT_YET) close(row);
    current[row] = to;
    since[row] = at;
  }
  for (let row = 0; row < n; row++) if (apart[row] !== 1 && current[row] !== NOT_YET) close(row);
  fillRowsAndEnds(stays, stayFrom, apart);
  const part = buildApart(board, c, rowOfCode, apart, build);
  if (part) copyApartStays(stays, part, stayFrom);
  return stays;
}

/**
 * Each walked row's stays: their row, and their ends. A row's stays follow one another (each ends when the
 * next starts: the move that closes one opens the next), and its last is open (NaN) whenever it has any:
 * those dropped as before the item's known history are its first ones.
 */
function fillRowsAndEnds(stays: Stays, stayFrom: Int32Array, apart: Uint8Array): void {
  for (let row = 0; row < apart.length; row++) {
    if (apart[row] === 1) continue;
    const lo = stayFrom[row] as number;
    const hi = stayFrom[row + 1] as number;
    if (lo === hi) continue;
    stays.item.fill(row, lo, hi);
    for (let k = lo; k < hi - 1; k++) stays.end[k] = stays.start[k + 1] as number;
    stays.end[hi - 1] = Number.NaN;
  }
}

/** The rows built apart: their stays, in their part's order, at their rows' positions. */
function copyApartStays(stays: Stays, part: Apart, stayFrom: Int32Array): void {
  const s = part.timeline.stays;
  let write = -1;
  let last = -1;
  for (let i = 0; i < s.count; i++) {
    const row = part.rowOf[s.item[i] as number] as number;
    if (row !== last) {
      write = stayFrom[row] as number;
      last = row;
    }
    stays.item[write] = row;
    stays.column[write] = s.column[i] as number;
    stays.start[write] = s.start[i] as number;
    stays.end[write] = s.end[i] as number;
    write++;
  }
}
