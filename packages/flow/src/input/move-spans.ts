import type { BoardItem, Transition } from '../types.ts';
import { isTransitionColumns, type TransitionColumns, type Transitions } from './transitions.ts';

/**
 * First and last move of each item (what the date range reads): `first[code]`/`last[code]` for the code
 * `codes` gives an item id; an item without moves has no code.
 */
export type MoveSpans = { codes: ReadonlyMap<string, number>; first: Float64Array; last: Float64Array };

/**
 * A loaded board's columns never change (a builder's later rows go to new snapshots), so their spans are
 * computed once per snapshot: a date range then costs O(items) per request instead of O(moves).
 */
const columnSpans = new WeakMap<TransitionColumns, MoveSpans>();

export function moveSpans(transitions: Transitions): MoveSpans {
  if (!isTransitionColumns(transitions)) return spansOfObjects(transitions);
  let spans = columnSpans.get(transitions);
  if (!spans) {
    spans = spansOfColumns(transitions);
    columnSpans.set(transitions, spans);
  }
  return spans;
}

function spansOfColumns(transitions: TransitionColumns): MoveSpans {
  const first = new Float64Array(transitions.itemIds.length).fill(Number.POSITIVE_INFINITY);
  const last = new Float64Array(transitions.itemIds.length).fill(Number.NEGATIVE_INFINITY);
  for (let i = 0; i < transitions.count; i++) {
    const code = transitions.item[i] as number;
    const at = transitions.at[i] as number;
    if (at < (first[code] as number)) first[code] = at;
    if (at > (last[code] as number)) last[code] = at;
  }
  const codes = new Map<string, number>();
  transitions.itemIds.forEach((id, code) => {
    if (Number.isFinite(first[code])) codes.set(id, code);
  });
  return { codes, first, last };
}

function spansOfObjects(transitions: readonly Transition[]): MoveSpans {
  const codes = new Map<string, number>();
  const first: number[] = [];
  const last: number[] = [];
  for (const t of transitions) {
    const code = codes.get(t.itemId);
    if (code === undefined) {
      codes.set(t.itemId, first.length);
      first.push(t.at);
      last.push(t.at);
    } else {
      if (t.at < (first[code] as number)) first[code] = t.at;
      if (t.at > (last[code] as number)) last[code] = t.at;
    }
  }
  return { codes, first: Float64Array.from(first), last: Float64Array.from(last) };
}

/** The spans of a list of items by position (NaN: no moves), so deciding an item reads no map. */
type ItemSpans = { first: Float64Array; last: Float64Array };

/** A board version's items and columns are reused by request after request: looked up once per pair. */
const itemSpansMemo = new WeakMap<readonly BoardItem[], WeakMap<TransitionColumns, ItemSpans>>();

export function itemSpans(
  items: readonly BoardItem[],
  transitions: Transitions,
  spans: () => MoveSpans = () => moveSpans(transitions),
): ItemSpans {
  if (!isTransitionColumns(transitions)) return lookUpSpans(items, spans());
  let byColumns = itemSpansMemo.get(items);
  if (!byColumns) {
    byColumns = new WeakMap();
    itemSpansMemo.set(items, byColumns);
  }
  let found = byColumns.get(transitions);
  // Lists handed to the engine are not changed afterwards; a different length is a list someone grew.
  if (!found || found.first.length !== items.length) {
    found = lookUpSpans(items, spans());
    byColumns.set(transitions, found);
  }
  return found;
}

function lookUpSpans(items: readonly BoardItem[], { codes, first, last }: MoveSpans): ItemSpans {
  const spans = {
    first: new Float64Array(items.length).fill(Number.NaN),
    last: new Float64Array(items.length),
  };
  items.forEach((item, index) => {
    const code = codes.get(item.id);
    if (code === undefined) return;
    spans.first[index] = first[code] as number;
    spans.last[index] = last[code] as number;
  });
  return spans;
}
