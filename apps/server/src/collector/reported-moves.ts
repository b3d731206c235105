import type { ItemState } from './diff.ts';
import type { Move, StoredItem } from './observation.ts';

/** What reported moves (webhooks) do to the stored items, in arrival order. */
export type ReportedDiff = {
  /** Each move with its `from` filled in from the item's column, or null: nothing to record. */
  candidates: (Move | null)[];
  /** Candidates older than their item's current column: recorded, but the column stays. */
  late: Set<Move>;
  /** The items' new current columns (an item's last state wins). */
  states: ItemState[];
  /** Items not stored yet: their rows are made. */
  newItems: string[];
};

type Current = { column: string | null; enteredColumnAt: number | null };

/**
 * Reads moves as if recorded one after the other: each sees the column the moves before it left. A move
 * without `from` leaves the item's current column; a move dated before the item entered its current
 * column is late and leaves that column alone; a move off the board of an item not on it is nothing.
 */
export function diffReportedMoves(
  stored: ReadonlyMap<string, StoredItem>,
  moves: readonly Move[],
): ReportedDiff {
  const diff: ReportedDiff = { candidates: [], late: new Set(), states: [], newItems: [] };
  const current = new Map<string, Current>();
  for (const [itemId, item] of stored) {
    current.set(itemId, {
      column: item.removedAt === null ? item.column : null,
      enteredColumnAt: item.enteredColumnAt,
    });
  }
  for (const move of moves) {
    const item = current.get(move.itemId);
    const from = move.from ?? item?.column ?? null;
    if (move.to === null && from === null) {
      diff.candidates.push(null);
      continue;
    }
    const candidate = { ...move, from };
    diff.candidates.push(candidate);
    if (!item) diff.newItems.push(move.itemId);
    if (item && item.enteredColumnAt !== null && move.at < item.enteredColumnAt) {
      diff.late.add(candidate);
      continue;
    }
    const enteredColumnAt = move.to === null ? null : move.at;
    current.set(move.itemId, { column: move.to, enteredColumnAt });
    const removed = move.to === null;
    const archived = removed && move.archived === true ? { archived: true } : {};
    diff.states.push({ itemId: move.itemId, column: move.to, enteredColumnAt, removed, ...archived });
  }
  return diff;
}
