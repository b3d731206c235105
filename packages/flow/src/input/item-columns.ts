import type { BoardItem } from '../types.ts';

/**
 * Each item's column's position in `columns` (-1: none, or a column not among them), kept per items array
 * and column list (the same objects across the analyses of a loaded board's version): a string lookup per
 * item once, then the Flow report's parts (cumulative flow, aging, WIP limits) compare numbers.
 */
export function itemColumnPositions(items: readonly BoardItem[], columns: readonly string[]): Int16Array {
  const key = columns.join('\u0000');
  let kept = positions.get(items);
  if (kept?.key !== key || kept.positions.length !== items.length) {
    const of = new Int16Array(items.length);
    for (let i = 0; i < items.length; i++) {
      const column = (items[i] as BoardItem).column;
      of[i] = column === null ? -1 : columns.indexOf(column);
    }
    kept = { key, positions: of };
    positions.set(items, kept);
  }
  return kept.positions;
}

const positions = new WeakMap<readonly BoardItem[], { key: string; positions: Int16Array }>();
