import { resolveBoard } from '../input/columns.ts';
import {
  extendedColumns,
  forgetExtendedColumns,
  isTransitionColumns,
  rowsOfItems,
  type TransitionColumns,
  type Transitions,
} from '../input/transitions.ts';
import type { BoardColumns } from '../types.ts';
import { type BufferPool, bufferPool, scratch } from './scratch.ts';
import type { BoardTimeline, RowTimeline, Stays } from './timeline.ts';
import { timelineOf } from './timeline-of.ts';
import { walkRows, walkStays } from './walk-in-order.ts';
import { IdRows, type RowsById } from './id-rows.ts';
import { knownStayStarts } from './stay-starts.ts';

/**
 * Timelines kept per loaded board version. Every analysis of a version walks the same timeline (the
 * entry rules applied to each item's moves), so it is built once per version and board shape, into
 * buffers of its own that nobody writes while it is kept, and dies with the version's moves. A first
 * build walks the moves in their order (walk-in-order.ts): the per-row results first, the stays when an
 * analysis first reads them (lead time reads none).
 * A version that only appended moves to one whose timeline is kept (a refresh) re-walks the items those
 * moves touch and copies the rest, instead of grouping a million moves again; it takes the kept timeline
 * over (the earlier version, rarely asked again, builds afresh). Buffers of timelines no longer kept are
 * reused (memory written before is far cheaper to write than fresh memory: see scratch.ts).
 */
const kept = new WeakMap<TransitionColumns, Kept[]>();
const held = new WeakSet<TransitionColumns>();
/** Shapes kept per version (columns, done column, partial and left-out histories: with and without estimates). */
const SHAPES_KEPT = 4;

type Shape = {
  key: string;
  partial: ReadonlyMap<string, number> | null;
  leftOut: ReadonlyMap<string, ReadonlySet<number>> | null;
  joined: ReadonlySet<string> | null;
};

type Kept = Shape & {
  /** The buffers the timeline lives in (its own). */
  pool: BufferPool;
  rows: RowTimeline;
  /** Null until an analysis reads them (a walked timeline's). */
  stays: Stays | null;
  /** Item code of the columns → the item's row in the timeline (-1: no row). */
  rowOfCode: Int32Array;
  /** Row r's stays are positions stayFrom[r] … stayFrom[r + 1] - 1. */
  stayFrom: Int32Array;
  /** A walked timeline's rows built apart (walk-in-order.ts); null for an extended one. */
  apart: Uint8Array | null;
};

/** A kept timeline as one object literal, so that every one has one hidden class (see `timelineOf`). */
const keptOf = (t: Omit<Kept, keyof Shape>, shape: Shape): Kept => ({
  key: shape.key,
  partial: shape.partial,
  leftOut: shape.leftOut,
  joined: shape.joined,
  pool: t.pool,
  rows: t.rows,
  stays: t.stays,
  rowOfCode: t.rowOfCode,
  stayFrom: t.stayFrom,
  apart: t.apart,
});

type Build = (columns: BoardColumns, transitions: Transitions, pool?: BufferPool) => BoardTimeline;

/** Whole walks of kept timelines so far (rows; stays): what a board's warm-up spares its first requests. */
export const keptWalks = { rows: 0, stays: 0 };

/** Buffers of timelines no longer kept, for the next ones. */
const free: BufferPool[] = [];
const FREE_KEPT = 2;
const released = new FinalizationRegistry<BufferPool>(release);

function release(pool: BufferPool): void {
  if (free.length < FREE_KEPT) free.push(pool);
}

function takePool(): BufferPool {
  return free.pop() ?? bufferPool();
}

function own(columns: TransitionColumns, entry: Kept): void {
  released.register(columns, entry.pool, entry);
}

/**
 * Each kept timeline's rows by item id, made when first asked for, keyed by its `itemIds` (the same array
 * for every analysis of the kept timeline). Rows never change when a timeline is extended (new items come
 * last), so the table is handed on with the new ids added: a hundred thousand keys are written once.
 */
const rowsByIds = new WeakMap<readonly string[], IdRows>();

/** The rows of a kept timeline by item id (undefined for a timeline not kept). */
export function keptRowsById(t: BoardTimeline): RowsById | undefined {
  if (!keptIds.has(t.itemIds)) return undefined;
  let rows = rowsByIds.get(t.itemIds);
  if (!rows) {
    rows = new IdRows(t.itemIds);
    rowsByIds.set(t.itemIds, rows);
  }
  return rows;
}

/** The `itemIds` of kept timelines. */
const keptIds = new WeakSet<readonly string[]>();

/** Hands the table of `from` on to `to` (the ids `from` has, then more). */
function handOnRows(from: readonly string[], to: readonly string[]): void {
  const rows = rowsByIds.get(from);
  if (!rows) return;
  rowsByIds.delete(from);
  rowsByIds.set(to, rows.extendTo(to));
}

/** Keeps the timelines of these moves (a loaded board's version, read by many analyses). */
export function keepTimelines(columns: TransitionColumns): void {
  held.add(columns);
}

/** Whether these moves' timelines are kept. */
export function timelinesKept(transitions: Transitions): boolean {
  return isTransitionColumns(transitions) && held.has(transitions);
}

/**
 * The kept timeline of held moves, built (or extended) on first use; undefined for moves not held.
 * The board (with its cycle-start column) is the caller's; the arrays are shared and must not be written.
 */
export function keptTimeline(
  columns: BoardColumns,
  transitions: Transitions,
  build: Build,
): BoardTimeline | undefined {
  if (!isTransitionColumns(transitions) || !held.has(transitions)) return undefined;
  const found = keptEntry(columns, transitions, build);
  if (!found.stays) {
    const { rows, rowOfCode, stayFrom, apart, pool } = found;
    const walked = { rows, rowOfCode, stayFrom, apart: apart as Uint8Array };
    keptWalks.stays++;
    found.stays = scratch.aside(() => walkStays(columns, transitions, walked, pool, build));
    knownStayStarts(found.stays, stayFrom);
  }
  return timelineOf(resolveBoard(columns), found.rows, found.stays);
}

/** `keptTimeline` without its stays (not built for it when no analysis read them yet). */
export function keptRows(
  columns: BoardColumns,
  transitions: Transitions,
  build: Build,
): RowTimeline | undefined {
  if (!isTransitionColumns(transitions) || !held.has(transitions)) return undefined;
  return timelineOf(resolveBoard(columns), keptEntry(columns, transitions, build).rows, null);
}

function keptEntry(columns: BoardColumns, transitions: TransitionColumns, build: Build): Kept {
  const board = resolveBoard(columns);
  const shape: Shape = {
    key: `${board.done}\u0001${board.columns.join('\u0000')}`,
    partial: columns.partialHistory ?? null,
    leftOut: columns.leftOutMoves ?? null,
    joined: columns.joinedOnlyItems ?? null,
  };
  const list = kept.get(transitions) ?? [];
  let found = list.find((k) => sameShape(k, shape));
  if (!found) {
    const base = keptBefore(transitions, shape);
    if (base) {
      // Taken over from the earlier version: its buffers are read below, then freed (or kept, unchanged).
      const { kept: earlier, columns: from, list: fromList } = base;
      fromList.splice(fromList.indexOf(earlier), 1);
      released.unregister(earlier);
      found = keptOf(extend(earlier, from, transitions, columns, build), shape);
      if (found.rows.itemIds !== earlier.rows.itemIds) {
        keptIds.delete(earlier.rows.itemIds);
        handOnRows(earlier.rows.itemIds, found.rows.itemIds);
      }
      if (found.pool !== earlier.pool) release(earlier.pool);
    } else {
      const pool = takePool();
      keptWalks.rows++;
      // A whole board's working buffers live only while it is walked: kept in the shared scratch they
      // would stay for good, beside the timeline that no longer needs them.
      const { rows, rowOfCode, stayFrom, apart } = scratch.aside(() =>
        walkRows(columns, transitions, pool, build),
      );
      found = keptOf({ pool, rows, stays: null, rowOfCode, stayFrom, apart }, shape);
    }
    own(transitions, found);
    keptIds.add(found.rows.itemIds);
    list.unshift(found);
    const dropped = list.length > SHAPES_KEPT ? list.pop() : undefined;
    if (dropped) {
      released.unregister(dropped);
      release(dropped.pool);
    }
    kept.set(transitions, list);
    forgetExtendedColumns(transitions);
  }
  return found;
}

/**
 * The nearest earlier version these moves extend whose timeline of that shape is kept with its stays
 * (one whose stays no analysis read is not extended: a walk of the rows costs about what its stays would).
 */
function keptBefore(columns: TransitionColumns, shape: Shape) {
  for (let earlier = extendedColumns(columns); earlier; earlier = extendedColumns(earlier)) {
    const list = kept.get(earlier);
    const found = list?.find((k) => sameShape(k, shape) && k.stays !== null);
    if (list && found) return { kept: found, columns: earlier, list };
  }
  return undefined;
}

function sameShape(a: Shape, b: Shape): boolean {
  return (
    a.key === b.key &&
    sameEntries(a.partial, b.partial, (x, y) => x === y) &&
    sameEntries(a.leftOut, b.leftOut, sameSet) &&
    sameSet(a.joined, b.joined)
  );
}

function sameEntries<V>(
  a: ReadonlyMap<string, V> | null,
  b: ReadonlyMap<string, V> | null,
  same: (x: V, y: V) => boolean,
): boolean {
  if (a === b) return true;
  if (!a || !b || a.size !== b.size) return false;
  for (const [key, value] of a) {
    const other = b.get(key);
    if (other === undefined || !same(value, other)) return false;
  }
  return true;
}

function sameSet<V>(a: ReadonlySet<V> | null, b: ReadonlySet<V> | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.size !== b.size) return false;
  for (const value of a) if (!b.has(value)) return false;
  return true;
}

function stayStarts(stays: Stays, rows: number, pool: BufferPool): Int32Array {
  const from = pool.i32('stayFrom', rows + 1).fill(0);
  for (let i = 0; i < stays.count; i++) {
    const next = (stays.item[i] as number) + 1;
    from[next] = (from[next] as number) + 1;
  }
  for (let row = 0; row < rows; row++) from[row + 1] = (from[row + 1] as number) + (from[row] as number);
  return from;
}

/** Every row of the items that `columns` has rows for past `since`, in row order (same codes). */
function rowsOfTouchedItems(columns: TransitionColumns, since: number): TransitionColumns {
  const touched = new Uint8Array(columns.itemIds.length);
  for (let i = since; i < columns.count; i++) touched[columns.item[i] as number] = 1;
  return rowsOfItems(columns, touched);
}

/**
 * The kept timeline of `base` (for `earlier`) brought to `columns`, which appended rows to it: the items
 * those rows touch are walked again (all their rows: the rules read an item's whole history), the other
 * items' results are kept. Rows stay numbered by first appearance, so new items come last, in order.
 * Written over the base's own buffers (grown, by a copy, only when they lack room): the earlier version
 * gives its timeline up, and a second pool beside the first would cost a board's whole timeline again.
 */
function extend(
  base: Kept,
  earlier: TransitionColumns,
  columns: TransitionColumns,
  board: BoardColumns,
  build: Build,
): Omit<Kept, keyof Shape> {
  if (columns.count === earlier.count) return base;
  const touched = rowsOfTouchedItems(columns, earlier.count);
  const part = build(board, touched);
  const old = base.rows;
  const pool = base.pool;
  const codes = columns.itemIds.length;
  // Codes past the earlier rows' are unused there (-1): a copied builder may number its new ids differently.
  const keptCodes = Math.min(codes, base.rowOfCode.length);
  const rowOfCode = keptIn(pool.i32('rowOfCode', codes), base.rowOfCode.subarray(0, keptCodes));
  rowOfCode.fill(-1, keptCodes);
  // The touched items' rows, in the part's order (first appearance, as in the whole board).
  const rowOfPart = new Int32Array(part.itemIds.length);
  const itemIds = [...old.itemIds];
  const partRow = scratch.i32('kept.partRow', codes).fill(-1);
  let seen = 0;
  for (let i = 0; i < touched.count; i++) {
    const code = touched.item[i] as number;
    if ((partRow[code] as number) >= 0) continue;
    partRow[code] = seen;
    if ((rowOfCode[code] as number) < 0) rowOfCode[code] = itemIds.push(columns.itemIds[code] as string) - 1;
    rowOfPart[seen++] = rowOfCode[code] as number;
  }
  const rows = itemIds.length;
  const width = old.board.columns.length;
  const perRow = <T extends Float64Array | Int16Array | Uint8Array>(
    next: T,
    previous: T,
    from: T,
    span = 1,
  ) => {
    keptIn(next, previous);
    for (let p = 0; p < rowOfPart.length; p++)
      next.set(from.subarray(p * span, (p + 1) * span), (rowOfPart[p] as number) * span);
    return next;
  };
  const timeline = timelineOf(
    old.board,
    {
      itemIds,
      entries: perRow(pool.f64('entries', rows * width), old.entries, part.entries, width),
      firstEntry: perRow(pool.f64('firstEntry', rows), old.firstEntry, part.firstEntry),
      doneAt: perRow(pool.f64('doneAt', rows), old.doneAt, part.doneAt),
      lastColumn: perRow(pool.i16('lastColumn', rows), old.lastColumn, part.lastColumn),
      partialBefore: perRow(pool.f64('partialBefore', rows), old.partialBefore, part.partialBefore),
      joinKnown: perRow(pool.u8('joinKnown', rows), old.joinKnown, part.joinKnown),
    },
    null,
  );
  const { stays, stayFrom } = mergeStays(base, part.stays, rowOfPart, rows, pool);
  knownStayStarts(stays, stayFrom);
  return { pool, rows: timeline, stays, rowOfCode, stayFrom, apart: null };
}

/** `next` holding `previous` at its start: already so when the pool handed back the same memory, else copied. */
function keptIn<T extends View>(next: T, previous: T): T {
  if (next.buffer !== previous.buffer || next.byteOffset !== previous.byteOffset) next.set(previous);
  return next;
}

type View = Float64Array | Int32Array | Uint32Array | Int16Array | Uint8Array;

/**
 * The kept stays with the touched rows' replaced by the part's (both in row order), in the kept buffers:
 * each run of untouched rows moves by what the touched rows before it gained or lost, those moving left
 * first (front to back), then those moving right (back to front), so that no run is written over before
 * it moved; then the part's stays fill the gaps.
 */
function mergeStays(base: Kept, part: Stays, rowOfPart: Int32Array, rows: number, pool: BufferPool) {
  // keptBefore extends only a timeline whose stays are built.
  const old = base.stays as Stays;
  const oldRows = base.rows.itemIds.length;
  const oldFrom = base.stayFrom;
  const partFrom = stayStarts(part, rowOfPart.length, bufferPool());
  const parts = rowOfPart.length;
  // Run k: the untouched rows before part k (k = parts: after the last), their old stays and shift.
  const runLo = new Int32Array(parts + 1);
  const runHi = new Int32Array(parts + 1);
  const runShift = new Int32Array(parts + 1);
  const partAt = new Int32Array(parts);
  let shift = 0;
  let oldAt = 0;
  for (let p = 0; p < parts; p++) {
    const row = rowOfPart[p] as number;
    const lo = oldFrom[Math.min(row, oldRows)] as number;
    const hi = row < oldRows ? (oldFrom[row + 1] as number) : lo;
    runLo[p] = oldAt;
    runHi[p] = lo;
    runShift[p] = shift;
    partAt[p] = lo + shift;
    shift += (partFrom[p + 1] as number) - (partFrom[p] as number) - (hi - lo);
    oldAt = hi;
  }
  runLo[parts] = oldAt;
  runHi[parts] = oldFrom[oldRows] as number;
  runShift[parts] = shift;
  const count = old.count + shift;
  const room = Math.max(count, old.count);
  const item = keptIn(pool.u32('stays.item', room), old.item.subarray(0, old.count));
  const column = keptIn(pool.i16('stays.column', room), old.column.subarray(0, old.count));
  const start = keptIn(pool.f64('stays.start', room), old.start.subarray(0, old.count));
  const end = keptIn(pool.f64('stays.end', room), old.end.subarray(0, old.count));
  const move = (k: number) => {
    const to = (runLo[k] as number) + (runShift[k] as number);
    for (const a of [item, column, start, end]) a.copyWithin(to, runLo[k] as number, runHi[k] as number);
  };
  for (let k = 0; k <= parts; k++) if ((runShift[k] as number) < 0) move(k);
  for (let k = parts; k >= 0; k--) if ((runShift[k] as number) > 0) move(k);
  for (let p = 0; p < parts; p++) {
    const lo = partFrom[p] as number;
    const hi = partFrom[p + 1] as number;
    const at = partAt[p] as number;
    item.fill(rowOfPart[p] as number, at, at + hi - lo);
    column.set(part.column.subarray(lo, hi), at);
    start.set(part.start.subarray(lo, hi), at);
    end.set(part.end.subarray(lo, hi), at);
  }
  const stayFrom = keptIn(pool.i32('stayFrom', rows + 1), oldFrom.subarray(0, oldRows + 1));
  let row = 0;
  for (let p = 0; p <= parts; p++) {
    // The run's rows end where part p's row starts (past the old rows: where they end).
    const until = p < parts ? Math.min(rowOfPart[p] as number, oldRows) : oldRows;
    const by = runShift[p] as number;
    if (by !== 0) for (let r = row; r < until; r++) stayFrom[r + 1] = (stayFrom[r + 1] as number) + by;
    if (p === parts) break;
    const target = rowOfPart[p] as number;
    stayFrom[target + 1] = (partAt[p] as number) + (partFrom[p + 1] as number) - (partFrom[p] as number);
    row = target + 1;
  }
  const stays: Stays = {
    count,
    item: item.subarray(0, count),
    column: column.subarray(0, count),
    start: start.subarray(0, count),
    end: end.subarray(0, count),
  };
  return { stays, stayFrom };
}
