import type { ResolvedBoard } from '../input/columns.ts';
import { scratch } from './scratch.ts';
import { isTransitionColumns, type TransitionColumns, type Transitions } from '../input/transitions.ts';
import type { Transition } from '../types.ts';

/** Column code of a transition target that is not on the board (renamed or removed column). */
export const UNKNOWN = -1;
/** Column code of `to: null`: the item left the board or lost its status. */
export const OFF_BOARD = -2;

export function columnCode(board: ResolvedBoard, name: string | null): number {
  if (name === null) return OFF_BOARD;
  const columns = board.columns;
  if (columns.length > 16) return board.index.get(name) ?? UNKNOWN;
  for (let c = 0; c < columns.length; c++) if (columns[c] === name) return board.index.get(name) ?? c;
  return UNKNOWN;
}

/**
 * Rows grouped by item, indexed by position: item i owns positions start[i] .. start[i+1]-1, and
 * order[position] is the row's index in the input.
 */
export type GroupedRows = {
  itemIds: string[];
  start: Uint32Array;
  order: Uint32Array;
  at: Float64Array;
  to: Int16Array;
};

/**
 * Fast path for rows ordered by item id (binary string order), as `ORDER BY item_id, at` returns them:
 * no hash map and no counting sort. Returns null as soon as the input is not in that order.
 */
function readOrderedRows(board: ResolvedBoard, transitions: readonly Transition[]): GroupedRows | null {
  const n = transitions.length;
  const at = scratch.f64('at', n);
  const to = scratch.i16('to', n);
  const order = scratch.u32('order', n);
  const starts: number[] = [];
  const itemIds: string[] = [];
  let lastId: string | undefined;
  for (let i = 0; i < n; i++) {
    const t = transitions[i] as Transition;
    const id = t.itemId;
    if (id !== lastId) {
      if (lastId !== undefined && !(id > lastId)) return null;
      itemIds.push(id);
      starts.push(i);
      lastId = id;
    }
    if (!Number.isFinite(t.at)) return null;
    at[i] = t.at;
    to[i] = columnCode(board, t.to);
    order[i] = i;
  }
  starts.push(n);
  return { itemIds, start: Uint32Array.from(starts), order, at, to };
}

/** General path: any row order; items numbered in order of first appearance, rows with a bad time dropped. */
function readAnyRows(board: ResolvedBoard, transitions: readonly Transition[]): GroupedRows {
  const n = transitions.length;
  const itemOf = scratch.u32('itemOf', n);
  const at = scratch.f64('at', n);
  const to = scratch.i16('to', n);
  const counts = scratch.u32('counts', n + 1).fill(0);
  const ids = new Map<string, number>();
  const itemIds: string[] = [];
  let lastId: string | undefined;
  let lastIndex = 0;
  for (let i = 0; i < n; i++) {
    const t = transitions[i] as Transition;
    if (t.itemId !== lastId) {
      lastId = t.itemId;
      lastIndex = ids.get(lastId) ?? itemIds.push(lastId) - 1;
      if (lastIndex === itemIds.length - 1) ids.set(lastId, lastIndex);
    }
    itemOf[i] = lastIndex;
    at[i] = t.at;
    to[i] = columnCode(board, t.to);
    if (Number.isFinite(t.at)) counts[lastIndex + 1] = (counts[lastIndex + 1] as number) + 1;
  }
  return { itemIds, ...countingSort(itemOf, counts, itemIds.length, at, to) };
}

/** Moves every row to its group's next position: afterwards all arrays are in group order. */
function countingSort(
  itemOf: Uint32Array,
  counts: Uint32Array,
  items: number,
  at: Float64Array,
  to: Int16Array,
) {
  const start = new Uint32Array(items + 1);
  for (let i = 1; i <= items; i++) start[i] = (start[i - 1] as number) + (counts[i] as number);
  const cursor = scratch.u32('cursor', items);
  cursor.set(start.subarray(0, items));
  const n = start[items] as number;
  const order = scratch.u32('order', n);
  const groupedAt = scratch.f64('groupedAt', n);
  const groupedTo = scratch.i16('groupedTo', n);
  for (let i = 0; i < itemOf.length; i++) {
    if (!Number.isFinite(at[i])) continue;
    const item = itemOf[i] as number;
    const position = cursor[item] as number;
    order[position] = i;
    groupedAt[position] = at[i] as number;
    groupedTo[position] = to[i] as number;
    cursor[item] = position + 1;
  }
  return { start, order, at: groupedAt, to: groupedTo };
}

/**
 * Columns: items numbered in order of first appearance (as for objects), names coded once per distinct
 * name instead of once per row, and no sort when each item's rows are already contiguous.
 */
function readColumns(board: ResolvedBoard, c: TransitionColumns): GroupedRows {
  const n = c.count;
  const codes = c.names.map((name) => columnCode(board, name));
  const groupOf = scratch.i32('groupOf', c.itemIds.length).fill(-1);
  const itemOf = scratch.u32('itemOf', n);
  const at = scratch.f64('at', n);
  const to = scratch.i16('to', n);
  const counts = scratch.u32('counts', n + 1).fill(0);
  const itemIds: string[] = [];
  let grouped = true;
  let lastGroup = -1;
  for (let i = 0; i < n; i++) {
    const code = c.item[i] as number;
    let group = groupOf[code] as number;
    if (group < 0) {
      group = itemIds.push(c.itemIds[code] as string) - 1;
      groupOf[code] = group;
    }
    if (group < lastGroup) grouped = false;
    lastGroup = group;
    itemOf[i] = group;
    const time = c.at[i] as number;
    at[i] = time;
    const target = c.to[i] as number;
    to[i] = target < 0 ? OFF_BOARD : (codes[target] as number);
    if (Number.isFinite(time)) counts[group + 1] = (counts[group + 1] as number) + 1;
    else grouped = false;
  }
  if (!grouped) return { itemIds, ...countingSort(itemOf, counts, itemIds.length, at, to) };
  const start = new Uint32Array(itemIds.length + 1);
  for (let g = 1; g <= itemIds.length; g++) start[g] = (start[g - 1] as number) + (counts[g] as number);
  const order = scratch.u32('order', n);
  for (let i = 0; i < n; i++) order[i] = i;
  return { itemIds, start, order, at, to };
}

/** Reads every input row exactly once (touching the input objects is the costly part) and groups by item. */
export function groupRows(board: ResolvedBoard, transitions: Transitions): GroupedRows {
  if (isTransitionColumns(transitions)) return readColumns(board, transitions);
  return readOrderedRows(board, transitions) ?? readAnyRows(board, transitions);
}
