import type { BoardItem, BoardItems } from '../types.ts';
import { isContentless } from './board-items.ts';

/** Each item's column's position, and how many items each column holds, for one items array and column list. */
type ItemColumns = { key: string; positions: Int16Array; counts: Int32Array };

/**
 * Each item's column's position in `columns` (-1: none, or a column not among them), kept per items array
 * and column list (the same objects across the analyses of a loaded board's version): a string lookup per
 * item once, then the Flow report's parts (cumulative flow, aging, WIP limits) compare numbers.
 */
export function itemColumnPositions(items: BoardItems, columns: readonly string[]): Int16Array {
  return itemColumns(items, columns).positions;
}

/** How many of `items` are in each of `columns` now (by position), counted with their positions. */
export function itemColumnCounts(items: BoardItems, columns: readonly string[]): Int32Array {
  return itemColumns(items, columns).counts;
}

function itemColumns(items: BoardItems, columns: readonly string[]): ItemColumns {
  const key = columns.join('\u0000');
  let kept = kepts.get(items);
  if (kept?.key !== key || kept.positions.length !== items.length) {
    const positions = new Int16Array(items.length);
    const counts = new Int32Array(columns.length);
    const columnOf = isContentless(items) ? items.columns : null;
    for (let i = 0; i < items.length; i++) {
      const column = columnOf
        ? (columnOf[i] as string | null)
        : ((items as readonly BoardItem[])[i] as BoardItem).column;
      const position = column === null ? -1 : columns.indexOf(column);
      positions[i] = position;
      if (position >= 0) counts[position] = (counts[position] as number) + 1;
    }
    kept = { key, positions, counts };
    kepts.set(items, kept);
  }
  return kept;
}

const kepts = new WeakMap<BoardItems, ItemColumns>();
