import type { BoardItem, BoardItems, ContentlessItems } from '../types.ts';

export const isContentless = (items: BoardItems): items is ContentlessItems => !Array.isArray(items);

/** The item at a position, either way. */
export const itemAt = (items: BoardItems, position: number): BoardItem =>
  isContentless(items) ? items.at(position) : (items[position] as BoardItem);

/** Every item's object (made once for columns). */
export const everyItem = (items: BoardItems): readonly BoardItem[] =>
  isContentless(items) ? items.all() : items;

/**
 * The items whose content (parent, labels, milestone, type…) can be read: none for columns, which a viewer
 * who may read no item's content is handed (no parent named, no name to suggest), with no object made.
 */
export const readableItems = (items: BoardItems): readonly BoardItem[] => (isContentless(items) ? [] : items);

/** The items now in `column`, in the board's order (for columns, the only objects made). */
export function itemsInColumn(items: BoardItems, column: string): BoardItem[] {
  if (!isContentless(items)) return items.filter((item) => item.column === column);
  const found: BoardItem[] = [];
  for (let i = 0; i < items.length; i++) if (items.columns[i] === column) found.push(items.at(i));
  return found;
}

/** Each item's column and entry into it (null: unknown), read without making an object for columns. */
export function forEachColumnEntry(
  items: BoardItems,
  visit: (column: string | null, enteredAt: number | null) => void,
): void {
  if (!isContentless(items)) {
    for (const item of items) visit(item.column, item.enteredColumnAt);
    return;
  }
  for (let i = 0; i < items.length; i++) {
    const entered = items.entered[i] as number;
    visit(items.columns[i] ?? null, Number.isNaN(entered) ? null : entered);
  }
}
