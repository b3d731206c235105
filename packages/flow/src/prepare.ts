import type { ResolvedBoard } from './columns.ts';
import type { Transition } from './types.ts';

/** Column code of a transition target that is not on the board (renamed or removed column). */
export const UNKNOWN = -1;
/** Column code of `to: null`: the item left the board or lost its status. */
export const OFF_BOARD = -2;

/** Transitions grouped by item, each group sorted by time, identical rows removed. */
export type PreparedTransitions = {
  itemIds: string[];
  /** Group of item i: rows order[start[i]] .. order[start[i+1]-1]. */
  start: Uint32Array;
  order: Uint32Array;
  /** Number of kept rows per group (duplicates dropped at the group's end). */
  kept: Uint32Array;
  at: Float64Array;
  to: Int16Array;
  from: Int16Array;
  source: readonly Transition[];
};

function columnCode(board: ResolvedBoard, name: string | null): number {
  if (name === null) return OFF_BOARD;
  return board.index.get(name) ?? UNKNOWN;
}

/** Item index per row, with a fast path for rows already grouped by item (the usual SQL order). */
function indexItems(transitions: readonly Transition[]): { itemOf: Uint32Array; itemIds: string[] } {
  const itemOf = new Uint32Array(transitions.length);
  const ids = new Map<string, number>();
  const itemIds: string[] = [];
  let lastId: string | undefined;
  let lastIndex = 0;
  for (let i = 0; i < transitions.length; i++) {
    const id = (transitions[i] as Transition).itemId;
    if (id !== lastId) {
      let found = ids.get(id);
      if (found === undefined) {
        found = itemIds.length;
        ids.set(id, found);
        itemIds.push(id);
      }
      lastId = id;
      lastIndex = found;
    }
    itemOf[i] = lastIndex;
  }
  return { itemOf, itemIds };
}

/** Total order of two rows of one item: time, then target, then origin, then raw names. */
function compareRows(p: PreparedTransitions, a: number, b: number): number {
  const byTime = (p.at[a] as number) - (p.at[b] as number);
  if (byTime !== 0) return byTime;
  const byTo = (p.to[a] as number) - (p.to[b] as number);
  if (byTo !== 0) return byTo;
  const byFrom = (p.from[a] as number) - (p.from[b] as number);
  if (byFrom !== 0) return byFrom;
  const ra = p.source[a] as Transition;
  const rb = p.source[b] as Transition;
  return compareNames(ra.to, rb.to) || compareNames(ra.from, rb.from);
}

function compareNames(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

/** Insertion sort of one item's rows: linear when already sorted, and groups are small. */
function sortGroup(p: PreparedTransitions, lo: number, hi: number): void {
  const order = p.order;
  for (let i = lo + 1; i < hi; i++) {
    const row = order[i] as number;
    let j = i - 1;
    while (j >= lo && compareRows(p, order[j] as number, row) > 0) {
      order[j + 1] = order[j] as number;
      j--;
    }
    order[j + 1] = row;
  }
}

/** Drops rows identical to their predecessor (same time, origin and target); returns the kept count. */
function dedupeGroup(p: PreparedTransitions, lo: number, hi: number): number {
  const order = p.order;
  let write = lo + 1;
  for (let read = lo + 1; read < hi; read++) {
    const row = order[read] as number;
    if (compareRows(p, order[write - 1] as number, row) !== 0) order[write++] = row;
  }
  return hi > lo ? write - lo : 0;
}

/**
 * Rows of one item with the same time are ordered as a chain: next is the row leaving the column the
 * previous row entered (A→B, B→C), falling back to the sorted order. Deterministic for any input order.
 */
function chainTies(p: PreparedTransitions, lo: number, hi: number): void {
  const order = p.order;
  let i = lo;
  while (i < hi) {
    let j = i + 1;
    while (j < hi && p.at[order[j] as number] === p.at[order[i] as number]) j++;
    if (j - i > 1) reorderRun(p, i, j, i > lo ? (p.to[order[i - 1] as number] as number) : null);
    i = j;
  }
}

/** Origin of the run's first link: a row whose origin no other row of the run enters. */
function chainHead(p: PreparedTransitions, rows: number[]): number | null {
  const head = rows.find((row) => !rows.some((other) => other !== row && p.to[other] === p.from[row]));
  return head === undefined ? null : (p.from[head] as number);
}

function reorderRun(p: PreparedTransitions, lo: number, hi: number, previous: number | null): void {
  const remaining = Array.from(p.order.subarray(lo, hi));
  let current = previous ?? chainHead(p, remaining);
  for (let k = lo; k < hi; k++) {
    let pick = remaining.findIndex((row) => p.from[row] === current);
    if (pick < 0) pick = 0;
    const row = remaining.splice(pick, 1)[0] as number;
    p.order[k] = row;
    current = p.to[row] as number;
  }
}

/** Groups, sorts and de-duplicates the transitions once; O(n) plus small per-item sorts. */
export function prepareTransitions(
  board: ResolvedBoard,
  transitions: readonly Transition[],
): PreparedTransitions {
  const n = transitions.length;
  const { itemOf, itemIds } = indexItems(transitions);
  const at = new Float64Array(n);
  const to = new Int16Array(n);
  const from = new Int16Array(n);
  const counts = new Uint32Array(itemIds.length + 1);
  for (let i = 0; i < n; i++) {
    const t = transitions[i] as Transition;
    at[i] = t.at;
    to[i] = columnCode(board, t.to);
    from[i] = columnCode(board, t.from);
    const slot = (itemOf[i] as number) + 1;
    if (Number.isFinite(t.at)) counts[slot] = (counts[slot] as number) + 1;
  }
  const start = new Uint32Array(itemIds.length + 1);
  for (let i = 1; i <= itemIds.length; i++) start[i] = (start[i - 1] as number) + (counts[i] as number);
  const cursor = start.slice(0, itemIds.length);
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(at[i])) continue;
    const item = itemOf[i] as number;
    const position = cursor[item] as number;
    order[position] = i;
    cursor[item] = position + 1;
  }
  const prepared = {
    itemIds,
    start,
    order,
    kept: new Uint32Array(itemIds.length),
    at,
    to,
    from,
    source: transitions,
  };
  for (let item = 0; item < itemIds.length; item++) {
    const lo = start[item] as number;
    const hi = start[item + 1] as number;
    sortGroup(prepared, lo, hi);
    const kept = dedupeGroup(prepared, lo, hi);
    prepared.kept[item] = kept;
    chainTies(prepared, lo, lo + kept);
  }
  return prepared;
}
