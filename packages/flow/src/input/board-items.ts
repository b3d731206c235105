import type { BoardItem, BoardItems, ContentlessItems } from '../types.ts';

export const isContentless = (items: BoardItems): items is ContentlessItems => !Array.isArray(items);

/** The item at a position, either way. */
export const itemAt = (items: BoardItems, position: number): BoardItem =>
  isContentless(items) ? items.at(position) : (items[position] as BoardItem);

/** Every item's object (made once for columns). */
export const everyItem = (items: BoardItems): readonly BoardItem[] =>
  isContentless(items) ? items.all() : items;
