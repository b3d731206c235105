import type { ResolvedBoard } from '../input/columns.ts';
import { columnCode, groupRows } from './group-by-item.ts';
import { scratch } from './scratch.ts';
import { rowNames, type Transitions } from '../input/transitions.ts';
import { type Ends, type Link, orderInstant } from './same-instant.ts';

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

/**
 * The rows kept at one instant (sorted positions lo … hi-1), in chain order: identical rows become one
 * link with copies (see `orderInstant`); `start`/`ends` are the rows before and after the instant.
 */
function chainInstant(p: PreparedTransitions, lo: number, hi: number, want: Ends): number[] {
  const links: Link[] = [];
  const positions: number[][] = [];
  for (let q = lo; q < hi; q++) {
    if (q > lo && compare(p, q - 1, q) === 0) (positions.at(-1) as number[]).push(q);
    else {
      links.push(rowAt(p, q));
      positions.push([q]);
    }
  }
  const copies = positions.map((list) => list.length);
  const taken = positions.map(() => 0);
  return orderInstant(links, copies, want).map((i) => {
    taken[i] = (taken[i] as number) + 1;
    return (positions[i] as number[])[(taken[i] as number) - 1] as number;
  });
}

/** End of the run of rows at the time of row `lo`. */
function instantEnd(p: PreparedTransitions, lo: number, hi: number): number {
  let end = lo + 1;
  while (end < hi && p.at[end] === p.at[lo]) end++;
  return end;
}

/** The row kept last before an instant (if any) and the rows of the next instant (if any). */
function around(p: PreparedTransitions, lo: number, write: number, next: number, hi: number): Ends {
  const nextEnd = next < hi ? instantEnd(p, next, hi) : next;
  return {
    start: write > lo ? rowAt(p, write - 1).to : undefined,
    ends: next < hi ? new Set(range(next, nextEnd).map((q) => rowAt(p, q).from)) : undefined,
  };
}

/** Sorts a group that is not strictly ordered, orders each instant as a chain, drops duplicates. */
function repairGroup(p: PreparedTransitions, lo: number, hi: number): number {
  permute(
    p,
    lo,
    range(lo, hi).sort((a, b) => compare(p, a, b)),
  );
  let write = lo;
  for (let i = lo; i < hi; ) {
    const j = instantEnd(p, i, hi);
    const kept = j - i === 1 ? [i] : chainInstant(p, i, j, around(p, lo, write, j, hi));
    permute(p, write, kept);
    write += kept.length;
    i = j;
  }
  return write - lo;
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
