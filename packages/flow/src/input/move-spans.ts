import type { BoardItem, Transition } from '../types.ts';
import { isTransitionColumns, type TransitionColumns, type Transitions } from './transitions.ts';

/**
 * First and last move of each item (what the date range reads): `first[code]`/`last[code]` for the code
 * `codes` gives an item id (±Infinity for a code without moves).
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
  return { codes: idCodes(transitions.itemIds), first, last };
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

/**
 * Id → code of a columns' item dictionary. A builder shares one list with all its snapshots and only
 * appends to it, so the map is kept per list and grown with it: a new snapshot costs no lookups.
 */
const dictionaries = new WeakMap<readonly string[], { codes: Map<string, number>; next: number }>();

export function idCodes(itemIds: readonly string[]): ReadonlyMap<string, number> {
  let known = dictionaries.get(itemIds);
  if (!known) {
    known = { codes: new Map(), next: 0 };
    dictionaries.set(itemIds, known);
  }
  for (; known.next < itemIds.length; known.next++)
    known.codes.set(itemIds[known.next] as string, known.next);
  return known.codes;
}

/**
 * The dictionary code of each item of a list, by position (-1: not in the dictionary). A board version's
 * items are filtered request after request: they are looked up once per list, and again only where the
 * dictionary has grown since.
 */
const positionCodes = new WeakMap<readonly BoardItem[], WeakMap<readonly string[], ItemCodes>>();
type ItemCodes = { codes: Int32Array; known: number };

export function itemCodes(items: readonly BoardItem[], itemIds: readonly string[]): Int32Array {
  let byDictionary = positionCodes.get(items);
  if (!byDictionary) {
    byDictionary = new WeakMap();
    positionCodes.set(items, byDictionary);
  }
  let found = byDictionary.get(itemIds);
  // Lists handed to the engine are not changed afterwards; a different length is a list someone grew.
  if (!found || found.codes.length !== items.length) {
    found = { codes: new Int32Array(items.length).fill(-1), known: 0 };
    byDictionary.set(itemIds, found);
  }
  if (found.known !== itemIds.length) {
    const codes = idCodes(itemIds);
    items.forEach((item, index) => {
      if (found.codes[index] === -1) found.codes[index] = codes.get(item.id) ?? -1;
    });
    found.known = itemIds.length;
  }
  return found.codes;
}

/** The spans of a list of items by position (NaN: no moves), so deciding an item reads no map. */
export type ItemSpans = { first: Float64Array; last: Float64Array };

export function itemSpans(
  items: readonly BoardItem[],
  transitions: Transitions,
  spans: MoveSpans,
): ItemSpans {
  const result = {
    first: new Float64Array(items.length).fill(Number.NaN),
    last: new Float64Array(items.length),
  };
  const write = (index: number, code: number | undefined) => {
    const first = code === undefined ? Number.NaN : (spans.first[code] as number);
    if (!Number.isFinite(first)) return;
    result.first[index] = first;
    result.last[index] = spans.last[code as number] as number;
  };
  if (isTransitionColumns(transitions)) {
    const codes = itemCodes(items, transitions.itemIds);
    for (let index = 0; index < items.length; index++) {
      const code = codes[index] as number;
      write(index, code < 0 ? undefined : code);
    }
  } else
    items.forEach((item, index) => {
      write(index, spans.codes.get(item.id));
    });
  return result;
}
