import type { BoardTimeline, Stays } from './timeline.ts';

/**
 * Where each item's stays begin (item i's are positions from[i] … from[i + 1] - 1; stays are written in
 * item order), kept per stays object: a kept timeline's never change (each build into scratch buffers
 * makes a new one), so a version's reports count a million stays once, not once each. A kept timeline
 * hands over the starts its walk already made (`knownStayStarts`), and then nobody counts them.
 */
export function stayStarts(t: BoardTimeline): Int32Array {
  const s = t.stays;
  const known = stayStartsOf.get(s);
  if (known && known.length === t.itemIds.length + 1) return known;
  const from = new Int32Array(t.itemIds.length + 1);
  for (let i = 0; i < s.count; i++)
    from[(s.item[i] as number) + 1] = (from[(s.item[i] as number) + 1] as number) + 1;
  for (let item = 0; item < t.itemIds.length; item++)
    from[item + 1] = (from[item + 1] as number) + (from[item] as number);
  stayStartsOf.set(s, from);
  return from;
}

/** Records the starts of `stays` (made by the walk that wrote them, in row order). */
export function knownStayStarts(stays: Stays, from: Int32Array): void {
  stayStartsOf.set(stays, from);
}

const stayStartsOf = new WeakMap<Stays, Int32Array>();
