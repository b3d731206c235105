import type { ResolvedBoard } from '../input/columns.ts';
import { columnCode, groupRows } from './group-by-item.ts';
import { scratch } from './scratch.ts';
import { rowNames, type Transitions } from '../input/transitions.ts';

/**
 * Transitions grouped by item, each group sorted by time, identical rows removed. Arrays are indexed by
 * position: the group of item i is positions start[i] .. start[i] + kept[i] - 1, so every later pass
 * reads memory in order. `order[position]` is the row's index in `source` (for names, rarely needed).
 */
export type PreparedTransitions = {
  itemIds: string[];
  start: Uint32Array;
  kept: Uint32Array;
  order: Uint32Array;
  at: Float64Array;
  to: Int16Array;
  board: ResolvedBoard;
  source: Transitions;
};

const rowAt = (p: PreparedTransitions, position: number) => rowNames(p.source, p.order[position] as number);

/** Column code of a row's origin; looked up only for ties and duplicates, which are rare. */
function fromCode(p: PreparedTransitions, position: number): number {
  return columnCode(p.board, rowAt(p, position).from);
}

function compareNames(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

/** Total order of two rows of one item: time, then target, then origin, then raw names. */
function compare(p: PreparedTransitions, a: number, b: number): number {
  const byTime = (p.at[a] as number) - (p.at[b] as number);
  if (byTime !== 0) return byTime;
  const byTo = (p.to[a] as number) - (p.to[b] as number);
  if (byTo !== 0) return byTo;
  const ra = rowAt(p, a);
  const rb = rowAt(p, b);
  if (ra.from !== rb.from) {
    const byFrom = fromCode(p, a) - fromCode(p, b);
    if (byFrom !== 0) return byFrom;
  }
  return compareNames(ra.to, rb.to) || compareNames(ra.from, rb.from);
}

/** Writes the rows at `positions` (in that order) to lo, lo + 1, … */
function permute(p: PreparedTransitions, lo: number, positions: number[]): void {
  const at = positions.map((q) => p.at[q] as number);
  const to = positions.map((q) => p.to[q] as number);
  const order = positions.map((q) => p.order[q] as number);
  positions.forEach((_, i) => {
    p.at[lo + i] = at[i] as number;
    p.to[lo + i] = to[i] as number;
    p.order[lo + i] = order[i] as number;
  });
}

function range(lo: number, hi: number): number[] {
  return Array.from({ length: hi - lo }, (_, i) => lo + i);
}

/** True when a group's times strictly increase: sorted, no duplicates, no ties (the usual case). */
function strictlyIncreasing(at: Float64Array, lo: number, hi: number): boolean {
  for (let i = lo + 1; i < hi; i++) if (!((at[i] as number) > (at[i - 1] as number))) return false;
  return true;
}

/** Drops rows identical to their predecessor (same time, origin and target); returns the kept count. */
function dedupe(p: PreparedTransitions, lo: number, hi: number): number {
  let write = lo + 1;
  for (let read = lo + 1; read < hi; read++) {
    if (compare(p, write - 1, read) === 0) continue;
    permute(p, write++, [read]);
  }
  return write - lo;
}

/** Origin of a run's first link: a row whose origin no other row of the run enters. */
function chainHead(p: PreparedTransitions, run: number[]): number | null {
  const head = run.find((q) => !run.some((other) => other !== q && p.to[other] === fromCode(p, q)));
  return head === undefined ? null : fromCode(p, head);
}

/** Orders a run of same-time rows as a chain: A→B, then B→C…, falling back to the sorted order. */
function chainRun(p: PreparedTransitions, lo: number, hi: number, previous: number | null): void {
  const remaining = range(lo, hi);
  const chained: number[] = [];
  let current = previous ?? chainHead(p, remaining);
  while (remaining.length > 0) {
    const pick = Math.max(
      0,
      remaining.findIndex((q) => fromCode(p, q) === current),
    );
    const q = remaining.splice(pick, 1)[0] as number;
    chained.push(q);
    current = p.to[q] as number;
  }
  permute(p, lo, chained);
}

/** Sorts, de-duplicates and chains the ties of one group that is not already strictly ordered. */
function repairGroup(p: PreparedTransitions, lo: number, hi: number): number {
  permute(
    p,
    lo,
    range(lo, hi).sort((a, b) => compare(p, a, b)),
  );
  const end = lo + dedupe(p, lo, hi);
  for (let i = lo; i < end; ) {
    let j = i + 1;
    while (j < end && p.at[j] === p.at[i]) j++;
    if (j - i > 1) chainRun(p, i, j, i > lo ? (p.to[i - 1] as number) : null);
    i = j;
  }
  return end - lo;
}

/** Groups, sorts and de-duplicates the transitions once: O(n) plus small per-item sorts where needed. */
export function prepareTransitions(board: ResolvedBoard, transitions: Transitions): PreparedTransitions {
  const { itemIds, start, order, at, to } = groupRows(board, transitions);
  const kept = scratch.u32('kept', itemIds.length);
  const p: PreparedTransitions = { itemIds, start, kept, order, at, to, board, source: transitions };
  for (let item = 0; item < itemIds.length; item++) {
    const lo = start[item] as number;
    const hi = start[item + 1] as number;
    kept[item] = strictlyIncreasing(at, lo, hi) ? hi - lo : repairGroup(p, lo, hi);
  }
  return p;
}
