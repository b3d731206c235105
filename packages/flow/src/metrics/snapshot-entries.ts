import type { ItemTimeline } from '../timeline/item-timelines.ts';
import type { BoardItem, BoardItems } from '../types.ts';
import { itemAt } from '../input/board-items.ts';

export type ColumnEntries = Pick<ItemTimeline, 'entered' | 'itemId'>;

/**
 * Column entries of the items that sit in a board column with no recorded move into it: a board just
 * added (movements are recorded from then on) or an item seen before its first move. Each counts as
 * having entered its current column when the snapshot says (else `now`), with the columns before it
 * back-filled at the same time, as the skipped-column rule does, so the cumulative flow shows the work
 * that is on the board instead of an empty chart.
 */
export function snapshotEntries(
  items: readonly BoardItem[],
  timelines: ReadonlyMap<string, Pick<ItemTimeline, 'entered'>>,
  columns: readonly string[],
  now: number,
): ColumnEntries[] {
  return snapshotEntriesBy(items, (id, column) => timelines.get(id)?.entered[column], columns, now);
}

/** `snapshotEntries`, asking when an item's recorded moves entered a column (its timeline's entry). */
export function snapshotEntriesBy(
  items: readonly BoardItem[],
  /**
   * When the item's recorded moves entered the column (after the rules), null or undefined: never. `at`:
   * the item's position in `items`; `position`: the column's in `columns`.
   */
  reached: (itemId: string, column: string, at: number, position: number) => number | null | undefined,
  columns: readonly string[],
  now: number,
  /** Each item's column's position in `columns` (-1: none), when the caller knows them. */
  columnPositions?: Int16Array,
): ColumnEntries[] {
  const rows: ColumnEntries[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as BoardItem;
    const position = columnPositions
      ? (columnPositions[i] as number)
      : item.column === null
        ? -1
        : columns.indexOf(item.column);
    if (position < 0) continue;
    const recorded = reached(item.id, item.column as string, i, position);
    if (recorded !== null && recorded !== undefined) continue;
    rows.push(snapshotEntryOf(item, position, columns, now));
  }
  return rows;
}

/**
 * The snapshot entries of the items at `at` (positions in `items`), each in a board column (`positions`:
 * its column's position in `columns`) with no recorded move into it: for a caller that found them itself.
 */
export function snapshotEntriesAt(
  items: BoardItems,
  at: readonly number[],
  columns: readonly string[],
  now: number,
  positions: Int16Array,
): ColumnEntries[] {
  return at.map((i) => snapshotEntryOf(itemAt(items, i), positions[i] as number, columns, now));
}

function snapshotEntryOf(
  item: BoardItem,
  position: number,
  columns: readonly string[],
  now: number,
): ColumnEntries {
  const at =
    item.enteredColumnAt !== null && Number.isFinite(item.enteredColumnAt) ? item.enteredColumnAt : now;
  const entered: Record<string, number | null> = {};
  columns.forEach((name, c) => {
    entered[name] = c <= position ? Math.min(at, now) : null;
  });
  return { itemId: item.id, entered };
}
