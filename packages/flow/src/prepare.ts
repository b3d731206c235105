import type { ResolvedBoard } from './columns.ts';
import { columnCode, groupRows } from './rows.ts';
import { scratch } from './scratch.ts';
import type { Transition } from './types.ts';

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
  board: ResolvedBoard;
  source: readonly Transition[];
};

/** Column code of a row's origin; looked up only when needed (ties), which is rare. */
function fromCode(p: PreparedTransitions, row: number): number {
  return columnCode(p.board, (p.source[row] as Transition).from);
}

/** Total order of two rows of one item: time, then target, then origin, then raw names. */
function compareRows(p: PreparedTransitions, a: number, b: number): number {
  const byTime = (p.at[a] as number) - (p.at[b] as number);
  if (byTime !== 0) return byTime;
  const byTo = (p.to[a] as number) - (p.to[b] as number);
  if (byTo !== 0) return byTo;
  const ra = p.source[a] as Transition;
  const rb = p.source[b] as Transition;
  if (ra.from !== rb.from) {
    const byFrom = fromCode(p, a) - fromCode(p, b);
    if (byFrom !== 0) return byFrom;
  }
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
    if ((p.at[row] as number) > (p.at[order[i - 1] as number] as number)) continue;
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
    const previous = order[write - 1] as number;
    if (p.at[row] !== p.at[previous] || compareRows(p, previous, row) !== 0) order[write++] = row;
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
  const head = rows.find((row) => !rows.some((other) => other !== row && p.to[other] === fromCode(p, row)));
  return head === undefined ? null : fromCode(p, head);
}

function reorderRun(p: PreparedTransitions, lo: number, hi: number, previous: number | null): void {
  const remaining = Array.from(p.order.subarray(lo, hi));
  let current = previous ?? chainHead(p, remaining);
  for (let k = lo; k < hi; k++) {
    let pick = remaining.findIndex((row) => fromCode(p, row) === current);
    if (pick < 0) pick = 0;
    const row = remaining.splice(pick, 1)[0] as number;
    p.order[k] = row;
    current = p.to[row] as number;
  }
}

/** True when a group's times strictly increase: already sorted, no duplicates, no ties (the usual case). */
function strictlyIncreasing(at: Float64Array, order: Uint32Array, lo: number, hi: number): boolean {
  for (let i = lo + 1; i < hi; i++) {
    if (!((at[order[i] as number] as number) > (at[order[i - 1] as number] as number))) return false;
  }
  return true;
}

/** Groups, sorts and de-duplicates the transitions once; O(n) plus small per-item sorts. */
export function prepareTransitions(
  board: ResolvedBoard,
  transitions: readonly Transition[],
): PreparedTransitions {
  const { itemIds, start, order, at, to } = groupRows(board, transitions);
  const items = itemIds.length;
  const kept = scratch.u32('kept', items);
  const prepared: PreparedTransitions = { itemIds, start, order, kept, at, to, board, source: transitions };
  for (let item = 0; item < items; item++) {
    const lo = start[item] as number;
    const hi = start[item + 1] as number;
    if (strictlyIncreasing(at, order, lo, hi)) {
      kept[item] = hi - lo;
      continue;
    }
    sortGroup(prepared, lo, hi);
    const count = dedupeGroup(prepared, lo, hi);
    kept[item] = count;
    chainTies(prepared, lo, lo + count);
  }
  return prepared;
}
